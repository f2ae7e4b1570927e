package io.mcphost.server.internal;

import io.mcphost.server.McpServer;
import java.util.Objects;
import java.util.function.Function;

/**
 * How this module's transports reach the parts of an {@link McpServer} that are not public API (the
 * stateless 2026-07-28 serving): McpServer registers the accessor when its class initializes, which
 * happens before any instance exists. Not exported.
 */
public final class ServerInternals {
    private static volatile Function<McpServer, ModernServer> modern;

    private ServerInternals() {
    }

    /** Called once, by McpServer's static initializer. */
    public static void register(Function<McpServer, ModernServer> accessor) {
        modern = Objects.requireNonNull(accessor, "accessor");
    }

    /** The server's stateless 2026-07-28 side. */
    public static ModernServer modern(McpServer server) {
        return modern.apply(Objects.requireNonNull(server, "server"));
    }
}
