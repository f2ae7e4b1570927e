package io.mcphost.client.internal;

import io.mcphost.client.RootsHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.ListRootsResult;
import io.mcphost.protocol.roots.Root;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * {@code roots/list} through a call's {@link RootsHandler} (the client-wide roots are a fixed list,
 * answered at once by {@link ServerRequests}). The params carry nothing but {@code _meta}.
 */
final class RootsBinding implements HandlerBinding<JsonNode, List<Root>> {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final RootsHandler handler;

    RootsBinding(RootsHandler handler) {
        this.handler = handler;
    }

    @Override
    public JsonNode decode(JsonNode params) {
        return params;
    }

    @Override
    public CompletionStage<List<Root>> call(JsonNode params, ServerRequestContext context) {
        return handler.listRoots(context);
    }

    /** The spec's rule that every root is a {@code file://} URI, checked on the handler's answer. */
    @Override
    public JsonNode encode(JsonNode params, List<Root> roots) {
        try {
            return CODEC.valueToTree(ListRootsResult.of(ClientConfig.fileRoots(roots)));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new RefusedServerRequest(JsonRpcError.INTERNAL_ERROR, McpMethod.ROOTS_LIST
                    + ": the client's answer is not a list of roots: " + e.getMessage());
        }
    }

    /** No roots were given, so there is no list to return: only an error is truthful. */
    @Override
    public JsonRpcMessage onDeadline(RequestId id, Duration timeout) {
        return JsonRpcErrorResponse.of(id, JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                McpMethod.ROOTS_LIST + ": the client's handler did not answer within " + timeout));
    }
}
