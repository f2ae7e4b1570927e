package io.mcphost.client.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Fires request deadlines without a scheduled task, or even a shared-map entry, per request.
 * Deadlines are grouped into slots by when they fall due, the slot's width growing with the timeout
 * (1 ms for short ones, up to 67 ms for minute-long ones: a 60 s timeout may fire that much late, a
 * 100 ms one 1 ms late). A slot is scheduled once, by the first {@link Owner} joining it, and holds
 * owners (a client's pending requests), not deadlines: a client whose consecutive requests fall due in
 * the same slot joins it once, and a request answered in time costs nothing here at all. When a slot
 * comes due, each of its owners sweeps its own pending requests for the deadlines of that slot.
 *
 * <p>Why this shape: with a deadline per slot entry, 64 concurrent callers all added to and removed
 * from the same slot's map on every call, which was 5 % of a tool call's client CPU; before that, a
 * scheduled task per request put 60,000 schedule/cancel pairs a second on the scheduler's one lock.
 * Thread-safe.
 */
final class DeadlineTimers {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DeadlineTimers.class);
    /** One thread for all clients, while any deadline is pending: it only fires deadlines, never runs user code or I/O. */
    private static final ScheduledThreadPoolExecutor TIMER = timer();
    private static final int MIN_SHIFT = 20; // 2^20 ns ≈ 1 ms
    private static final int MAX_SHIFT = 26; // 2^26 ns ≈ 67 ms
    /** A deadline may fire up to 1/64 of its delay late (within the bounds above). */
    private static final int SLACK_SHIFT = 6;

    private static final ConcurrentHashMap<Long, Slot> SLOTS = new ConcurrentHashMap<>();

    private DeadlineTimers() {
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "mcphost-request-timers");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        // Gone a second after the last slot fired (slots are not cancelled, so at most the longest timeout
        // after the last request): an application that closed every client keeps no thread of ours.
        timer.setKeepAliveTime(1, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        return timer;
    }

    /** Whoever holds deadlines (a client's {@link PendingRequests}): swept when a slot it joined comes due. */
    interface Owner {
        /**
         * Fires the deadlines this owner put in slot {@code slotKey} that are due, and moves those that
         * progress pushed back to a later slot. Runs on the timer thread; must return quickly.
         */
        void sweep(long slotKey);
    }

    /**
     * The slot a deadline falling due at {@code dueNanos} (a {@link System#nanoTime()} value) belongs to:
     * keyed by the slot's number and width, not its time, whose low bits are all zero and would pile
     * every slot into one bucket of the map. The slot ends after {@code dueNanos}: never early.
     */
    static long slotKey(long dueNanos) {
        long delay = dueNanos - System.nanoTime();
        int shift = 63 - Long.numberOfLeadingZeros(Math.max(1, delay)) - SLACK_SHIFT;
        shift = Math.min(MAX_SHIFT, Math.max(MIN_SHIFT, shift));
        long index = (dueNanos >> shift) + 1;
        return (index << 6) | shift;
    }

    /** The deadlines of several owners falling due within one slot, fired together by one scheduled task. */
    static final class Slot implements Runnable {
        private final long key;
        private final Set<Owner> owners = ConcurrentHashMap.newKeySet();
        private volatile boolean fired;

        Slot(long key) {
            this.key = key;
        }

        long key() {
            return key;
        }

        /** Whether the slot has begun firing: an owner joining now may be missed, and joins a new slot. */
        boolean fired() {
            return fired;
        }

        @Override
        public void run() {
            SLOTS.remove(key, this);
            fired = true;
            for (Owner owner : owners) {
                try {
                    owner.sweep(key);
                } catch (RuntimeException e) {
                    // One owner's failure must not keep the others of the slot from firing.
                    LOG.warn("request deadlines failed to fire", e);
                }
            }
        }
    }

    /**
     * Has {@code owner} swept when slot {@code key} comes due. The owner must hold its deadlines for that
     * slot (visibly to the timer thread) before it joins; joining the same slot again is harmless.
     *
     * @return the slot joined, not yet fired when joined
     */
    static Slot join(Owner owner, long key) {
        while (true) {
            Slot slot = SLOTS.computeIfAbsent(key, k -> schedule(k));
            slot.owners.add(owner);
            if (!slot.fired) {
                // Not fired yet, so its sweep will see us and what we hold.
                return slot;
            }
            // It fired as we joined and may have passed us: join a new one (due now, so it fires at once).
        }
    }

    private static Slot schedule(long key) {
        Slot slot = new Slot(key);
        int shift = (int) (key & 63);
        long slotEnd = (key >> 6) << shift;
        TIMER.schedule(slot, Math.max(0, slotEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
        return slot;
    }
}
