package io.mcphost.server.internal;

import io.mcphost.server.SubscriptionListener;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many sessions and listen streams subscribe to each resource URI, server-wide, telling the
 * application's {@link SubscriptionListener} when a count leaves or reaches zero. Thread-safe; the
 * listener runs under this object's lock, so calls for one URI never overlap or reorder.
 */
final class Watched {
    private static final Logger LOG = LoggerFactory.getLogger(Watched.class);

    private final Optional<SubscriptionListener> listener;
    private final Map<String, Integer> counts = new HashMap<>();
    private final ReentrantLock lock = new ReentrantLock();

    Watched(Optional<SubscriptionListener> listener) {
        this.listener = listener;
    }

    void add(String uri) {
        if (listener.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            if (counts.merge(uri, 1, Integer::sum) == 1) {
                tell(uri, true);
            }
        } finally {
            lock.unlock();
        }
    }

    void remove(String uri) {
        if (listener.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            Integer count = counts.get(uri);
            if (count == null) {
                return; // an unsubscribe that no subscribe counted (the session had not subscribed)
            }
            if (count == 1) {
                counts.remove(uri);
                tell(uri, false);
            } else {
                counts.put(uri, count - 1);
            }
        } finally {
            lock.unlock();
        }
    }

    private void tell(String uri, boolean first) {
        try {
            if (first) {
                listener.get().firstSubscribed(uri);
            } else {
                listener.get().lastUnsubscribed(uri);
            }
        } catch (RuntimeException e) {
            LOG.warn("a subscription listener failed for {}", uri, e);
        }
    }
}
