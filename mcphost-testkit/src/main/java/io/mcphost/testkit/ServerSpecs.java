package io.mcphost.testkit;

import io.mcphost.host.ServerSpec;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.List;
import java.util.function.Supplier;

/**
 * Server entries for an {@code McpHost} under test: a server built with the McpHost toolkit, in this
 * JVM, or npm's server-everything as a child process. Each start of the entry (a reconnect, a restart)
 * gets a fresh connection, as a real server's would. Thread-safe; building an entry does no I/O.
 */
public final class ServerSpecs {
    private ServerSpecs() {
    }

    /**
     * A toolkit server served over a new in-memory pair at every start. The sessions are added to
     * {@code toClose}, so a test can end them (a thread-safe list, e.g. a {@code CopyOnWriteArrayList}).
     */
    public static ServerSpec.Builder inProcess(String name, Supplier<McpServer> server, List<AutoCloseable> toClose) {
        return ServerSpec.builder(name, () -> {
            var pair = MemoryTransport.pair();
            toClose.add(server.get().serve(pair.server()));
            return pair.client();
        });
    }

    /**
     * npm's server-everything over stdio, as {@link NpmFixtures} finds it.
     *
     * @throws IllegalStateException (when the entry starts) if it is not installed
     */
    public static ServerSpec.Builder everything(String name) {
        return ServerSpec.builder(name, () -> StdioTransport.builder(NpmFixtures.everythingStdio()).name(name).build());
    }
}
