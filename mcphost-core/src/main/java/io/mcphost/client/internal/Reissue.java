package io.mcphost.client.internal;

import io.mcphost.protocol.McpStreamBrokenException;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * The innermost stage of a modern session ({@link ModernSession}): a request whose response stream broke before the answer (revision 2026-07-28
 * has no resumption, the request is lost) is issued once more, with a new id, as the spec requires
 * (changelog: "clients MUST re-issue it as a new request with a new request ID"). Only the transport
 * raises {@link McpStreamBrokenException}, and only for modern requests.
 */
final class Reissue implements RequestStage {
    Reissue() {
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        CompletableFuture<JsonNode> first = next.proceed(request);
        CompletableFuture<JsonNode> outer = first.exceptionallyCompose(error -> {
            Throwable cause = error;
            while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            return cause instanceof McpStreamBrokenException ? next.proceed(request) : CompletableFuture.failedFuture(cause);
        });
        Exchange.propagateCancel(outer, first);
        return outer;
    }
}
