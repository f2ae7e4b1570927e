package io.mcphost.langchain4j;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for a condition with a deadline, failing with what was awaited. */
final class Await {
    private Await() {
    }

    static void until(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for: " + what);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }
}
