package io.mcphost.server.http.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Requests served on their POST's own thread that must not stay silent for long: each watch runs its
 * action once (a writer of its own for the response, which sends keep-alives and notices a vanished
 * client) when its request is still being served after its limit. One ticker for all of them, running
 * only while something is watched, looks every {@link #CHECK_MILLIS}: a request costs a set entry, not
 * a timer task or a thread. Thread-safe.
 */
final class LongServing {
    /** How often the ticker looks: an action runs at most this much after its limit. */
    static final long CHECK_MILLIS = 250;

    private static final Set<Watch> WATCHED = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean TICKING = new AtomicBoolean();

    private LongServing() {
    }

    /** One request being served; closing it (the request was served) cancels the action if it has not run. */
    static final class Watch implements AutoCloseable {
        private final long dueNanos;
        private final Runnable action;

        private Watch(long dueNanos, Runnable action) {
            this.dueNanos = dueNanos;
            this.action = action;
        }

        @Override
        public void close() {
            WATCHED.remove(this);
        }
    }

    /** Runs {@code action} once if the request is still being served after {@code limitMillis}. */
    static Watch watch(long limitMillis, Runnable action) {
        Watch watch = new Watch(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis), action);
        WATCHED.add(watch);
        if (!TICKING.get() && TICKING.compareAndSet(false, true)) {
            Thread.ofVirtual().name("mcphost-http-long-serving").start(LongServing::tick);
        }
        return watch;
    }

    private static void tick() {
        while (true) {
            try {
                Thread.sleep(CHECK_MILLIS);
            } catch (InterruptedException e) {
                TICKING.set(false);
                return;
            }
            long now = System.nanoTime();
            for (Watch watch : WATCHED) {
                if (now - watch.dueNanos >= 0 && WATCHED.remove(watch)) {
                    try {
                        watch.action.run();
                    } catch (RuntimeException e) {
                        // the action's own failure is its request's; the ticker serves the others
                    }
                }
            }
            if (WATCHED.isEmpty()) {
                TICKING.set(false);
                // A watch added after the look above, which saw TICKING still set, is this ticker's to serve.
                if (WATCHED.isEmpty() || !TICKING.compareAndSet(false, true)) {
                    return;
                }
            }
        }
    }
}
