package io.mcphost.client;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * How a blocking handler of a server→client request becomes a stage, written once for every kind
 * (elicitation, sampling): it runs on the calling thread, which is the request's own virtual thread, and
 * what it throws becomes a failed stage (so an error response), never an exception out of the handler.
 */
final class BlockingAnswer {
    private BlockingAnswer() {
    }

    static <T> CompletionStage<T> of(Callable<T> answer) {
        try {
            return CompletableFuture.completedFuture(answer.call());
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
