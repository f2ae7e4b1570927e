package io.mcphost.client;

import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import java.util.List;

/** A client builder for a toolkit server served in this JVM, by transport name: {@code memory} or {@code http}. */
final class ServedBy {
    private ServedBy() {
    }

    /** Serves {@code server} over {@code transport} (closed through {@code toClose}) and returns a builder of a client of it. */
    static McpClientBuilder builder(String transport, McpServer server, String name, List<AutoCloseable> toClose) {
        return switch (transport) {
            case "memory" -> {
                var pair = MemoryTransport.pair();
                toClose.add(server.serve(pair.server()));
                yield McpClient.builder(pair.client());
            }
            case "http" -> {
                StreamableHttpServer http = StreamableHttpServer.builder(server).start();
                toClose.add(http);
                yield McpClient.builder(HttpTransport.builder(http.endpoint()).name(name).build());
            }
            default -> throw new IllegalArgumentException(transport);
        };
    }
}
