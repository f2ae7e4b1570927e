package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Writes whole, non-streamed HTTP responses. Stateless. */
final class Replies {
    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    private Replies() {
    }

    /**
     * An HTTP error whose body is a JSON-RPC error response without an id, which the spec allows for
     * the 403 of the origin check and a body that could not be read.
     */
    static void error(Exchange exchange, int status, int code, String message) throws IOException {
        error(exchange, status, code, message, Optional.empty());
    }

    /** Like {@link #error(Exchange, int, int, String)}, carrying the request's id when it could be read. */
    static void error(Exchange exchange, int status, int code, String message, Optional<RequestId> id)
            throws IOException {
        JsonRpcErrorResponse body = new JsonRpcErrorResponse(id, JsonRpcError.of(code, message));
        json(exchange, status, JsonCodec.get().encode(body));
    }

    static void json(Exchange exchange, int status, String json) throws IOException {
        exchange.setHeader("Content-Type", JSON);
        exchange.respond(status, json.getBytes(StandardCharsets.UTF_8));
    }

    /** A status with no body (202 Accepted, 204 No Content). */
    static void empty(Exchange exchange, int status) throws IOException {
        exchange.respond(status, new byte[0]);
        exchange.close();
    }

    /** Starts a {@code text/event-stream} response and returns its body, for events as they come. */
    /**
     * Marks a refusal sent before the request's body was read (authentication, limits) as the last
     * response on its connection: the server then closes it rather than reading a body it refused, and a
     * client that reused the connection would find it closed under its next request (seen as an empty
     * answer: "header parser received no bytes").
     */
    static void closesConnection(Exchange exchange) {
        exchange.setHeader("Connection", "close");
    }

    static OutputStream startEventStream(Exchange exchange) throws IOException {
        exchange.setHeader("Content-Type", EVENT_STREAM);
        // Proxies must neither cache nor buffer a stream of live events.
        exchange.setHeader("Cache-Control", "no-cache");
        exchange.setHeader("X-Accel-Buffering", "no");
        return exchange.startStream(200);
    }
}
