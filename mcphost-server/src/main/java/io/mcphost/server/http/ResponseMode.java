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
    JSON,
    /**
     * Plain JSON when the response is all there is to send, an SSE stream as soon as anything must go
     * before it: the request's progress or log messages, a question to the client (elicitation,
     * sampling, roots), or the priming event and keep-alives once the request has run for 5 seconds,
     * so that a long request stays resumable and a vanished client is noticed. A quick call pays for
     * one JSON body instead of a stream's events, and a POST carrying one request is served on the
     * HTTP exchange's own thread (no hand-off to a handler thread and back). What the client sees is
     * what the spec lets a server choose per request; a client that accepts only one of the two types
     * gets that one. The mode {@code mcphost serve} uses.
     */
    AUTO
}
