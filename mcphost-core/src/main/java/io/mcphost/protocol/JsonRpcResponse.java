package io.mcphost.protocol;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A successful JSON-RPC response.
 *
 * @param id     the id of the request this answers
 * @param result the result object, as sent (never null; an empty object when the result is empty)
 */
public record JsonRpcResponse(RequestId id, JsonNode result) implements JsonRpcMessage {
    public JsonRpcResponse {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(result, "result");
    }
}
