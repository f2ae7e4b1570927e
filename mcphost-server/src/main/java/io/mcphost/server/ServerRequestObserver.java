package io.mcphost.server;

import io.mcphost.protocol.JsonRpcError;
import tools.jackson.databind.JsonNode;

/**
 * Watches every request a client sends to an {@link McpServer}, around its handler: what a tracer
 * needs to continue the client's trace (W3C trace context in {@code params._meta}) in a server span.
 * {@code mcphost-otel} implements it with OpenTelemetry; give it to {@link McpServer.Builder#observer}.
 *
 * <p>Contract: {@link #start} and {@link Completion#finished} run on the request's own (virtual)
 * thread, immediately before and after the handler, so a thread-local context made current in
 * {@code start} is current while the handler runs, and can be restored in {@code finished}. Both must
 * return quickly. An observer that throws is logged and skipped; it never changes the answer.
 * Implementations must be thread-safe: requests run concurrently.
 */
@FunctionalInterface
public interface ServerRequestObserver {

    /**
     * A request is about to be handled. Does not block.
     *
     * @return what to call once the answer is known; never null ({@link Completion#NONE} for nothing)
     */
    Completion start(ServedRequest request);

    /**
     * Carries what {@link #start} made current on the request's thread over to {@code work}, which
     * the handler hands to another thread (a relaying server, such as the gateway, waits for its
     * upstream call on a thread of its own): {@code work} is wrapped to run in that context, and to
     * leave the other thread as it found it. Called on the request's thread while its handler runs;
     * does not block. By default {@code work} unchanged, for an observer that makes nothing current.
     */
    default Runnable carryOver(Runnable work) {
        return work;
    }

    /** The end of one observed request. */
    @FunctionalInterface
    interface Completion {
        /** A completion that does nothing. */
        Completion NONE = (result, error) -> { };

        /**
         * The handler finished, once: with the result sent back (a tool's {@code isError} result
         * included), or with the JSON-RPC error sent instead. Exactly one of the two is non-null.
         * Called also when the request was cancelled and no answer goes out.
         */
        void finished(JsonNode result, JsonRpcError error);
    }
}
