package io.mcphost.server.internal;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A request the server refuses, answered with this JSON-RPC error code, message and optional data.
 * Thrown by this package only; when it happens inside a handler (an invalid input response, a missing
 * client capability under 2026-07-28) it passes through the handler's error handling to the client.
 */
final class RequestException extends RuntimeException {
    private final int code;
    private final transient JsonNode data;

    RequestException(int code, String message) {
        this(code, message, null);
    }

    RequestException(int code, String message, JsonNode data) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
    }

    int code() {
        return code;
    }

    Optional<JsonNode> data() {
        return Optional.ofNullable(data);
    }
}
