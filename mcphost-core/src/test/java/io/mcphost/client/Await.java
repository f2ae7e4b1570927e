package io.mcphost.client;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for a condition with a deadline instead of sleeping a fixed time. */
final class Await {
    private Await() {
    }

    static void until(BooleanSupplier condition, Duration limit, String what) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + limit + " waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000); // poll every millisecond: cheap, and no fixed sleep
        }
    }
}
