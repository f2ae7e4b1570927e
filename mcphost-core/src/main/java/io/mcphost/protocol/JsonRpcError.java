package io.mcphost.protocol;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The error object of a JSON-RPC error response.
 *
 * @param code    the error code; the constants below are the ones JSON-RPC 2.0 and MCP define
 * @param message a short description
 * @param data    additional information, when the sender gave any
 */
public record JsonRpcError(int code, String message, Optional<JsonNode> data) {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** MCP: the requested resource does not exist. */
    public static final int RESOURCE_NOT_FOUND = -32002;
    /** MCP 2025-11-25: the server needs the client to complete a URL-mode elicitation first. */
    public static final int URL_ELICITATION_REQUIRED = -32042;

    public JsonRpcError {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(data, "data");
    }

    public static JsonRpcError of(int code, String message) {
        return new JsonRpcError(code, message, Optional.empty());
    }
}
