package io.mcphost.client.internal;

import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.RequestId;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/**
 * How one server-to-client request method meets the application's handler: decode the params, call
 * the handler, check and encode its answer, and say what the client answers on its own when the
 * handler misses the deadline. {@link ServerRequests} does the threading around it.
 *
 * @param <P> the typed params
 * @param <R> the handler's typed result
 */
interface HandlerBinding<P, R> {

    /**
     * The typed params. Runs on the request's virtual thread.
     *
     * @throws RefusedServerRequest ({@code -32602}) when they are malformed or unacceptable
     */
    P decode(JsonNode params);

    /** Calls the application's handler. Runs on the request's virtual thread; may block. */
    CompletionStage<R> call(P params, ServerRequestContext context);

    /**
     * The result to send for the handler's answer. Runs on a library virtual thread.
     *
     * @throws RefusedServerRequest ({@code -32603}) when the answer may not be sent
     */
    JsonNode encode(P params, R result);

    /** The answer the client sends when the handler has not answered within {@code timeout}. */
    JsonRpcMessage onDeadline(RequestId id, Duration timeout);

    /** The params as {@code type}; a shape that does not fit is refused with invalid params, naming {@code method}. */
    static <P> P decodeAs(JsonNode params, Class<P> type, String method) {
        try {
            return io.mcphost.protocol.internal.JsonCodec.get().treeToValue(params, type);
        } catch (io.mcphost.protocol.McpException e) {
            throw new RefusedServerRequest(io.mcphost.protocol.JsonRpcError.INVALID_PARAMS, method + ": " + e.getMessage());
        }
    }
}
