package io.mcphost.client;

import java.time.Duration;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Watches every request a client sends: the typed operations, the lists, ping, completions,
 * tasks/* and the {@code initialize} of every handshake. It is the outermost stage of the client's
 * request pipeline, so one observation covers the re-open of a closed client and every session
 * recovery retry of the same request. Tracing (W3C trace context in {@code params._meta}) and
 * metrics are what it is for; {@code mcphost-otel} implements it with OpenTelemetry.
 *
 * <p>Contract: {@link #start} runs on the caller's thread before anything is sent and must return
 * quickly, without I/O and without calling into the client. {@link Completion#finished} runs exactly
 * once per started request, on whichever thread completes it (often the transport's reader), so it
 * must not block either. An observer that throws is logged and skipped: it never breaks a request.
 * Implementations must be thread-safe, since one observer serves every request of every client
 * it is given to.
 */
@FunctionalInterface
public interface RequestObserver {

    /**
     * A request is about to enter the pipeline. The observer may read it and add {@code _meta}
     * entries with {@link ObservedRequest#putMeta}. Does not block.
     *
     * @return what to call when the request ends; never null ({@link Completion#NONE} when nothing is to be done)
     */
    Completion start(ObservedRequest request);

    /**
     * A session that had completed its handshake ended: the client was closed, or its connection
     * failed. Called once per session, on the thread that closed or failed the client. Does nothing
     * by default.
     *
     * @param connection the connection as it was at the end
     * @param lasted     from the end of the handshake to now
     * @param failure    why the connection failed, or empty for a close
     */
    default void sessionEnded(ObservedConnection connection, Duration lasted, Optional<Throwable> failure) {
    }

    /**
     * {@code work} made to run, on another thread, in whatever this observer keeps current on the calling
     * thread (a trace context): the host's {@code ...Async} calls start a thread of their own, whose request
     * should still be the caller's span's child. Called on the caller's thread; does not block. By default
     * {@code work} unchanged, for an observer that keeps nothing current.
     */
    default Runnable carryOver(Runnable work) {
        return work;
    }

    /** The end of one observed request. */
    @FunctionalInterface
    interface Completion {
        /** A completion that does nothing. */
        Completion NONE = (result, failure) -> { };

        /**
         * The request ended, once: with the raw JSON result (a {@code CallToolResult} with
         * {@code isError: true} is a result), or with the failure (an
         * {@link io.mcphost.protocol.McpException}, or a {@link java.util.concurrent.CancellationException}
         * when the caller cancelled it). Exactly one of the two is non-null. Must not block.
         */
        void finished(JsonNode result, Throwable failure);
    }
}
