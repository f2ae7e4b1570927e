package io.mcphost.client.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code thenCompose} for requests: the next stage starts on {@code executor} (never the transport's
 * reader, since it sends), cancelling the returned future cancels whichever stage is running, and a
 * value the caller no longer wants (it gave up after the first stage produced it but before the next
 * began) goes to {@code onDropped}. Stateless.
 */
final class Chain {
    private Chain() {
    }

    static <A, B> CompletableFuture<B> compose(CompletableFuture<A> first, Function<A, CompletableFuture<B>> next,
                                               Consumer<A> onDropped, Executor executor) {
        CompletableFuture<B> out = new CompletableFuture<>();
        Exchange.propagateCancel(out, first);
        first.whenCompleteAsync((value, error) -> {
            if (error != null) {
                out.completeExceptionally(error);
                return;
            }
            if (out.isDone()) {
                onDropped.accept(value); // the caller gave up before the next stage began: do not start it
                return;
            }
            CompletableFuture<B> second;
            try {
                second = next.apply(value);
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
                return;
            }
            Exchange.propagateCancel(out, second); // at once if the caller gave up meanwhile
            second.whenComplete((result, e) -> {
                if (e != null) {
                    out.completeExceptionally(e);
                } else {
                    out.complete(result);
                }
            });
        }, executor);
        return out;
    }
}
