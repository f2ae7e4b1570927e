package io.mcphost.client.internal;

import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * One concern of the client's request pipeline ({@link Exchange}): it may change the request,
 * send it on with {@link Next#proceed}, once or again (a retry), or answer without sending. Stages
 * run on the caller's thread up to the first send; what they do when an answer arrives runs on
 * whichever thread completes the future (often the transport's reader), so it must not block.
 *
 * <p>Rules every stage keeps: a stage that retries calls {@code proceed} again rather than
 * calling into the client; cancelling the future it returns must cancel the future of the
 * attempt in flight ({@link Exchange#propagateCancel}); failures are {@link io.mcphost.protocol.McpException}s.
 */
@FunctionalInterface
interface RequestStage {
    CompletableFuture<JsonNode> apply(OutboundRequest request, Next next);

    /** The rest of the pipeline after a stage; its last step sends the request once. */
    @FunctionalInterface
    interface Next {
        CompletableFuture<JsonNode> proceed(OutboundRequest request);
    }
}
