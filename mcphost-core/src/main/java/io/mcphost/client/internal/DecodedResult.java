package io.mcphost.client.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A request's result decoded into a record, decoded where it costs the connection nothing: by the
 * caller waiting for it ({@link #get()}, {@link #join()}), on the caller's own thread, or, when
 * nobody waits (an async caller), on a fresh virtual thread; a result already there when the caller
 * makes this future is decoded at once, on the caller's thread. Never on the transport's reader, which
 * completes the raw result: there the decoding of every caller's result (tens of microseconds for a
 * tool result) ran one after another while the next answers waited, and so did whatever the
 * callers had chained onto the future.
 *
 * <p>A caller about to wait in {@link #get()} or {@link #join()} first lends its thread to the
 * transport ({@link io.mcphost.transport.CallerLending#lend}): over stdio, a caller waiting alone reads
 * its own answer instead of being woken by the reader.
 *
 * <p>The decoding runs exactly once (whoever claims it first); a failed raw result fails this
 * future at once, and cancelling this future cancels the raw one. Thread-safe.
 */
final class DecodedResult<T> extends CompletableFuture<T> {
    /** Where results nobody waits for are decoded: a virtual thread costs about a microsecond. */
    private static final Executor ASYNC = Thread::startVirtualThread;

    private final CompletableFuture<JsonNode> raw;
    /** Offered the waiting caller's thread before it parks (the transport may read its answer on it). */
    private final java.util.function.Consumer<CompletableFuture<JsonNode>> lend;
    private final Function<JsonNode, T> decode;
    private final AtomicBoolean claimed = new AtomicBoolean();
    /** Callers blocked in get/join: while there are any, one of them decodes. */
    private final AtomicInteger waiters = new AtomicInteger();

    private DecodedResult(CompletableFuture<JsonNode> raw, Function<JsonNode, T> decode,
                          java.util.function.Consumer<CompletableFuture<JsonNode>> lend) {
        this.raw = raw;
        this.lend = lend;
        this.decode = decode;
    }

    /** The decoded future of {@code raw}; {@code decode} may throw, which fails the future. */
    static <T> DecodedResult<T> of(CompletableFuture<JsonNode> raw, Function<JsonNode, T> decode) {
        return of(raw, decode, r -> { });
    }

    /** Like {@link #of(CompletableFuture, Function)}; a caller that waits first offers its thread to {@code lend}. */
    static <T> DecodedResult<T> of(CompletableFuture<JsonNode> raw, Function<JsonNode, T> decode,
                                   java.util.function.Consumer<CompletableFuture<JsonNode>> lend) {
        DecodedResult<T> decoded = new DecodedResult<>(raw, decode, lend);
        if (raw.isDone() && !raw.isCompletedExceptionally()) {
            // Answered before this future existed (the caller's line went out in another sender's batch
            // and the answer came while it had not yet come back from sending): this is the caller's own
            // thread, never the reader's, so it decodes here. A virtual thread for it cost more than
            // the decoding, and the caller, about to wait, would have found the result being decoded.
            decoded.settle();
            return decoded;
        }
        raw.whenComplete((result, error) -> {
            if (error != null) {
                decoded.completeExceptionally(error);
            } else if (decoded.waiters.get() == 0) {
                ASYNC.execute(decoded::settle);
            }
            // else a waiting caller decodes as soon as it wakes up
        });
        return decoded;
    }

    /**
     * Cancelling this future cancels the raw one (the request: {@code notifications/cancelled}). Here
     * rather than a completion callback on this future: one callback less to allocate and run per call.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (isCancelled()) {
            raw.cancel(false);
        }
        return cancelled;
    }

    /** Failing this future with a {@link java.util.concurrent.CancellationException} cancels the raw one, as {@link #cancel} does. */
    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean failed = super.completeExceptionally(failure);
        if (isCancelled()) {
            raw.cancel(false);
        }
        return failed;
    }

    /** Decodes once the raw result is there, unless someone else did or does. */
    private void settle() {
        if (isDone() || raw.isCompletedExceptionally() || !claimed.compareAndSet(false, true)) {
            return;
        }
        try {
            complete(decode.apply(raw.join()));
        } catch (Throwable t) {
            completeExceptionally(t);
        }
    }

    /** After a waiter leaves: if the result came while it waited but it did not decode it, someone must. */
    private void left() {
        if (waiters.decrementAndGet() == 0 && raw.isDone() && !claimed.get()) {
            ASYNC.execute(this::settle);
        }
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        waiters.incrementAndGet();
        try {
            awaitRaw();
            settle();
        } finally {
            left();
        }
        return super.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        waiters.incrementAndGet();
        try {
            try {
                raw.get(timeout, unit);
            } catch (ExecutionException e) {
                // failed: this future failed with it already (whenComplete above), or is failing now
            }
            settle();
        } finally {
            left();
        }
        return super.get(timeout, unit);
    }

    @Override
    public T join() {
        waiters.incrementAndGet();
        try {
            try {
                if (!raw.isDone()) {
                    lend.accept(raw);
                }
                raw.join();
            } catch (RuntimeException e) {
                // failed or cancelled: reported by super.join() below
            }
            settle();
        } finally {
            left();
        }
        return super.join();
    }

    private void awaitRaw() throws InterruptedException {
        if (!raw.isDone()) {
            lend.accept(raw);
        }
        try {
            raw.get();
        } catch (ExecutionException | java.util.concurrent.CancellationException e) {
            // reported by super.get(): this future fails with the raw failure
        }
    }
}
