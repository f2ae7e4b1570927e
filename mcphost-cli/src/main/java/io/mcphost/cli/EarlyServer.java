package io.mcphost.cli;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Spawns the {@code --stdio} server of a one-shot command before anything else, so that it boots while
 * the JVM builds the command's model, the client and the JSON codec: a Node server needs 200–300 ms to
 * answer at all, which this takes out of the command's wall time instead of adding to it.
 *
 * <p>Only for a command line whose shape is plain: one {@code --stdio COMMAND}, no {@code --env},
 * {@code --env-pass}, {@code --config}, {@code --url}, {@code --server}, and a command that talks to one
 * server ({@code --close-grace} is read here too, as the transport holds it). The command line is still
 * parsed as always; when the server it names (command, name, environment, close grace) is the one spawned here, {@link OneServer} takes this transport ({@link #claim}), else it
 * starts its own and this one is closed at exit ({@link #discard}). Until claimed, what the server says
 * is kept and handed on in order when the client starts the transport. A server that cannot be started
 * here is left to the normal path, which reports it. Used by {@link Main#main} only (tests calling
 * {@code Main.run} never spawn early). Everything but {@link #start} goes to the {@link StdioTransport}
 * unchanged ({@link ForwardingTransport}). Thread-safe.
 */
final class EarlyServer extends ForwardingTransport {
    /** The commands that open one server through {@link OneServer} with --stdio. */
    private static final Set<String> ONE_SERVER = Set.of("call", "tools", "describe", "info", "resources", "read",
            "prompts", "prompt", "ping", "complete", "request");
    /** Options after which the plan is the normal path's alone. */
    private static final Set<String> NOT_PLAIN = Set.of("--env", "--env-pass", "--config", "--url", "--server",
            "-h", "--help", "help", "-V", "--version", "--task");

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static EarlyServer spawned;

    private final List<String> command;
    private final String name;
    private final Duration closeGrace;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<JsonRpcMessage> kept = new ArrayList<>();
    private InboundHandler handler;
    private McpTransportException closedBeforeStart;
    private boolean closed;

    private EarlyServer(List<String> command, String name, Duration closeGrace) {
        super(StdioTransport.builder(command).name(name).env(Map.of()).envPassthrough(List.of())
                .closeGracePeriod(closeGrace).build());
        this.command = command;
        this.name = name;
        this.closeGrace = closeGrace;
    }

    /** Spawns the server now when the command line is plain enough to be sure of it; else does nothing. */
    static void start(String[] args) {
        if (!Boolean.parseBoolean(System.getProperty("mcphost.early.spawn", "true"))) {
            return;
        }
        String stdio = null;
        String closeGrace = null;
        boolean oneServerCommand = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (NOT_PLAIN.contains(arg) || NOT_PLAIN.stream().anyMatch(o -> o.startsWith("--") && arg.startsWith(o + "="))) {
                return;
            }
            if (arg.equals("--stdio") || arg.startsWith("--stdio=")) {
                if (stdio != null) {
                    return; // twice: picocli decides what that means
                }
                if (arg.equals("--stdio")) {
                    if (i + 1 >= args.length) {
                        return;
                    }
                    stdio = args[++i];
                } else {
                    stdio = arg.substring("--stdio=".length());
                }
            } else if (arg.equals("--close-grace") || arg.startsWith("--close-grace=")) {
                if (closeGrace != null || arg.equals("--close-grace") && i + 1 >= args.length) {
                    return;
                }
                closeGrace = arg.equals("--close-grace") ? args[++i] : arg.substring("--close-grace=".length());
            } else if (ONE_SERVER.contains(arg)) {
                oneServerCommand = true;
            }
        }
        if (stdio == null || !oneServerCommand) {
            return;
        }
        List<String> command;
        try {
            command = ShellWords.split(stdio);
        } catch (IllegalArgumentException e) {
            return; // the normal path reports it as a usage error
        }
        if (command.isEmpty()) {
            return;
        }
        Duration grace;
        try {
            grace = closeGrace == null ? ClientTarget.CLOSE_GRACE : Durations.parse("--close-grace", closeGrace);
        } catch (IllegalArgumentException e) {
            return; // the normal path reports it as a usage error
        }
        EarlyServer server = new EarlyServer(command, nameOf(command), grace);
        try {
            server.delegate().start(server.new Keeper());
        } catch (RuntimeException e) {
            return; // cannot start: the normal path tries again and says why
        }
        LOCK.lock();
        try {
            spawned = server;
        } finally {
            LOCK.unlock();
        }
        StartupTrace.mark("server spawned early");
    }

    /** The name {@link OneServer} gives a --stdio server: its program's file name. */
    static String nameOf(List<String> command) {
        return Path.of(command.getFirst()).getFileName().toString();
    }

    /**
     * The server spawned early, if it is the one the parsed command line names (same command, name and
     * close grace, no environment added); it is handed out once.
     */
    static Optional<Transport> claim(List<String> command, String name, Map<String, String> env, List<String> envPass,
                                     Duration closeGrace) {
        LOCK.lock();
        try {
            EarlyServer server = spawned;
            if (server == null || !server.command.equals(command) || !server.name.equals(name) || !env.isEmpty() || !envPass.isEmpty()
                    || !server.closeGrace.equals(closeGrace)) {
                return Optional.empty();
            }
            spawned = null;
            return Optional.of(server);
        } finally {
            LOCK.unlock();
        }
    }

    /** Stops a server spawned early that the command did not take (a usage error, another server). */
    static void discard() {
        EarlyServer server;
        LOCK.lock();
        try {
            server = spawned;
            spawned = null;
        } finally {
            LOCK.unlock();
        }
        if (server != null) {
            server.close(Duration.ofMillis(200));
        }
    }

    /** Keeps what the server says until the client starts this transport, then passes it on. */
    private final class Keeper implements InboundHandler {
        @Override
        public void onMessage(JsonRpcMessage message) {
            InboundHandler to;
            lock.lock();
            try {
                if (handler == null) {
                    kept.add(message);
                    return;
                }
                to = handler;
            } finally {
                lock.unlock();
            }
            to.onMessage(message);
        }

        @Override
        public void onRequestFailed(RequestId id, McpTransportException cause) {
            InboundHandler to;
            lock.lock();
            try {
                to = handler;
            } finally {
                lock.unlock();
            }
            if (to != null) {
                to.onRequestFailed(id, cause);
            }
        }

        @Override
        public void onClosed(McpTransportException cause) {
            InboundHandler to;
            lock.lock();
            try {
                if (handler == null) {
                    closed = true;
                    closedBeforeStart = cause;
                    return;
                }
                to = handler;
            } finally {
                lock.unlock();
            }
            to.onClosed(cause);
        }
    }

    /** Hands the running server to the client: the delegate was started at spawn time, with a {@link Keeper}. */
    @Override
    public void start(InboundHandler inbound) {
        // Kept messages are delivered under the lock, so none that arrives meanwhile can overtake them.
        boolean ended;
        McpTransportException cause;
        lock.lock();
        try {
            if (handler != null) {
                throw new IllegalStateException("transport '" + name + "' was already started");
            }
            handler = inbound;
            for (JsonRpcMessage message : kept) {
                inbound.onMessage(message);
            }
            kept.clear();
            ended = closed;
            cause = closedBeforeStart;
        } finally {
            lock.unlock();
        }
        if (ended) {
            inbound.onClosed(cause);
        }
    }
}
