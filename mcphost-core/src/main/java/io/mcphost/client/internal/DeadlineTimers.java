package io.mcphost.client.internal;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Fires request deadlines without a scheduled task per request. Deadlines are grouped into slots
 * by when they fall due, the slot's width growing with the timeout (1 ms for short ones, up to
 * 64 ms for minute-long ones: a 60 s timeout may fire that much late, a 100 ms one 1 ms late);
 * the first deadline of a slot schedules the slot once, and the rest only join it. A request
 * answered in time leaves its slot again (one concurrent-map removal): at 60,000 calls a second
 * with 60 s timeouts that is about a thousand scheduled slots a second instead of 60,000
 * schedule/cancel pairs on the scheduler's one lock. Thread-safe.
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

    /** Something that fires once its slot comes due (a {@link Deadline}). */
    interface Member {
        /** Runs on the timer thread; must return quickly. */
        void due();
    }

    /** The deadlines falling due within one slot, fired together by one scheduled task. */
    static final class Slot implements Runnable {
        private final long key;
        private final ConcurrentHashMap<Member, Boolean> members = new ConcurrentHashMap<>();
        private volatile boolean fired;

        Slot(long key) {
            this.key = key;
        }

        @Override
        public void run() {
            SLOTS.remove(key, this);
            fired = true;
            for (Member m : members.keySet()) {
                // Whoever removes a member runs it: a member joining as the slot fires is run once.
                if (members.remove(m) != null) {
                    try {
                        m.due();
                    } catch (RuntimeException e) {
                        // One deadline's failure must not keep the others of the slot from firing.
                        LOG.warn("a request deadline failed to fire", e);
                    }
                }
            }
        }

        /** Takes {@code m} out of this slot; true when it was still in it (so it will not fire from here). */
        boolean leave(Member m) {
            return members.remove(m) != null;
        }
    }

    /**
     * Has {@code member} fire at {@code dueNanos} (a {@link System#nanoTime()} value) or a little later.
     *
     * @return the slot it joined, to {@link Slot#leave} when it no longer needs to fire
     */
    static Slot join(Member member, long dueNanos) {
        long delay = dueNanos - System.nanoTime();
        int shift = 63 - Long.numberOfLeadingZeros(Math.max(1, delay)) - SLACK_SHIFT;
        shift = Math.min(MAX_SHIFT, Math.max(MIN_SHIFT, shift));
        // The end of the slot holding dueNanos: never early. Keyed by the slot's number and width, not
        // its time, whose low bits are all zero and would pile every slot into one bucket of the map.
        long index = (dueNanos >> shift) + 1;
        long key = (index << 6) | shift;
        int width = shift;
        while (true) {
            Slot slot = SLOTS.computeIfAbsent(key, k -> schedule(k, index << width));
            slot.members.put(member, Boolean.TRUE);
            if (!slot.fired || !slot.leave(member)) {
                // Not fired yet, so it will see us; or it fired and already took us out to run us.
                return slot;
            }
            // The slot fired before we joined and it had already passed us: join a new one (due now).
        }
    }

    private static Slot schedule(long key, long slotDue) {
        Slot slot = new Slot(key);
        TIMER.schedule(slot, Math.max(0, slotDue - System.nanoTime()), TimeUnit.NANOSECONDS);
        return slot;
    }
}
