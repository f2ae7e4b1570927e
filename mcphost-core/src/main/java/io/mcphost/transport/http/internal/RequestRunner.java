package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.modern.ModernMethods;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the requests of a {@link StreamableHttpEngine} in the background, so that sending one never
 * waits for the server: on a virtual thread of its own each, or, when nothing on the way may block,
 * on no thread of ours at all ({@link #sendHoldingSlot}). Reports each request's failure to the client.
 * Thread-safe.
 */
final class RequestRunner {
    private static final Logger LOG = LoggerFactory.getLogger(RequestRunner.class);

    /** What the engine does for a request; the runner only decides where it runs. */
    interface Posts {
        /** One POST and its answer, blocking; returns why it failed, or null. */
        McpTransportException post(JsonRpcMessage request);

        /** One request of revision 2026-07-28, blocking; returns why it failed, or null. */
        McpTransportException modern(JsonRpcRequest request, Map<String, String> headers);

        /**
         * One request of revision 2026-07-28 started without waiting; {@code done} gets why it failed, or
         * null, once. False when it was not sent (the blocking path then reports why).
         */
        boolean modernDirect(JsonRpcRequest request, Map<String, String> headers, Consumer<McpTransportException> done);

        /** The POST for {@code request} if it may be sent without waiting for anything, else null. */
        Direct direct(JsonRpcRequest request);

        /** Handles the response to a {@link Direct} POST; returns why it failed, or null. */
        McpTransportException received(JsonRpcMessage request, Incoming response, String used,
                                       boolean initialize);
    }

    /** A POST ready to go: the request, the session it is sent in (null: none), whether it is the initialize. */
    record Direct(Outgoing request, String used, boolean initialize) {
    }

    /**
     * Requests in flight at once, each holding a connection until its answer is read. Unbounded, a burst
     * of calls opens as many connections; more than the server keeps idle (the JDK server: 200) are
     * then closed under the client's pool, and the next request on one fails with no answer. Answers
     * and notifications to the server are not counted, so a call waiting on the user can never starve
     * the answer that would let it finish; nor is a {@code subscriptions/listen} stream (see {@link #start}).
     */
    private static final int MAX_REQUESTS_IN_FLIGHT = 64;
    private final Semaphore requestSlots = new Semaphore(MAX_REQUESTS_IN_FLIGHT, true);
    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final String where;
    private final Posts posts;

    RequestRunner(HttpSettings settings, Delivery delivery, Exchanges exchanges, String where, Posts posts) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = exchanges;
        this.where = where;
        this.posts = posts;
    }

    /** Starts {@code request} (of revision 2026-07-28 when {@code modernHeaders} is not null); returns at once. */
    void start(JsonRpcRequest request, Map<String, String> modernHeaders) {
        if (ModernMethods.SUBSCRIPTIONS_LISTEN.equals(request.method())) {
            // One per session, open for the session's life, as the handshake era's GET stream (which holds no
            // slot either): holding one would leave the calls 63 slots, and a stream never waits for one.
            settings.startRequestThread(() -> report(request, send(request, modernHeaders)));
            return;
        }
        if (exchanges.direct() && freeSlot()) {
            if (sendHoldingSlot(request, modernHeaders)) {
                return;
            }
            requestSlots.release(); // the threaded path takes a slot of its own and reports why
        }
        settings.startRequestThread(() -> exchange(request, modernHeaders));
    }

    private void exchange(JsonRpcRequest request, Map<String, String> modernHeaders) {
        McpTransportException failure;
        try {
            requestSlots.acquire();
        } catch (InterruptedException e) {
            delivery.requestFailed(request.id(), new McpTransportException(settings.name(), "interrupted before "
                    + request.method() + " could be sent to " + where, e));
            return;
        }
        // It waited for a slot only: sent now without waiting for its answer when nothing on the way may block,
        // as a request that found a slot free is (a burst of more callers than slots takes this path).
        if (exchanges.direct() && sendHoldingSlot(request, modernHeaders)) {
            return;
        }
        try {
            failure = send(request, modernHeaders);
        } finally {
            requestSlots.release();
        }
        report(request, failure);
    }

    /** Sends {@code request} and waits for the end of its exchange on this thread; returns why it failed, or null. */
    private McpTransportException send(JsonRpcRequest request, Map<String, String> modernHeaders) {
        try {
            return modernHeaders == null ? posts.post(request) : posts.modern(request, modernHeaders);
        } catch (RuntimeException e) {
            // Nothing may escape a request thread: the caller would wait for its whole timeout, and the
            // JVM's default handler would print the exception, whose message may quote a header value.
            return new McpTransportException(settings.name(), request.method() + " could not be sent to " + where
                    + ": " + e.getClass().getSimpleName());
        }
    }

    private void report(JsonRpcRequest request, McpTransportException failure) {
        if (failure != null) {
            try {
                delivery.requestFailed(request.id(), failure);
            } catch (RuntimeException e) { // say so, but never print what the exception quotes
                LOG.error("server '{}': reporting the failure of {} failed: {}", settings.name(), request.method(), e.getClass());
            }
        }
    }

    /**
     * Sends a request without a thread of its own, holding a request slot that the exchange's end
     * releases: the caller's thread starts the exchange, and a successful JSON answer, read whole, is
     * handled on the HTTP library's thread that read it ({@link Exchanges#sendAsync}); anything that may
     * block (an SSE stream, an error status, a fallback, a failure) moves to a virtual thread then.
     * Saves two thread hand-offs per call (starting the request's thread, waking it). Only when
     * {@link Exchanges#direct()} (no OAuth). Returns false, the slot still held, when the request must
     * take the blocking path (an expired session, a request that cannot be prepared).
     */
    private boolean sendHoldingSlot(JsonRpcRequest request, Map<String, String> modernHeaders) {
        if (modernHeaders != null) {
            // Of revision 2026-07-28 (no session, its own headers): the answer of a plain JSON response is handled
            // on the HTTP library's thread that read it.
            try {
                return posts.modernDirect(request, modernHeaders, failure -> {
                    requestSlots.release();
                    report(request, failure);
                });
            } catch (RuntimeException e) {
                return false; // not sent: the threaded path fails it the same way, reported as it does
            }
        }
        try {
            Direct direct = posts.direct(request);
            if (direct == null) {
                return false; // the threaded path reports why
            }
            exchanges.sendAsync(direct.request(), answer -> finish(request, direct, answer, null),
                    (response, error) -> settings.startRequestThread(() -> finish(request, direct, response, error)));
        } catch (RuntimeException e) {
            return false; // the threaded path fails it the same way, reported as it does
        }
        return true;
    }

    /** Takes a request slot if one is free now, honouring the slots' fairness (a plain tryAcquire barges). */
    private boolean freeSlot() {
        try {
            return requestSlots.tryAcquire(0, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The outcome of a direct POST, exactly once: the answer read whole, or anything else. */
    private void finish(JsonRpcRequest request, Direct direct, Incoming response, Throwable error) {
        McpTransportException failure;
        try {
            failure = posts.received(request, exchanges.received(response, error), direct.used(), direct.initialize());
        } catch (Exchanges.AuthorizationRequired e) {
            failure = e.refused(); // 401 / 403 insufficient_scope: the client's authorisation stage takes it from here
        } catch (IOException e) {
            // After close the client fails its pending calls itself; nothing to report.
            failure = exchanges.isClosed() ? null : new io.mcphost.protocol.McpAnswerLostException(settings.name(),
                    "cannot reach " + where + ": " + HttpErrors.describe(e, settings.endpoint()), e);
        } catch (RuntimeException e) { // as in exchange: nothing escapes, nothing quoted
            failure = new McpTransportException(settings.name(), request.method() + " could not be sent to " + where
                    + ": " + e.getClass().getSimpleName());
        } finally {
            requestSlots.release();
        }
        report(request, failure);
    }
}
