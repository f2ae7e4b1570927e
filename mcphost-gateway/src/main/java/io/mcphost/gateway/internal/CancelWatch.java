package io.mcphost.gateway.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Watches the downstream requests whose handlers block in an upstream call on their own thread, and
 * interrupts such a handler once its request is cancelled (the toolkit offers a flag to poll, no
 * callback); the interrupted host call cancels the upstream call ({@code notifications/cancelled}).
 * One ticker for all the calls, running only while some call is watched, looks every
 * {@link #CHECK_MILLIS}: a forwarded call costs a set entry, not a thread of its own to wait on (a
 * hand-off to another thread and back was a good part of what the gateway added to every call).
 * Thread-safe.
 */
final class CancelWatch {
    /** How often the ticker looks at the watched requests' cancellation flags. */
    static final long CHECK_MILLIS = 50;

    private static final Set<Watched> WATCHED = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean TICKING = new AtomicBoolean();

    private CancelWatch() {
    }

    /**
     * One watched call, on the thread that blocks in it: closing it (try-with-resources, on that same
     * thread) stops the watch, and clears an interrupt the watch sent (its own or {@link #callOff()}'s),
     * so the handler's thread never goes on with a stray interrupt.
     */
    static final class Watched implements AutoCloseable {
        private final Thread caller;
        private final BooleanSupplier cancelled;
        /** Guards {@link #done} and {@link #fired}: no interrupt after {@link #close()}. */
        private final Object lock = new Object();
        private boolean done;
        private boolean fired;

        private Watched(Thread caller, BooleanSupplier cancelled) {
            this.caller = caller;
            this.cancelled = cancelled;
        }

        /** Whether the caller was interrupted: its downstream request was cancelled, or {@link #callOff()} was called. */
        boolean fired() {
            synchronized (lock) {
                return fired;
            }
        }

        /**
         * Calls the upstream call off now (an input relay's new round): interrupts the caller unless the
         * watch is closed, so that an interrupt never outlives the call it was meant for. Any thread.
         */
        void callOff() {
            synchronized (lock) {
                if (!done && !fired) {
                    fired = true;
                    caller.interrupt();
                }
            }
        }

        private void check() {
            if (!cancelled.getAsBoolean()) {
                return;
            }
            callOff();
            WATCHED.remove(this);
        }

        @Override
        public void close() {
            WATCHED.remove(this);
            synchronized (lock) {
                done = true;
                if (fired) {
                    Thread.interrupted(); // ours, sent to call the upstream off: not the handler's to see
                }
            }
        }
    }

    /** Starts watching {@code cancelled} for the calling thread, which is about to block in an upstream call. */
    static Watched watch(BooleanSupplier cancelled) {
        Watched watched = new Watched(Thread.currentThread(), cancelled);
        WATCHED.add(watched);
        if (!TICKING.get() && TICKING.compareAndSet(false, true)) {
            Thread.ofVirtual().name("mcphost-gateway-cancel-watch").start(CancelWatch::tick);
        }
        return watched;
    }

    /** Looks at every watched call each {@link #CHECK_MILLIS}; ends when none is left (a later watch starts another). */
    private static void tick() {
        while (true) {
            try {
                Thread.sleep(CHECK_MILLIS);
            } catch (InterruptedException e) {
                TICKING.set(false);
                return;
            }
            for (Watched watched : WATCHED) {
                try {
                    watched.check();
                } catch (RuntimeException e) {
                    WATCHED.remove(watched); // a flag that cannot be read is never cancelled: the call ends on its own
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
