package io.mcphost.host;

import static io.mcphost.protocol.internal.Settings.between;
import static io.mcphost.protocol.internal.Settings.positive;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How an {@link McpHost} reconnects a server whose connection was lost: exponential backoff with
 * jitter, capped, for a bounded number of attempts, or not at all. Immutable and thread-safe.
 *
 * <p>Attempt {@code n} (1-based) waits {@code min(maxDelay, initialDelay × 2^(n-1))}, then scaled by a
 * random factor in {@code [1 - jitter, 1 + jitter]} so that servers that failed together do not all
 * retry in step. After {@code maxAttempts} failed attempts the server is FAILED.
 */
public final class ReconnectPolicy {
    private static final Duration DEFAULT_STABLE_AFTER = Duration.ofSeconds(30);
    private static final ReconnectPolicy NEVER =
            new ReconnectPolicy(Duration.ofSeconds(1), Duration.ofSeconds(1), 0, 0, DEFAULT_STABLE_AFTER);
    private static final ReconnectPolicy DEFAULT =
            new ReconnectPolicy(Duration.ofMillis(500), Duration.ofSeconds(30), 0.2, 10, DEFAULT_STABLE_AFTER);

    private final Duration initialDelay;
    private final Duration maxDelay;
    private final double jitter;
    private final int maxAttempts;
    private final Duration stableAfter;

    private ReconnectPolicy(Duration initialDelay, Duration maxDelay, double jitter, int maxAttempts, Duration stableAfter) {
        this.initialDelay = initialDelay;
        this.maxDelay = maxDelay;
        this.jitter = jitter;
        this.maxAttempts = maxAttempts;
        this.stableAfter = stableAfter;
    }

    /** 0.5 s, doubling up to 30 s, ±20 % jitter, 10 attempts. */
    public static ReconnectPolicy defaults() {
        return DEFAULT;
    }

    /** Never reconnect: a lost server stays FAILED until {@link McpHost#restartServer(String)}. */
    public static ReconnectPolicy never() {
        return NEVER;
    }

    /**
     * Exponential backoff from {@code initialDelay} up to {@code maxDelay}.
     *
     * @param jitter      0 (none) to 1 (each delay anywhere between 0 and twice its value)
     * @param maxAttempts attempts before giving up; must be positive
     */
    public static ReconnectPolicy exponential(Duration initialDelay, Duration maxDelay, double jitter, int maxAttempts) {
        positive(initialDelay, "initialDelay");
        positive(maxDelay, "maxDelay");
        if (maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("maxDelay " + maxDelay + " is shorter than initialDelay " + initialDelay);
        }
        between(jitter, 0, 1, "jitter");
        positive(maxAttempts, "maxAttempts");
        return new ReconnectPolicy(initialDelay, maxDelay, jitter, maxAttempts, DEFAULT_STABLE_AFTER);
    }

    /**
     * This policy, with the time a connection must stay up before the backoff starts over (30 s unless
     * set). A server that connects and dies again sooner (a crash loop, a flapping network) continues
     * the same backoff — longer waits, and FAILED once {@link #maxAttempts()} attempts are spent —
     * instead of being relaunched at the first delay forever.
     */
    public ReconnectPolicy stableAfter(Duration stableAfter) {
        return new ReconnectPolicy(initialDelay, maxDelay, jitter, maxAttempts, positive(stableAfter, "stableAfter"));
    }

    /** How long a connection must stay up before the backoff starts over. */
    public Duration stableAfter() {
        return stableAfter;
    }

    /** Whether lost servers are reconnected at all. */
    public boolean enabled() {
        return maxAttempts > 0;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    /** The wait before attempt {@code attempt} (1-based), jitter applied. */
    public Duration delay(int attempt) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt is 1-based, got " + attempt);
        }
        long base = initialDelay.toMillis();
        // 2^30 × any sane initial delay still fits a long; the cap applies long before.
        long capped = Math.min(maxDelay.toMillis(), base << Math.min(attempt - 1, 30));
        double factor = jitter == 0 ? 1 : 1 + ThreadLocalRandom.current().nextDouble(-jitter, jitter);
        return Duration.ofMillis(Math.max(0, Math.round(capped * factor)));
    }

    @Override
    public String toString() {
        return enabled() ? "ReconnectPolicy[" + initialDelay + ".." + maxDelay + ", jitter " + jitter + ", "
                + maxAttempts + " attempts, stable after " + stableAfter + "]" : "ReconnectPolicy[never]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReconnectPolicy p && p.initialDelay.equals(initialDelay) && p.maxDelay.equals(maxDelay)
                && p.jitter == jitter && p.maxAttempts == maxAttempts && p.stableAfter.equals(stableAfter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(initialDelay, maxDelay, jitter, maxAttempts, stableAfter);
    }
}
