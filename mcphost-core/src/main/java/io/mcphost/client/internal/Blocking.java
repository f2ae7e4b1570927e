package io.mcphost.client.internal;

import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one way a blocking client method waits for its async twin, so both fail with the same
 * exception types: interruption cancels the call (which sends {@code notifications/cancelled}),
 * and wrapped failures are unwrapped to the {@link McpException} inside. Public only so that the
 * default methods of {@link io.mcphost.client.McpClient} can use it; the package is not exported.
 */
public final class Blocking {
    private Blocking() {
    }

    /**
     * Waits for {@code future} without a limit of its own: the call's deadline completes it.
     * Blocks the calling thread (cheap on a virtual thread).
     *
     * @throws McpCancelledException if the caller is interrupted (the call is cancelled) or the future was cancelled
     * @throws McpException whatever the call failed with
     */
    public static <T> T await(String server, CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpCancelledException(server, "the calling thread was interrupted; the request was cancelled");
        } catch (ExecutionException e) {
            throw unwrap(server, e.getCause());
        } catch (CancellationException e) {
            throw new McpCancelledException(server, "the call was cancelled");
        }
    }

    /**
     * Waits at most {@code limit}; used by the handshake, whose request has its own deadline and
     * must not be waited for longer even if that deadline misfires.
     *
     * @throws McpTimeoutException if {@code limit} passes (the future is cancelled)
     */
    static <T> T await(String server, CompletableFuture<T> future, Duration limit, String what) {
        try {
            return future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new McpTimeoutException(server, what + " did not finish within " + limit);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpCancelledException(server, what + " was interrupted");
        } catch (ExecutionException e) {
            throw unwrap(server, e.getCause());
        }
    }

    /** The {@link McpException} behind a future's failure; anything else becomes a protocol exception naming the server. */
    public static McpException unwrap(String server, Throwable t) {
        Throwable cause = t;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof McpException e) {
            return e;
        }
        if (cause instanceof CancellationException) {
            return new McpCancelledException(server, "the call was cancelled");
        }
        return new McpProtocolException(server, "unexpected failure: " + cause, cause);
    }
}
