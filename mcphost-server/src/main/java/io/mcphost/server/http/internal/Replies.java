package io.mcphost.server.http.internal;

import com.sun.net.httpserver.HttpExchange;
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
    static void error(HttpExchange exchange, int status, int code, String message) throws IOException {
        error(exchange, status, code, message, Optional.empty());
    }

    /** Like {@link #error(HttpExchange, int, int, String)}, carrying the request's id when it could be read. */
    static void error(HttpExchange exchange, int status, int code, String message, Optional<RequestId> id)
            throws IOException {
        JsonRpcErrorResponse body = new JsonRpcErrorResponse(id, JsonRpcError.of(code, message));
        json(exchange, status, JsonCodec.get().encode(body));
    }

    static void json(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", JSON);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** A status with no body (202 Accepted, 204 No Content). */
    static void empty(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    /** Sends {@code text/event-stream} headers; the body follows as events are written. */
    static void startEventStream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", EVENT_STREAM);
        // Proxies must neither cache nor buffer a stream of live events.
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.getResponseHeaders().set("X-Accel-Buffering", "no");
        exchange.sendResponseHeaders(200, 0);
    }
}
