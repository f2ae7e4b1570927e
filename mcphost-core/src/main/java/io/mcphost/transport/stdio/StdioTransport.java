package io.mcphost.transport.stdio;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.internal.ChildEnvironment;
import io.mcphost.transport.stdio.internal.LineReader;
import io.mcphost.transport.stdio.internal.ProcessTree;
import io.mcphost.transport.stdio.internal.StderrDrain;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Talks to a local MCP server over its stdin and stdout: newline-delimited JSON-RPC.
 *
 * <p>The command is executed directly, never through a shell, with an environment built from an
 * allowlist ({@link Builder#env}, {@link Builder#envPassthrough}) rather than the host's own.
 * A line that is not a JSON-RPC message, or is longer than {@link Builder#maxMessageBytes}, is
 * logged and skipped: it does not end the connection. stderr is drained continuously to the
 * SLF4J logger {@code mcphost.server.<name>}, and its tail is quoted when the server dies.
 *
 * <p>Thread-safe: concurrent {@link #send} calls write whole lines, one after another.
 * {@link #close(Duration)} returns within its budget whatever the server does: stdin is closed,
 * then the whole process tree gets SIGTERM, then SIGKILL. Reader and drain threads are virtual,
 * so they never keep the JVM alive, and a shutdown hook kills the trees of transports still open
 * when the JVM exits.
 */
public final class StdioTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** How long a dying server's exit code and last stderr may take to arrive before we report. */
    private static final Duration DEATH_REPORT_WAIT = Duration.ofMillis(50);

    private final Builder settings;
    private final String name;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean reported = new AtomicBoolean();
    private volatile InboundHandler handler;
    private volatile Process process;
    private volatile ProcessTree tree;
    private volatile StderrDrain stderr;
    private volatile InputStream in;
    private volatile OutputStream out;

    private StdioTransport(Builder settings) {
        this.settings = settings;
        this.name = settings.name;
    }

    /** A builder for a transport that starts {@code command} with {@code args}. */
    public static Builder builder(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(Objects.requireNonNull(command, "command"));
        line.addAll(List.of(args));
        return new Builder(line);
    }

    /** A builder for a transport that starts the given command line (program first). */
    public static Builder builder(List<String> commandLine) {
        if (commandLine.isEmpty()) {
            throw new IllegalArgumentException("the command line is empty");
        }
        return new Builder(List.copyOf(commandLine));
    }

    /**
     * A transport over streams that already exist, for example a server's own
     * {@code System.in}/{@code System.out}. No process is started or stopped; closing closes
     * both streams. The end of input is reported as {@link InboundHandler#onClosed} with a cause.
     */
    public static StdioTransport overStreams(String name, InputStream in, OutputStream out) {
        Builder b = new Builder(List.of());
        b.name(name);
        StdioTransport t = new StdioTransport(b);
        t.in = in;
        t.out = out;
        return t;
    }

    @Override
    public void start(InboundHandler inbound) {
        Objects.requireNonNull(inbound, "inbound");
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("transport '" + name + "' was already started");
        }
        handler = inbound;
        if (in == null) {
            launch();
        }
        Thread.ofVirtual().name("mcphost-stdio-reader-" + name).start(this::readLoop);
    }

    private void launch() {
        ProcessBuilder pb = new ProcessBuilder(settings.command);
        settings.cwd.ifPresent(dir -> pb.directory(dir.toFile()));
        Map<String, String> env = pb.environment();
        Map<String, String> host = Map.copyOf(env);
        env.clear();
        env.putAll(ChildEnvironment.build(host, settings.envPassthrough, settings.env));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new McpTransportException(name, "cannot start '" + String.join(" ", settings.command) + "': "
                    + Optional.ofNullable(e.getMessage()).orElse(e.toString()), e);
        }
        process = p;
        tree = new ProcessTree(p.toHandle());
        stderr = new StderrDrain(name, settings.stderrBufferBytes);
        stderr.start(p.getErrorStream(), "mcphost-stdio-stderr-" + name);
        in = p.getInputStream();
        out = p.getOutputStream();
        OpenTransports.register(this);
    }

    private void readLoop() {
        LineReader reader = new LineReader(in, settings.maxMessageBytes);
        try {
            while (true) {
                LineReader.Result result = reader.next();
                switch (result) {
                    case LineReader.Line line -> deliver(line.text());
                    case LineReader.Oversized big -> LOG.warn("server '{}': skipped a message of {} bytes, over the {}-byte limit",
                            name, big.bytes(), settings.maxMessageBytes);
                    case LineReader.End end -> {
                        ended(null);
                        return;
                    }
                }
            }
        } catch (IOException e) {
            ended(e);
        }
    }

    private void deliver(String line) {
        if (line.isBlank()) {
            return;
        }
        List<JsonRpcMessage> messages;
        try {
            messages = CODEC.decode(line);
        } catch (McpProtocolException e) {
            LOG.warn("server '{}': skipped a line that is not a JSON-RPC message ({}): {}", name, e.getMessage(), preview(line));
            return;
        }
        for (JsonRpcMessage message : messages) {
            handler.onMessage(message);
        }
    }

    private static String preview(String line) {
        String cut = line.length() > 200 ? line.substring(0, 200) + "…" : line;
        StringBuilder escaped = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> {
            if (c < 0x20) {
                escaped.append(String.format("\\u%04x", c));
            } else {
                escaped.appendCodePoint(c);
            }
        });
        return escaped.toString();
    }

    /** stdout ended: a close we asked for, or the server died. Reports exactly once. */
    private void ended(IOException error) {
        if (closing.get()) {
            report(null);
            return;
        }
        Process p = process;
        String message = p == null ? "input ended" + (error == null ? "" : ": " + error.getMessage()) : deathReport(p);
        report(new McpTransportException(name, message, error));
        if (p != null) {
            Thread.ofVirtual().name("mcphost-stdio-reaper-" + name).start(() -> close(settings.closeBudget()));
        }
    }

    /** How the server ended: exit code (or that it still runs) and the end of its stderr. */
    private String deathReport(Process p) {
        StringBuilder message = new StringBuilder();
        try {
            if (p.waitFor(DEATH_REPORT_WAIT.toNanos(), TimeUnit.NANOSECONDS)) {
                message.append("server process exited with code ").append(p.exitValue());
            } else {
                message.append("server closed its stdout but is still running; stopping it");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            message.append("server stopped answering");
        }
        stderr.awaitEnd(DEATH_REPORT_WAIT);
        String tail = stderrTail().strip();
        if (!tail.isEmpty()) {
            message.append("; its stderr ended with:\n").append(lastLines(tail, 20));
        }
        return message.toString();
    }

    private static String lastLines(String text, int max) {
        String[] lines = text.split("\n");
        int from = Math.max(0, lines.length - max);
        return String.join("\n", java.util.Arrays.copyOfRange(lines, from, lines.length));
    }

    private void report(McpTransportException cause) {
        if (reported.compareAndSet(false, true)) {
            handler.onClosed(cause);
        }
    }

    @Override
    public void send(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        if (closing.get()) {
            throw new McpClosedException(name, "the transport is closed");
        }
        if (!started.get()) {
            throw new IllegalStateException("transport '" + name + "' is not started");
        }
        byte[] line = (CODEC.encode(message) + "\n").getBytes(StandardCharsets.UTF_8);
        writeLock.lock();
        try {
            out.write(line);
            out.flush();
        } catch (IOException e) {
            if (closing.get()) {
                throw new McpClosedException(name, "the transport is closed");
            }
            Process p = process;
            // A server that died before reading our message: say why it died, not just "broken pipe".
            String why = p != null ? e.getMessage() + "; " + deathReport(p) : e.getMessage();
            throw new McpTransportException(name, "cannot write to the server: " + why, e);
        } finally {
            writeLock.unlock();
        }
    }

    /** The last bytes the server wrote to stderr (empty for {@link #overStreams} transports). */
    public String stderrTail() {
        StderrDrain drain = stderr;
        return drain == null ? "" : drain.tail();
    }

    /** The server's process, once started. */
    public Optional<ProcessHandle> process() {
        Process p = process;
        return p == null ? Optional.empty() : Optional.of(p.toHandle());
    }

    @Override
    public void close(Duration budget) {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        try {
            closeStreamQuietly(out);
            Process p = process;
            if (p != null) {
                boolean clean = tree.terminate(settings.closeGracePeriod, settings.termGracePeriod, budget);
                if (!clean) {
                    LOG.warn("server '{}': processes still alive after the {} close budget: {}", name, budget, tree.alive());
                }
                OpenTransports.unregister(this);
            } else {
                closeStreamQuietly(in);
            }
        } finally {
            if (handler != null) {
                report(null);
            }
        }
    }

    @Override
    public void close() {
        close(settings.closeBudget());
    }

    /** For the shutdown hook: kill everything at once. */
    void killNow() {
        ProcessTree t = tree;
        if (t != null) {
            t.killNow();
        }
    }

    private static void closeStreamQuietly(java.io.Closeable stream) {
        if (stream == null) {
            return;
        }
        try {
            stream.close();
        } catch (IOException e) {
            // Closing a pipe to a dead process fails; the process is being ended anyway.
        }
    }

    @Override
    public String describe() {
        return settings.command.isEmpty() ? name : String.join(" ", settings.command);
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
            this.name = command.isEmpty() ? "stdio" : Path.of(command.getFirst()).getFileName().toString();
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
            this.maxMessageBytes = positive(bytes, "maxMessageBytes");
            return this;
        }

        /** How much of the server's stderr is kept for error messages (64 KiB unless set). */
        public Builder stderrBufferBytes(int bytes) {
            this.stderrBufferBytes = positive(bytes, "stderrBufferBytes");
            return this;
        }

        /** How long close waits for the server to exit after stdin closes (2 s unless set). */
        public Builder closeGracePeriod(Duration grace) {
            this.closeGracePeriod = positive(grace, "closeGracePeriod");
            return this;
        }

        /** How long close waits after SIGTERM before SIGKILL (2 s unless set). */
        public Builder termGracePeriod(Duration grace) {
            this.termGracePeriod = positive(grace, "termGracePeriod");
            return this;
        }

        public StdioTransport build() {
            return new StdioTransport(this);
        }

        /** Both graces plus a second for SIGKILL and reaping. */
        Duration closeBudget() {
            return closeGracePeriod.plus(termGracePeriod).plusSeconds(1);
        }

        private static int positive(int value, String setting) {
            if (value <= 0) {
                throw new IllegalArgumentException(setting + " must be positive, got " + value);
            }
            return value;
        }

        private static Duration positive(Duration value, String setting) {
            Objects.requireNonNull(value, setting);
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException(setting + " must be positive, got " + value);
            }
            return value;
        }
    }
}
