package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The deadline of one pending request, which progress may push back. Thread-safe: progress arrives on
 * the transport's reader, the timer fires on the shared timer thread.
 *
 * <p>Progress never touches the timer: it only moves {@code dueNanos} forward. When its slot comes due
 * early (the deadline moved since) the owner moves it to the slot of what is left, so a call reporting
 * progress a thousand times a second still costs one slot at a time. Timers are the shared slots of
 * {@link DeadlineTimers}: a deadline fires never early, and late by at most about 1/64 of its timeout
 * (1 to 67 ms) plus the timer thread's own delay.
 */
final class Deadline {
    /** Without an explicit maximum, a call whose timeout progress restarts may take this many timeouts in all. */
    static final int DEFAULT_MAX_TOTAL_FACTOR = 10;

    /** How a request's deadline is set and moved: the call's options over the client's defaults. */
    record Policy(Duration timeout, boolean resetOnProgress, Duration maxTotal) {
        /** A deadline progress does not move (the handshake's). */
        static Policy fixed(Duration timeout) {
            return new Policy(timeout, false, timeout);
        }

        static Policy of(CallOptions options, ClientConfig config) {
            Duration timeout = options.requestTimeout().orElse(config.requestTimeout());
            boolean reset = options.resetTimeoutOnProgress().orElse(config.resetTimeoutOnProgress());
            if (!reset) {
                return fixed(timeout);
            }
            Duration maxTotal = options.maxTotalTimeout().or(config::maxTotalTimeout)
                    .orElseGet(() -> defaultMaxTotal(timeout));
            return new Policy(timeout, true, maxTotal);
        }

        /**
         * {@link #DEFAULT_MAX_TOTAL_FACTOR} timeouts. Not {@code Duration.multipliedBy}, which computes
         * through {@code BigDecimal}: a few percent of a client's CPU at 200k calls a second.
         */
        static Duration defaultMaxTotal(Duration timeout) {
            try {
                return Duration.ofSeconds(Math.multiplyExact(timeout.getSeconds(), DEFAULT_MAX_TOTAL_FACTOR),
                        (long) timeout.getNano() * DEFAULT_MAX_TOTAL_FACTOR);
            } catch (ArithmeticException e) {
                return timeout.isNegative() ? Duration.ofSeconds(Long.MIN_VALUE) : Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);
            }
        }
    }

    private final Policy policy;
    private final long hardNanos;
    private final AtomicInteger progressReports = new AtomicInteger();
    private final AtomicLong dueNanos = new AtomicLong();
    private volatile boolean stopped;
    /** The {@link DeadlineTimers} slot that fires this deadline; moved on by the timer thread only. */
    private volatile long slotKey;
    private volatile Runnable onExpired = () -> { };

    Deadline(Policy policy) {
        this.policy = policy;
        long start = System.nanoTime();
        this.hardNanos = start + (policy.resetOnProgress() ? policy.maxTotal().toNanos() : policy.timeout().toNanos());
        this.dueNanos.set(Math.min(start + policy.timeout().toNanos(), hardNanos));
        this.slotKey = DeadlineTimers.slotKey(dueNanos.get());
    }

    /** What runs once, on the shared timer thread, when the deadline passes; set before the deadline is swept. */
    void onExpired(Runnable action) {
        this.onExpired = action;
    }

    long slotKey() {
        return slotKey;
    }

    /** Moves this deadline to the slot of its current due time (progress pushed it back); returns that slot's key. */
    long recover() {
        long key = DeadlineTimers.slotKey(dueNanos.get());
        slotKey = key;
        return key;
    }

    /**
     * The sweep of this deadline's slot: fires it when due.
     *
     * @return true when it is still pending and due later (progress moved it), so it needs a later slot
     */
    boolean expireIfDue(long nowNanos) {
        if (stopped) {
            return false;
        }
        if (dueNanos.get() - nowNanos > 0) {
            return true;
        }
        stopped = true;
        onExpired.run();
        return false;
    }

    /** A progress notification for the request arrived: restart the timeout when the policy says so. */
    void progressed() {
        progressReports.incrementAndGet();
        if (!policy.resetOnProgress() || stopped) {
            return;
        }
        long next = Math.min(System.nanoTime() + policy.timeout().toNanos(), hardNanos);
        dueNanos.accumulateAndGet(next, Math::max); // only forward: two reports racing must not pull it back
    }

    /** The request finished: the deadline will not fire. */
    void stop() {
        stopped = true;
    }

    /** Whether the client must ask for progress (send a progress token) for this policy to work. */
    boolean needsProgress() {
        return policy.resetOnProgress();
    }

    /** Why the deadline passed, naming the limit that fired: "got no answer within ...". */
    String expiry() {
        Duration timeout = policy.timeout();
        int reports = progressReports.get();
        if (!policy.resetOnProgress()) {
            return "got no answer within " + timeout;
        }
        if (dueNanos.get() >= hardNanos) {
            return "got no answer within its maximum total time of " + policy.maxTotal() + " (" + reports
                    + " progress notifications each restarted its " + timeout + " timeout, up to that maximum)";
        }
        if (reports == 0) {
            return "got no answer and no progress within its timeout of " + timeout;
        }
        return "got no answer within its timeout of " + timeout + " after its last progress notification ("
                + reports + " received; each restarts the timeout)";
    }
}
