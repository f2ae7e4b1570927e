package io.mcphost.server.http.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Per-client limits: at most {@code maxConcurrent} counted requests running at once, and a token
 * bucket of {@code burst} tokens refilled at {@code ratePerSecond}, one token per request. A client is
 * whatever key the caller gives (the principal, else the remote address).
 *
 * <p>Memory stays bounded by the clients actually active: a client with nothing running and a full
 * bucket is indistinguishable from one never seen, so such entries are dropped (swept at most once a
 * second, by whichever request comes then). Thread-safe: each client's state changes only inside its
 * map entry's atomic {@code compute}, which never blocks on anything else.
 */
final class ClientLimits {
    private static final long SWEEP_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Why a request was refused, and when to try again (whole seconds, at least 1). */
    record Refusal(long retryAfterSeconds, String reason) {
    }

    /** One client's state; read and written only inside {@code clients.compute*}. */
    private static final class Client {
        double tokens;
        long stamp;
        int running;

        Client(double tokens, long stamp) {
            this.tokens = tokens;
            this.stamp = stamp;
        }
    }

    private final int maxConcurrent;
    private final double ratePerSecond;
    private final int burst;
    private final LongSupplier nanoTime;
    private final Map<String, Client> clients = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep;

    /**
     * @param maxConcurrent at most this many counted requests per client at once; 0 for no limit
     * @param ratePerSecond tokens added per second; 0 for no rate limit
     * @param burst         the bucket's size, the most requests a rested client may make at once
     * @param nanoTime      the clock, {@link System#nanoTime} outside tests
     */
    ClientLimits(int maxConcurrent, double ratePerSecond, int burst, LongSupplier nanoTime) {
        this.maxConcurrent = maxConcurrent;
        this.ratePerSecond = ratePerSecond;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.lastSweep = new AtomicLong(nanoTime.getAsLong());
    }

    /**
     * Admits one request of {@code client}, or says why not; an admitted request that {@code counts}
     * holds a concurrency slot until {@link #release}. A refused request uses up nothing.
     */
    Refusal acquire(String client, boolean counts) {
        long now = nanoTime.getAsLong();
        Refusal[] refusal = new Refusal[1];
        clients.compute(client, (key, c) -> {
            Client state = c != null ? c : new Client(burst, now);
            refill(state, now);
            if (counts && maxConcurrent > 0 && state.running >= maxConcurrent) {
                refusal[0] = new Refusal(1, "at most " + maxConcurrent + " requests may run at once per client");
            } else if (ratePerSecond > 0 && state.tokens < 1) {
                long wait = (long) Math.ceil((1 - state.tokens) / ratePerSecond);
                refusal[0] = new Refusal(Math.max(1, wait), "at most " + ratePerSecond
                        + " requests per second per client (bursts of " + burst + ")");
            } else {
                if (ratePerSecond > 0) {
                    state.tokens -= 1;
                }
                if (counts) {
                    state.running++;
                }
            }
            return state;
        });
        sweepIfDue(now);
        return refusal[0];
    }

    /**
     * Takes a concurrency slot of {@code client}, admitted already ({@link #acquire} with {@code counts} false),
     * or says why not; held until {@link #release}.
     */
    Refusal acquireSlot(String client) {
        Refusal[] refusal = new Refusal[1];
        clients.compute(client, (key, c) -> {
            Client state = c != null ? c : new Client(burst, nanoTime.getAsLong());
            if (maxConcurrent > 0 && state.running >= maxConcurrent) {
                refusal[0] = new Refusal(1, "at most " + maxConcurrent + " requests may run at once per client");
            } else {
                state.running++;
            }
            return state;
        });
        return refusal[0];
    }

    /** Frees the concurrency slot of an admitted request that counted. */
    void release(String client) {
        clients.computeIfPresent(client, (key, state) -> {
            state.running--;
            return state;
        });
    }

    /** How many clients are tracked now; for tests of the memory bound. */
    int tracked() {
        return clients.size();
    }

    private void refill(Client state, long now) {
        if (ratePerSecond > 0) {
            long elapsed = Math.max(0, now - state.stamp);
            state.tokens = Math.min(burst, state.tokens + elapsed * ratePerSecond / 1e9);
        }
        state.stamp = now;
    }

    private void sweepIfDue(long now) {
        long last = lastSweep.get();
        if (now - last < SWEEP_NANOS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        for (String key : clients.keySet()) {
            clients.computeIfPresent(key, (k, state) -> {
                refill(state, now);
                boolean rested = state.running == 0 && (ratePerSecond <= 0 || state.tokens >= burst);
                return rested ? null : state;
            });
        }
    }
}
