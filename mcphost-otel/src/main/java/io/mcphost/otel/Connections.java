package io.mcphost.otel;

import io.mcphost.client.ObservedConnection;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.ProtocolVersion;
import io.opentelemetry.api.common.AttributesBuilder;
import java.net.URI;
import java.util.concurrent.CancellationException;

/** The connection and error attributes, shared by the span and the metrics of one request or session. */
final class Connections {
    private Connections() {
    }

    /**
     * {@code network.transport} ({@code pipe} for stdio, {@code tcp} for HTTP, conventions note 10),
     * {@code server.address} and {@code server.port} for HTTP, the protocol revision when known.
     * An in-memory pair has no network, so it gets no network attributes.
     */
    static void addTo(AttributesBuilder attributes, ObservedConnection connection) {
        attributes.put(McpAttributes.MCPHOST_SERVER_NAME, connection.server());
        connection.protocolVersion().map(ProtocolVersion::id)
                .ifPresent(v -> attributes.put(McpAttributes.MCP_PROTOCOL_VERSION, v));
        switch (connection.transport()) {
            case STDIO -> attributes.put(McpAttributes.NETWORK_TRANSPORT, "pipe");
            case HTTP -> {
                attributes.put(McpAttributes.NETWORK_TRANSPORT, "tcp");
                attributes.put(McpAttributes.NETWORK_PROTOCOL_NAME, "http");
                addServer(attributes, connection.address());
            }
            case MEMORY, OTHER -> { }
        }
    }

    private static void addServer(AttributesBuilder attributes, String address) {
        try {
            URI uri = URI.create(address);
            if (uri.getHost() == null) {
                return;
            }
            attributes.put(McpAttributes.SERVER_ADDRESS, uri.getHost());
            int port = uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            attributes.put(McpAttributes.SERVER_PORT, (long) port);
        } catch (IllegalArgumentException e) {
            // describe() is for people; an address that is no URI simply has no server.address
        }
    }

    /**
     * {@code error.type} of a failure: the JSON-RPC code when the server answered with an error
     * (conventions note 1), {@code cancelled} for a request the caller cancelled, else the
     * exception's class name (McpTimeoutException, McpTransportException, ...).
     */
    static String errorType(Throwable failure) {
        return switch (failure) {
            case McpError e -> Integer.toString(e.code());
            case CancellationException c -> "cancelled";
            default -> failure.getClass().getName();
        };
    }
}
