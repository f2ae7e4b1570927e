package io.mcphost.client.internal;

import io.mcphost.client.SamplingHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;

/** {@code sampling/createMessage} through the application's {@link SamplingHandler}. */
final class SamplingBinding implements HandlerBinding<CreateMessageRequestParams, CreateMessageResult> {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final SamplingHandler handler;

    SamplingBinding(SamplingHandler handler) {
        this.handler = handler;
    }

    @Override
    public CreateMessageRequestParams decode(JsonNode params) {
        return HandlerBinding.decodeAs(params, CreateMessageRequestParams.class, McpMethod.SAMPLING_CREATE_MESSAGE);
    }

    @Override
    public CompletionStage<CreateMessageResult> call(CreateMessageRequestParams params, ServerRequestContext context) {
        return handler.createMessage(params, context);
    }

    @Override
    public JsonNode encode(CreateMessageRequestParams params, CreateMessageResult result) {
        return CODEC.valueToTree(result);
    }

    /** No model answered, so there is no message to return: only an error is truthful. */
    @Override
    public JsonRpcMessage onDeadline(RequestId id, Duration timeout) {
        return JsonRpcErrorResponse.of(id, JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                McpMethod.SAMPLING_CREATE_MESSAGE + ": the client's handler did not answer within " + timeout));
    }
}
