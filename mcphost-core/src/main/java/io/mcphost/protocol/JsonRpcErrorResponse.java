package io.mcphost.protocol;

import java.util.Objects;
import java.util.Optional;

/**
 * A failed JSON-RPC response.
 *
 * @param id    the id of the request this answers; empty when the peer could not read the id
 *              (for example a parse error), as JSON-RPC 2.0 allows with {@code "id": null}
 * @param error what went wrong
 */
public record JsonRpcErrorResponse(Optional<RequestId> id, JsonRpcError error) implements JsonRpcMessage {
    public JsonRpcErrorResponse {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(error, "error");
    }

    public static JsonRpcErrorResponse of(RequestId id, JsonRpcError error) {
        return new JsonRpcErrorResponse(Optional.ofNullable(id), error);
    }
}
