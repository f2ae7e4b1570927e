package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.EraTranslation;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code subscriptions/listen} stream of a modern session (revision 2026-07-28,
 * basic/patterns/subscriptions): what the HTTP GET stream and {@code resources/subscribe} did for
 * legacy servers. One stream per client, asking for the list-changed notifications the server
 * announces and for updates of the subscribed resource URIs; a change of the URIs replaces it (the
 * old one is cancelled). The notifications it carries reach the same listeners as a legacy server's
 * ({@code onListChanged}, resource subscriptions) through the client's inbound routing. A stream that
 * ends or breaks is opened again after a back-off (1 s doubling to 30 s, reset by an acknowledgment)
 * until the client closes; one the server refuses as unknown or invalid (-32601, -32602) is not (until
 * the subscriptions change). Thread-safe; nothing here blocks.
 */
final class ListenStream {
    private static final Logger LOG = LoggerFactory.getLogger(ListenStream.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** The stream lives until closed; its request must not time out like an ordinary one. */
    private static final Duration LIFETIME = Duration.ofDays(3650);
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private final Exchange exchange;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by lock. */
    private Set<String> uris = new TreeSet<>();
    private CompletableFuture<JsonNode> current;
    /**
     * The id of the stream whose acknowledgment {@link #acknowledged} waits for; null from the moment a
     * stream is replaced until its successor is sent. Written under the lock only, together with
     * {@link #acknowledged}, so that under the lock the two always name the same stream (volatile for
     * the lock-free {@link #current} check).
     */
    private volatile RequestId currentId;
    private CompletableFuture<Void> acknowledged = CompletableFuture.completedFuture(null);
    private Duration backoff = FIRST_BACKOFF;
    private boolean stopped;

    ListenStream(Exchange exchange) {
        this.exchange = exchange;
    }

    /** After a modern connect: the stream may open (the next {@link #resources} opens it). */
    void start() {
        lock.lock();
        try {
            stopped = false;
            backoff = FIRST_BACKOFF;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Listens for updates of exactly {@code wanted} from now on (plus the list changes): a new stream
     * replaces the current one. The future completes when the server acknowledged it.
     */
    CompletableFuture<Void> resources(Set<String> wanted) {
        lock.lock();
        try {
            uris = new TreeSet<>(wanted);
            return reopen();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether a notification belongs to the current stream: untagged ones (not from a listen stream)
     * do; tagged ones only when they name it (on stdio all streams share one channel, and a replaced
     * stream's late notifications must not be delivered twice).
     */
    boolean current(JsonNode params) {
        JsonNode id = params.path("_meta").path(ModernMeta.SUBSCRIPTION_ID);
        if (id.isMissingNode() || id.isNull()) {
            return true;
        }
        RequestId mine = currentId;
        return mine != null && switch (mine) {
            case RequestId.NumberId n -> id.isIntegralNumber() && id.canConvertToLong() && id.longValue() == n.value();
            case RequestId.StringId s -> id.isString() && id.stringValue().equals(s.value());
        };
    }

    /**
     * The server's {@code notifications/subscriptions/acknowledged}; one for another stream is ignored.
     * Checked under the lock: checked before it, the acknowledgment of a stream being replaced could
     * pass while its id was still current and then, once the replacement released the lock, complete
     * the replacement's acknowledgment before the server had even seen that stream (a subscriber then
     * missed the updates published in between).
     */
    void acknowledged(JsonNode params) {
        CompletableFuture<Void> ack;
        lock.lock();
        try {
            if (!current(params)) {
                return;
            }
            backoff = FIRST_BACKOFF;
            ack = acknowledged;
        } finally {
            lock.unlock();
        }
        ack.complete(null);
    }

    /** The client closed, failed or lost its session: the stream ends and is not opened again. */
    void stop() {
        CompletableFuture<JsonNode> ending;
        lock.lock();
        try {
            stopped = true;
            ending = current;
            current = null;
            currentId = null;
            acknowledged.cancel(false);
        } finally {
            lock.unlock();
        }
        if (ending != null) {
            ending.cancel(false);
        }
    }

    /** Replaces the stream by one with the current filter. Under the lock. */
    private CompletableFuture<Void> reopen() {
        CompletableFuture<JsonNode> previous = current;
        current = null;
        currentId = null; // the replaced stream's acknowledgment, still on its way, must not count for the new one
        if (previous != null) {
            previous.cancel(false);
        }
        ObjectNode filter = filter();
        if (stopped || filter.isEmpty()) {
            acknowledged = CompletableFuture.completedFuture(null);
            return acknowledged;
        }
        CompletableFuture<Void> ack = new CompletableFuture<>();
        CompletableFuture<Void> replaced = acknowledged;
        if (!replaced.isDone()) {
            // A caller still waits for the replaced stream's acknowledgment: the new stream's answers it.
            ack.whenComplete((v, e) -> {
                if (e == null) {
                    replaced.complete(null);
                } else {
                    replaced.completeExceptionally(e);
                }
            });
        }
        acknowledged = ack;
        ObjectNode params = CODEC.newObject();
        params.set("notifications", filter);
        CompletableFuture<JsonNode> stream;
        try {
            stream = exchange.sendTracked(ModernMethods.SUBSCRIPTIONS_LISTEN, params, CallOptions.timeout(LIFETIME),
                    id -> sent(ack, id));
        } catch (McpException e) {
            ack.completeExceptionally(e);
            return ack;
        }
        current = stream;
        stream.whenComplete((result, error) -> ended(stream, ack, error));
        return ack;
    }

    /**
     * A stream's request is about to be sent, under {@code id} (again under a new one after a session
     * recovery): from now on its acknowledgment and notifications count, unless it was replaced
     * meanwhile (a retry may be sent from another thread, after the lock was released).
     */
    private void sent(CompletableFuture<Void> ack, RequestId id) {
        lock.lock();
        try {
            if (acknowledged == ack) {
                currentId = id;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The list-changed types the server announces, and the subscribed URIs. */
    private ObjectNode filter() {
        return EraTranslation.listenFilter(exchange.session().capabilitiesJson(), uris);
    }

    /** A stream ended: cancelled by us (nothing to do), or by the server or the connection (open again later). */
    private void ended(CompletableFuture<JsonNode> stream, CompletableFuture<Void> ack, Throwable error) {
        if (stream.isCancelled()) {
            return;
        }
        if (error != null && !ack.isDone()) {
            ack.completeExceptionally(exchange.unwrap(error)); // refused before it was acknowledged: the caller hears why
        }
        if (error != null && exchange.unwrap(error) instanceof io.mcphost.protocol.McpError refused
                && (refused.code() == io.mcphost.protocol.JsonRpcError.METHOD_NOT_FOUND
                || refused.code() == io.mcphost.protocol.JsonRpcError.INVALID_PARAMS)) {
            // The server refuses the stream itself (an unknown method, a filter it rejects): asking again
            // would be refused again. The next change of the subscriptions tries once more. Any other error
            // (an internal one, a cancellation by a server that is stopping) is the moment's: opened again
            // after the back-off, as after a break, so that a replica going away loses no subscription.
            LOG.debug("server '{}': subscriptions/listen refused: {}", exchange.name(), refused.getMessage());
            lock.lock();
            try {
                if (current == stream) {
                    current = null;
                }
            } finally {
                lock.unlock();
            }
            return;
        }
        Duration wait;
        lock.lock();
        try {
            if (stopped || current != stream) {
                return;
            }
            current = null;
            wait = backoff;
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        } finally {
            lock.unlock();
        }
        LOG.debug("server '{}': the subscriptions/listen stream ended ({}); opening it again in {} ms", exchange.name(),
                error == null ? "closed by the server" : exchange.unwrap(error).getMessage(), wait.toMillis());
        Thread.ofVirtual().name("mcphost-listen-" + exchange.name()).start(() -> {
            try {
                Thread.sleep(wait.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            lock.lock();
            try {
                if (!stopped && current == null) {
                    reopen();
                }
            } finally {
                lock.unlock();
            }
        });
    }
}
