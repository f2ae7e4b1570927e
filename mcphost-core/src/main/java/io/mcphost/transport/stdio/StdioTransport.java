package io.mcphost.transport.stdio;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.internal.Settings;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.CallerLending;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.TransportKind;
import io.mcphost.transport.stdio.internal.ChildProcess;
import io.mcphost.transport.stdio.internal.ExitReport;
import io.mcphost.transport.stdio.internal.Outbox;
import io.mcphost.transport.stdio.internal.PipeThreads;
import io.mcphost.transport.stdio.internal.ProcessTree;
import io.mcphost.transport.stdio.internal.StdoutReading;
import io.mcphost.transport.stdio.Lifecycle.State;
import io.mcphost.transport.stdio.internal.StdioSettings;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Talks to a local MCP server over its stdin and stdout: newline-delimited JSON-RPC in UTF-8.
 *
 * <p>The command is executed directly, never through a shell, with an environment built from an
 * allowlist plus {@link Builder#env} and {@link Builder#envPassthrough}, never the host's own.
 * A line that is not a JSON-RPC message, or is longer than {@link Builder#maxMessageBytes}, is
 * logged and skipped: it does not end the connection. stderr is drained continuously to the
 * SLF4J logger {@code mcphost.server.<name>}, and its tail is quoted when the server dies.
 *
 * <p>When the server exits (or closes its stdout) without being asked to, the handler's
 * {@link InboundHandler#onClosed} receives, within about 100 ms, a {@link McpTransportException}
 * with the exit code and the end of its stderr, and the rest of the process tree is stopped.
 *
 * <p>Its settings are copied from the {@link Builder} at {@link Builder#build()}; changing the
 * builder afterwards changes nothing here. Thread-safe: concurrent {@link #send} calls write whole
 * lines, one after another. {@link #close(Duration)} returns within its budget whatever the server does: stdin is closed,
 * then the whole process tree gets SIGTERM, then SIGKILL. The stdout reader and the stderr drain
 * are daemon platform threads with small stacks (a pipe read would pin a virtual thread's carrier),
 * so they never keep the JVM alive and never hold up virtual threads; they end when the server's
 * pipes close. One shared shutdown hook kills the trees of transports still open when the JVM exits.
 * {@linkplain Transport#capability Capabilities}: {@link CallerLending} (a caller reads its answer), {@link TransportKind#STDIO}.
 */
public final class StdioTransport implements Transport, CallerLending {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /**
     * How long a dying server's exit code and last stderr may take to arrive before we report.
     * Pending calls fail when we report, and they must fail within about 100 ms of the death.
     */
    private static final Duration DEATH_REPORT_WAIT = Duration.ofMillis(70);
    /** After the process exits, how long the reader may take to reach the end of stdout by itself. */
    private static final Duration READER_END_WAIT = Duration.ofMillis(20);

    private final StdioSettings settings;
    private final String name;
    private final Outbox outbox = new Outbox(); // senders' lines, written in batches with one flush
    private volatile StdoutReading stdout; // on the reader thread or on a caller waiting alone for its answer
    private final Lifecycle state = new Lifecycle();
    private final InboundDelivery inbound; // lines to messages for the handler; onClosed exactly once
    private final java.util.function.BooleanSupplier closing = () -> state.get().isClosing();
    private final java.util.function.BooleanSupplier open = () -> state.get() == State.OPEN;
    private volatile ChildProcess child;
    private volatile InputStream in;
    private volatile OutputStream out;
    private volatile String endReason; // why the server ended on its own; later sends fail with it

    private StdioTransport(StdioSettings settings) {
        this.settings = settings;
        this.name = settings.name();
        this.inbound = new InboundDelivery(name, settings.maxMessageBytes(), state);
    }

    /** A builder for a transport that starts {@code command} with {@code args}, no shell involved. */
    public static Builder builder(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(Objects.requireNonNull(command, "command"));
        line.addAll(List.of(args));
        return new Builder(line);
    }

    /** A builder for a transport that starts the given command line (program first), no shell involved. */
    public static Builder builder(List<String> commandLine) {
        if (commandLine.isEmpty()) {
            throw new IllegalArgumentException("the command line is empty");
        }
        return new Builder(List.copyOf(commandLine));
    }

    /**
     * A transport over streams that already exist, for example a server's own {@code System.in}/{@code System.out}:
     * the same framing, no process. Closing closes both streams; the end of input is {@link InboundHandler#onClosed} with a cause.
     */
    public static StdioTransport overStreams(String name, InputStream in, OutputStream out) {
        StdioTransport t = new Builder(List.of()).name(name).build();
        t.in = Objects.requireNonNull(in, "in");
        t.out = Objects.requireNonNull(out, "out");
        return t;
    }

    /**
     * Launches the server (unless built {@link #overStreams over streams}) and starts reading.
     * Returns as soon as the process runs; it does not wait for the server to say anything.
     *
     * @throws McpTransportException naming the command and the operating system's reason when it cannot start
     * @throws McpClosedException if the transport was already closed
     * @throws IllegalStateException if called twice
     */
    @Override
    public void start(InboundHandler handler) {
        Objects.requireNonNull(handler, "inbound");
        if (state.get().isClosing()) {
            throw new McpClosedException(name, "the transport is closed");
        }
        if (!state.move(State.NEW, State.OPEN)) {
            throw new IllegalStateException("transport '" + name + "' was already started");
        }
        inbound.handler(handler);
        if (in == null) {
            ChildProcess c;
            try {
                c = ChildProcess.launch(settings);
            } catch (McpTransportException e) {
                state.move(State.OPEN, State.CLOSED);
                throw e;
            }
            child = c;
            in = c.stdout();
            out = c.stdin();
            OpenTransports.register(this);
        }
        stdout = new StdoutReading(name, in, settings.maxMessageBytes(), outbox, inbound::deliver, inbound::skippedOversized);
        PipeThreads.start("mcphost-stdio-reader-" + name, PipeThreads.READER_STACK_BYTES, this::readLoop);
        ChildProcess c = child;
        if (c != null) {
            c.onExit(this::processExited);
        }
    }

    private void readLoop() {
        try {
            stdout.readToEnd(closing);
            inputEnded(null);
        } catch (IOException e) {
            inputEnded(e);
        } catch (RuntimeException | Error e) {
            LOG.error("server '{}': the stdio reader failed", name, e);
            inputEnded(null);
        } finally {
            inbound.inputDone(); // what was only counted is logged, now that no more can come
        }
    }

    /**
     * Reads stdout on the calling thread while it waits alone for {@code answered}: it polls the pipe and reads
     * its answer itself instead of waiting for the reader thread to wake up and wake it. What arrives meanwhile
     * is delivered here, in order. Never blocks in a read; returns once {@code answered} is done, after the lead
     * budget (200 µs; {@code -Dmcphost.stdio.leadMicros}), or at once when others wait or another reads; no-op over plain streams.
     */
    @Override
    public void lend(java.util.concurrent.Future<?> answered, java.util.function.IntSupplier waiting) {
        if (child != null && !answered.isDone() && state.get() == State.OPEN) {
            stdout.lend(answered, waiting, open);
        }
    }

    /** stdout ended: a close we asked for, the end of our own input, or the server died. */
    private void inputEnded(IOException error) {
        if (state.get().isClosing()) {
            inbound.report(null);
        } else if (child == null) {
            inbound.report(new McpTransportException(name, "input ended" + (error == null ? "" : ": " + error.getMessage()), error));
        } else {
            serverEnded(error);
        }
    }

    private void processExited() {
        // Usually the reader sees the end of stdout at the same moment and reports itself, after
        // delivering the server's last messages; give it that chance.
        if (state.await(s -> s != State.OPEN, READER_END_WAIT)) {
            return;
        }
        serverEnded(null);
    }

    /** The server exited or closed its stdout without being asked: report once, then stop its tree. */
    private void serverEnded(IOException error) {
        if (!state.move(State.OPEN, State.ENDING)) {
            return; // already ending, or closing: whoever got there first reports
        }
        ExitReport ending = child.exitReport(DEATH_REPORT_WAIT);
        endReason = ending.message();
        inbound.report(new McpTransportException(name, ending.message(), error, ending.stderrTail()));
        Thread.ofVirtual().name("mcphost-stdio-reaper-" + name).start(() -> close(settings.closeBudget()));
    }

    /**
     * Writes one message as a line and flushes it. Blocks while the pipe is full (the server is
     * not reading) and while other senders write; never waits for an answer. Concurrent senders'
     * lines go out together, each whole, with one flush (see {@code Outbox}); this returns once
     * the line was handed to the pipe.
     *
     * @throws McpTransportException if the server ended (the message says how) or the write failed
     * @throws McpClosedException if the transport was closed
     * @throws IllegalStateException if the transport was not started
     */
    @Override
    public void send(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        checkOpen();
        if (state.get() == State.NEW) {
            throw new IllegalStateException("transport '" + name + "' is not started");
        }
        byte[] json = CODEC.encodeBytes(message);
        try {
            // Senders queued while the transport closed fail here, not on the pipe.
            outbox.send(json, this::checkOpen, out);
        } catch (IOException e) {
            checkOpen();
            ChildProcess c = child;
            // A server that died before reading our message: say why it died, not just "broken pipe".
            String why = c != null ? e.getMessage() + "; " + c.exitReport(DEATH_REPORT_WAIT).message() : e.getMessage();
            throw new McpTransportException(name, "cannot write to the server: " + why, e);
        }
    }

    private void checkOpen() {
        String reason = endReason;
        if (reason != null) {
            throw new McpTransportException(name, reason);
        }
        if (state.get().isClosing()) {
            throw new McpClosedException(name, "the transport is closed");
        }
    }

    /** The last bytes the server wrote to stderr, at most {@link Builder#stderrBufferBytes} (empty over streams). */
    public String stderrTail() {
        ChildProcess c = child;
        return c == null ? "" : c.stderrTail();
    }

    /** The server's process, once started. */
    public Optional<ProcessHandle> process() {
        ChildProcess c = child;
        return c == null ? Optional.empty() : Optional.of(c.handle());
    }

    /**
     * Closes stdin, waits up to {@link Builder#closeGracePeriod} for the server to exit, sends
     * SIGTERM to it and all its descendants, waits up to {@link Builder#termGracePeriod}, then
     * SIGKILLs whatever is left; the graces shrink to fit {@code budget}, and this returns within
     * it whatever the server does. Idempotent and thread-safe: a concurrent caller waits (within
     * its own budget) for the first. Calls {@code onClosed(null)} unless the server had already
     * ended and that was reported.
     */
    @Override
    public void close(Duration budget) {
        Objects.requireNonNull(budget, "budget");
        // The budget counts from here: looking at the process table before the first signal is part of it.
        long start = System.nanoTime();
        if (!state.claimClose()) {
            state.await(s -> s == State.CLOSED, budget);
            return;
        }
        StdoutReading reading = stdout;
        if (reading != null) {
            reading.wakeReader(); // if it stands aside for callers, it goes back to reading and meets the end
        }
        try {
            ChildProcess c = child;
            if (c != null) {
                Set<ProcessHandle> alive = c.stop(settings.closeGracePeriod(), settings.termGracePeriod(), start, budget);
                if (!alive.isEmpty()) {
                    LOG.warn("server '{}': processes still alive after the {} close budget: {}", name, budget, alive);
                }
                OpenTransports.unregister(this);
            } else {
                closeInBackground(out);
                closeInBackground(in);
            }
        } finally {
            inbound.report(null);
            state.finish();
        }
    }

    /** Closes with a budget of closeGracePeriod + termGracePeriod + 1 s (5 s by default). */
    @Override
    public void close() {
        close(settings.closeBudget());
    }

    /** The process tree, for tests in this package. */
    Optional<ProcessTree> tree() {
        ChildProcess c = child;
        return c == null ? Optional.empty() : Optional.of(c.tree());
    }

    /** The settings copied at build time, for tests in this package. */
    StdioSettings settings() {
        return settings;
    }

    /**
     * For the shutdown hook: kill everything at once. It is a close the JVM asks for, so the end it causes is
     * reported as a close ({@code onClosed(null)}), not as the server's death: a host closing gracefully in
     * another shutdown hook at the same moment must not take it for a failure (and say "reconnecting").
     */
    void killNow() {
        boolean claimed = state.claimClose();
        ChildProcess c = child;
        if (c != null) {
            c.killNow();
        }
        if (claimed) {
            inbound.report(null);
            state.finish();
        }
    }

    private void closeInBackground(Closeable stream) {
        if (stream != null) {
            ChildProcess.closeInBackground(stream, "mcphost-stdio-close-" + name);
        }
    }

    /**
     * The program, without its arguments: servers often take tokens as arguments, and this text
     * ends up in logger names and exception messages (a client's default server name).
     */
    @Override
    public String describe() {
        return settings.describe(); // one place decides what of a command line may be shown
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) { // CallerLending, which it implements, and its kind
        return type == TransportKind.class ? Optional.of(type.cast(TransportKind.STDIO)) : Transport.super.capability(type);
    }

    @Override
    public String toString() {
        return "StdioTransport[" + name + "]";
    }

    /**
     * Configures a {@link StdioTransport}. Not thread-safe. {@link #build()} does no I/O; the
     * process starts in {@link StdioTransport#start}.
     */
    public static final class Builder {
        private final List<String> command;
        private String name;
        private Optional<Path> cwd = Optional.empty();
        private Map<String, String> env = Map.of();
        private List<String> envPassthrough = List.of();
        private int maxMessageBytes = 16 * 1024 * 1024;
        private int stderrBufferBytes = 64 * 1024;
        private Duration closeGracePeriod = Duration.ofSeconds(2);
        private Duration termGracePeriod = Duration.ofSeconds(2);

        private Builder(List<String> command) {
            this.command = command;
            this.name = command.isEmpty() ? "stdio" : programName(command.getFirst());
        }

        /**
         * The program's file name, from the text alone: {@code Path.of} would throw on a NUL character and has
         * no file name for {@code /} (both reach here from a configuration file, found by fuzzing it).
         */
        private static String programName(String program) {
            int end = program.length();
            while (end > 0 && isSeparator(program.charAt(end - 1))) {
                end--;
            }
            int start = end;
            while (start > 0 && !isSeparator(program.charAt(start - 1))) {
                start--;
            }
            String last = program.substring(start, end);
            return last.isBlank() ? "stdio" : last;
        }

        private static boolean isSeparator(char c) {
            return c == '/' || c == java.io.File.separatorChar;
        }

        /** The server's name in logs and errors (default: the program's file name). */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The working directory of the server (default: this process's). */
        public Builder cwd(Path dir) {
            this.cwd = Optional.of(dir);
            return this;
        }

        /** Variables set in the server's environment, on top of the allowlist. */
        public Builder env(Map<String, String> env) {
            this.env = Map.copyOf(env);
            return this;
        }

        /** Names of host variables to forward to the server (for example {@code AWS_PROFILE}). */
        public Builder envPassthrough(List<String> names) {
            this.envPassthrough = List.copyOf(names);
            return this;
        }

        /** The longest message accepted from the server (16 MiB unless set); longer lines are skipped. */
        public Builder maxMessageBytes(int bytes) {
            this.maxMessageBytes = Settings.positive(bytes, "maxMessageBytes");
            return this;
        }

        /** How much of the server's stderr is kept for error messages (64 KiB unless set). */
        public Builder stderrBufferBytes(int bytes) {
            this.stderrBufferBytes = Settings.positive(bytes, "stderrBufferBytes");
            return this;
        }

        /** How long close waits for the server to exit after stdin closes (2 s unless set). */
        public Builder closeGracePeriod(Duration grace) {
            this.closeGracePeriod = Settings.positive(grace, "closeGracePeriod");
            return this;
        }

        /** How long close waits after SIGTERM before SIGKILL (2 s unless set). */
        public Builder termGracePeriod(Duration grace) {
            this.termGracePeriod = Settings.positive(grace, "termGracePeriod");
            return this;
        }

        /**
         * Builds the transport. Does no I/O. The settings are copied: changing this builder
         * afterwards does not change the transport, so one builder can make several variants.
         */
        public StdioTransport build() {
            return new StdioTransport(new StdioSettings(name, command, cwd, env, envPassthrough, maxMessageBytes,
                    stderrBufferBytes, closeGracePeriod, termGracePeriod));
        }
    }
}
