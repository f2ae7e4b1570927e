package io.mcphost.protocol;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC request: it expects exactly one response carrying the same {@link RequestId}.
 *
 * @param id     the id the response must echo
 * @param method the method name, for example {@code tools/call}
 * @param params the params object, when the request has one
 */
public record JsonRpcRequest(RequestId id, String method, Optional<JsonNode> params) implements JsonRpcMessage {
    public JsonRpcRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
    }

    public static JsonRpcRequest of(RequestId id, String method, JsonNode params) {
        return new JsonRpcRequest(id, method, Optional.ofNullable(params));
    }
}
