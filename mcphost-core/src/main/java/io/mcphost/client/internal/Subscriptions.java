package io.mcphost.client.internal;

import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The client's resource subscriptions: the listeners of each URI, and the one subscription per URI
 * on the server that they share. Thread-safe. The lock guards only the bookkeeping, never a request:
 * the server-side operations of one URI ({@code resources/subscribe}, {@code resources/unsubscribe})
 * are chained on futures, so they reach the server in the order they were decided even though none
 * of them is awaited here.
 */
final class Subscriptions {
    private static final Logger LOG = LoggerFactory.getLogger(Subscriptions.class);

    private final Exchange exchange;
    /** How the server is told of the URIs: the current era session's way. */
    private final EraSessions sessions;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Entry> byUri = new HashMap<>();

    /** One URI: its handles, and the server-side operations for it, one after another. */
    private static final class Entry {
        final String uri;
        /** Open handles, including those still waiting for the server's answer. */
        final List<Handle> handles = new CopyOnWriteArrayList<>();
        /** The subscribe that the current handles rely on. Guarded by the lock. */
        CompletableFuture<Void> subscribed = CompletableFuture.completedFuture(null);
        /** The latest server-side operation; the next one starts after it. Guarded by the lock. */
        CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

        Entry(String uri) {
            this.uri = uri;
        }
    }

    Subscriptions(Exchange exchange, EraSessions sessions) {
        this.exchange = exchange;
        this.sessions = sessions;
    }

    /** After connecting: the session is told of what the client holds (a modern one opens its listen stream). */
    void connected() {
        resume();
    }

    /** Whether a notification is not from a replaced listen stream (see {@link ListenStream#current}). */
    boolean fromCurrentStream(JsonNode params) {
        return sessions.modern().listen().current(params);
    }

    /** A modern server's {@code notifications/subscriptions/acknowledged}. Reader thread. */
    void acknowledged(JsonNode params) {
        sessions.modern().listen().acknowledged(params);
    }

    /** The URIs with listeners, plus {@code adding}, minus {@code removing}. Under the lock. */
    private java.util.Set<String> held(String adding, String removing) {
        java.util.Set<String> uris = new java.util.TreeSet<>();
        byUri.forEach((uri, entry) -> {
            if (!entry.handles.isEmpty()) {
                uris.add(uri);
            }
        });
        if (adding != null) {
            uris.add(adding);
        }
        if (removing != null) {
            uris.remove(removing);
        }
        return uris;
    }

    CompletableFuture<ResourceSubscription> subscribe(String uri, Consumer<ResourceUpdatedNotificationParams> listener) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(listener, "listener");
        JsonNode subscribe = exchange.session().capabilitiesJson().path("resources").path("subscribe");
        if (!subscribe.isBoolean() || !subscribe.booleanValue()) {
            throw new McpCapabilityException(exchange.name(), McpMethod.RESOURCES_SUBSCRIBE
                    + " needs the server capability 'resources.subscribe', which this server did not announce");
        }
        Handle handle;
        CompletableFuture<Void> ready;
        lock.lock();
        try {
            Entry entry = byUri.computeIfAbsent(uri, Entry::new);
            handle = new Handle(entry, listener);
            if (entry.handles.isEmpty()) {
                entry.subscribed = chain(entry, () -> sessions.current().subscribe(uri, held(uri, null)));
            }
            entry.handles.add(handle);
            ready = entry.subscribed;
        } finally {
            lock.unlock();
        }
        CompletableFuture<ResourceSubscription> result = new CompletableFuture<>();
        ready.whenComplete((v, error) -> {
            if (error != null) {
                handle.forget();
                result.completeExceptionally(exchange.unwrap(error));
            } else {
                handle.active.set(true);
                if (!result.complete(handle)) {
                    handle.closeAsync(); // the caller cancelled while the server was subscribing
                }
            }
        });
        return result;
    }

    /**
     * The era was probed again mid-session (EraRecheck): the session it replaced ends (a modern one's
     * listen stream), and the session found is told of what the client holds.
     */
    void eraProbedAgain(EraSession replaced) {
        if (replaced != sessions.current()) {
            replaced.ended();
        }
        resume();
    }

    /** After the session was re-initialised: the new session knows no subscriptions, so subscribe again. */
    void resubscribeAll() {
        resume();
    }

    /** A new session, which knows none of the subscriptions: the era's way of telling it of them all. */
    private void resume() {
        EraSession session = sessions.current();
        lock.lock();
        try {
            session.started(held(null, null), this::subscribeAgain);
        } finally {
            lock.unlock();
        }
    }

    /** One held URI subscribed again, after whatever the client does with it already. Under the lock. */
    private void subscribeAgain(String uri) {
        Entry entry = byUri.get(uri);
        java.util.Set<String> held = held(null, null);
        chain(entry, () -> sessions.current().subscribe(uri, held)).whenComplete((v, error) -> {
            if (error != null) {
                LOG.warn("server '{}': could not subscribe to {} again after re-initialising: {}",
                        exchange.name(), uri, exchange.unwrap(error).getMessage());
            }
        });
    }

    /** The client closed or failed: every handle ends, and nothing is sent for them. */
    void clear() {
        sessions.endAll();
        List<Entry> entries;
        lock.lock();
        try {
            entries = List.copyOf(byUri.values());
            byUri.clear();
        } finally {
            lock.unlock();
        }
        entries.forEach(entry -> entry.handles.forEach(h -> h.closed.set(true)));
    }

    /** Delivers an update to the listeners of its URI and of the URIs it is a sub-resource of. Notification thread. */
    void deliver(ResourceUpdatedNotificationParams update) {
        List<Handle> targets = new ArrayList<>();
        lock.lock();
        try {
            for (Entry entry : byUri.values()) {
                if (covers(entry.uri, update.uri())) {
                    targets.addAll(entry.handles);
                }
            }
        } finally {
            lock.unlock();
        }
        if (targets.isEmpty()) {
            LOG.debug("server '{}': update of {}, to which nothing is subscribed", exchange.name(), update.uri());
        }
        for (Handle handle : targets) {
            if (handle.active.get() && !handle.closed.get()) {
                try {
                    handle.listener.accept(update);
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': the listener of {} threw; ignored", exchange.name(), handle.entry.uri, e);
                }
            }
        }
    }

    /** The spec lets an update name a sub-resource of the subscribed URI: the same URI with more after it. */
    static boolean covers(String subscribed, String updated) {
        if (!updated.startsWith(subscribed)) {
            return false;
        }
        if (updated.length() == subscribed.length() || subscribed.endsWith("/")) {
            return true;
        }
        char next = updated.charAt(subscribed.length());
        return next == '/' || next == '?' || next == '#';
    }

    /** Runs {@code operation} after the URI's previous server-side operation, whatever its outcome. Under the lock. */
    private static CompletableFuture<Void> chain(Entry entry, Supplier<CompletableFuture<Void>> operation) {
        CompletableFuture<Void> next = entry.last.handle((v, e) -> null).thenCompose(v -> operation.get());
        entry.last = next;
        return next;
    }

    /** One listener's subscription. */
    private final class Handle implements ResourceSubscription {
        final Entry entry;
        final Consumer<ResourceUpdatedNotificationParams> listener;
        final AtomicBoolean active = new AtomicBoolean();
        final AtomicBoolean closed = new AtomicBoolean();

        Handle(Entry entry, Consumer<ResourceUpdatedNotificationParams> listener) {
            this.entry = entry;
            this.listener = listener;
        }

        @Override
        public String uri() {
            return entry.uri;
        }

        @Override
        public boolean isActive() {
            return active.get() && !closed.get();
        }

        /** The subscribe it waited for failed: it never became active, and the server has nothing to undo. */
        void forget() {
            closed.set(true);
            lock.lock();
            try {
                entry.handles.remove(this);
                if (entry.handles.isEmpty()) {
                    byUri.remove(entry.uri, entry);
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            try {
                exchange.await(closeAsync());
            } catch (McpException e) {
                LOG.debug("server '{}': closing the subscription to {} was interrupted", exchange.name(), entry.uri);
            }
        }

        @Override
        public CompletableFuture<Void> closeAsync() {
            if (!closed.compareAndSet(false, true)) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> unsubscribe;
            lock.lock();
            try {
                if (!entry.handles.remove(this) || !entry.handles.isEmpty() || byUri.get(entry.uri) != entry) {
                    return CompletableFuture.completedFuture(null); // others still listen, or the client cleared it
                }
                unsubscribe = chain(entry, () -> sessions.current().unsubscribe(entry.uri, held(null, entry.uri)));
            } finally {
                lock.unlock();
            }
            return unsubscribe.handle((v, error) -> {
                if (error != null) {
                    LOG.debug("server '{}': could not unsubscribe from {}: {}", exchange.name(), entry.uri,
                            exchange.unwrap(error).getMessage());
                }
                lock.lock();
                try {
                    if (entry.handles.isEmpty() && entry.last == unsubscribe) {
                        byUri.remove(entry.uri, entry); // nothing subscribed or queued since
                    }
                } finally {
                    lock.unlock();
                }
                return null;
            });
        }
    }
}
