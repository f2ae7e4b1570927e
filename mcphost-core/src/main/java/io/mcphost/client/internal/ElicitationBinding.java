package io.mcphost.client.internal;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.elicitation.ElicitAction;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code elicitation/create} through the application's {@link ElicitationHandler}. */
final class ElicitationBinding implements HandlerBinding<ElicitRequestParams, ElicitResult> {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final ElicitationHandler handler;

    ElicitationBinding(ElicitationHandler handler) {
        this.handler = handler;
    }

    @Override
    public ElicitRequestParams decode(JsonNode params) {
        ElicitRequestParams request = HandlerBinding.decodeAs(params, ElicitRequestParams.class, McpMethod.ELICITATION_CREATE);
        if (request instanceof ElicitRequestFormParams form) {
            ElicitationForm.problem(form.requestedSchema()).ifPresent(problem -> {
                throw new RefusedServerRequest(JsonRpcError.INVALID_PARAMS, McpMethod.ELICITATION_CREATE + ": " + problem);
            });
        }
        if (request instanceof ElicitRequestURLParams url && !webAddress(url.url())) {
            // A handler may show the URL or hand it to a browser; javascript:, file: or a custom
            // scheme could run something or reach local files, so only web addresses reach it.
            throw new RefusedServerRequest(JsonRpcError.INVALID_PARAMS, McpMethod.ELICITATION_CREATE
                    + ": a URL-mode elicitation needs an http:// or https:// URL");
        }
        return request;
    }

    private static boolean webAddress(String url) {
        try {
            URI uri = new URI(url);
            return ("https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme())) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    @Override
    public CompletionStage<ElicitResult> call(ElicitRequestParams params, ServerRequestContext context) {
        return handler.elicit(params, context);
    }

    @Override
    public JsonNode encode(ElicitRequestParams params, ElicitResult result) {
        ElicitResult sent = switch (params) {
            case ElicitRequestFormParams form when result.action() == ElicitAction.ACCEPT -> accepted(form, result);
            // The spec omits content from a URL-mode accept (its data never passes through the
            // client) and from decline and cancel: the user withheld it, so nothing may leak.
            case ElicitRequestFormParams form -> withoutContent(result);
            case ElicitRequestURLParams url -> withoutContent(result);
        };
        return CODEC.valueToTree(sent);
    }

    private static ElicitResult accepted(ElicitRequestFormParams form, ElicitResult result) {
        ObjectNode content = ElicitationForm.withDefaults(form.requestedSchema(), result.content());
        List<String> violations = ElicitationForm.violations(form.requestedSchema(), content);
        if (!violations.isEmpty()) {
            // Never send an accept the server's schema rejects: it would act on data the user did not give.
            throw new RefusedServerRequest(JsonRpcError.INTERNAL_ERROR, McpMethod.ELICITATION_CREATE
                    + ": the client's answer does not match the requested schema: " + String.join("; ", violations));
        }
        return new ElicitResult(ElicitAction.ACCEPT, Optional.of(content), result.meta());
    }

    private static ElicitResult withoutContent(ElicitResult result) {
        return new ElicitResult(result.action(), Optional.empty(), result.meta());
    }

    /**
     * At the deadline the client answers {@code cancel} for the user: the spec defines cancel as
     * "dismissed without making an explicit choice" and decline as an explicit no. Nobody chose here,
     * and a server may reasonably ask again after a cancel, but should not after a decline.
     */
    @Override
    public JsonRpcMessage onDeadline(RequestId id, Duration timeout) {
        return new JsonRpcResponse(id, CODEC.valueToTree(ElicitResult.cancel()));
    }
}
