package io.mcphost.host.internal.supervision;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** The host's {@code ...Async} methods: a blocking call on a virtual thread of its own. */
public final class VirtualCalls {
    private VirtualCalls() {
    }

    /** Runs {@code work} on a new virtual thread; cancelling the future interrupts it. */
    public static <T> CompletableFuture<T> async(String threadName, Supplier<T> work) {
        return async(threadName, work, UnaryOperator.identity());
    }

    /**
     * Like {@link #async(String, Supplier)}, the thread's body passed through {@code carryOver} on the
     * calling thread first (a request observer's: the caller's trace context goes with it).
     */
    public static <T> CompletableFuture<T> async(String threadName, Supplier<T> work, UnaryOperator<Runnable> carryOver) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Thread thread = Thread.ofVirtual().name(threadName).unstarted(carryOver.apply(() -> {
            try {
                future.complete(work.get());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }));
        // Interrupting a blocked call cancels it on the server (notifications/cancelled).
        future.whenComplete((r, e) -> {
            if (future.isCancelled()) {
                thread.interrupt();
            }
        });
        thread.start();
        return future;
    }
}
