package io.mcphost.protocol;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC notification: a one-way message with no id and no response.
 *
 * @param method the method name, for example {@code notifications/progress}
 * @param params the params object, when the notification has one
 */
public record JsonRpcNotification(String method, Optional<JsonNode> params) implements JsonRpcMessage {
    public JsonRpcNotification {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
    }

    public static JsonRpcNotification of(String method, JsonNode params) {
        return new JsonRpcNotification(method, Optional.ofNullable(params));
    }
}
