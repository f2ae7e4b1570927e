package io.mcphost.server.http;

/**
 * How a {@link StreamableHttpServer} answers a POST that carries a request (spec 2025-11-25,
 * basic/transports, "Sending Messages to the Server": the server returns either one JSON object
 * or an SSE stream, and a client must accept both).
 */
public enum ResponseMode {
    /**
     * An SSE stream ({@code text/event-stream}) that carries the server's notifications and requests
     * related to the request (progress), then the response, then ends. Resumable with
     * {@code Last-Event-ID}. The default.
     */
    SSE,
    /**
     * A single {@code application/json} response. Notifications related to the request then go to the
     * session's GET stream, or wait for one.
     */
    JSON
}
