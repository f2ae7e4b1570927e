package io.mcphost.testkit;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits on a condition with a deadline, instead of sleeping a fixed time: a test that sleeps is
 * either slow or flaky, one that polls with a deadline is neither. On timeout it fails with an
 * {@link AssertionError} that names what was awaited.
 *
 * <p>The condition is polled on the calling thread about once a millisecond, so it must be cheap and
 * safe to call from that thread while other threads change what it reads (use concurrent or volatile
 * state). The condition is evaluated at least once, even with a zero timeout; a negative timeout
 * throws {@link IllegalArgumentException}. Thread-safe: holds no state.
 */
public final class Await {
    // Short enough that a wait ends right after its condition holds, long enough not to steal a core
    // from the code under test on a loaded two-core build machine.
    private static final long POLL_NANOS = Duration.ofMillis(1).toNanos();

    private Await() {
    }

    /**
     * Blocks until {@code condition} returns {@code true}, for at most {@code timeout} (plus one
     * evaluation of the condition).
     *
     * @param timeout   how long to wait at most; must not be negative
     * @param condition polled on the calling thread until it holds
     * @param what      what is awaited, in words, for the failure message
     * @throws AssertionError if the condition still does not hold when the timeout passes, or the
     *                        calling thread is interrupted (its interrupt flag is kept)
     */
    public static void until(Duration timeout, BooleanSupplier condition, String what) {
        Objects.requireNonNull(what, "what");
        until(timeout, condition, () -> what);
    }

    /**
     * Like {@link #until(Duration, BooleanSupplier, String)}, but the description is computed only
     * when the wait fails, so it can report the state at the deadline ("server x never reached READY;
     * it is FAILED").
     *
     * @throws AssertionError if the condition still does not hold when the timeout passes, or the
     *                        calling thread is interrupted (its interrupt flag is kept)
     */
    public static void until(Duration timeout, BooleanSupplier condition, Supplier<String> what) {
        Objects.requireNonNull(condition, "condition");
        poll(timeout, () -> condition.getAsBoolean() ? Optional.of(Boolean.TRUE) : Optional.empty(), what);
    }

    /**
     * Blocks until {@code probe} returns a present value, and returns it; for at most {@code timeout}
     * (plus one evaluation of the probe). Use it to wait for something and then look at it, such as
     * the first request with a given method.
     *
     * @param timeout how long to wait at most; must not be negative
     * @param probe   polled on the calling thread; empty means "not yet"
     * @param what    what is awaited, in words, for the failure message
     * @param <T>     the type of the awaited value
     * @return the first present value the probe returned
     * @throws AssertionError if the probe is still empty when the timeout passes, or the calling
     *                        thread is interrupted (its interrupt flag is kept)
     */
    public static <T> T untilPresent(Duration timeout, Supplier<Optional<T>> probe, String what) {
        Objects.requireNonNull(what, "what");
        return poll(timeout, probe, () -> what);
    }

    private static <T> T poll(Duration timeout, Supplier<Optional<T>> probe, Supplier<String> what) {
        Objects.requireNonNull(probe, "probe");
        Objects.requireNonNull(what, "what");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> value = probe.get();
            if (value.isPresent()) {
                return value.get();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what.get());
            }
            LockSupport.parkNanos(POLL_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                throw new AssertionError("interrupted while waiting for " + what.get());
            }
        }
    }
}
