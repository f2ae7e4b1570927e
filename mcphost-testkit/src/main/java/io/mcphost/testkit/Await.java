package io.mcphost.transport;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits on a condition with a deadline, failing with a message that says what was awaited. */
public final class Await {
    private Await() {
    }

    public static void until(String what, Duration deadline, BooleanSupplier condition) {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after " + deadline + " waiting for: " + what);
            }
            Thread.onSpinWait();
            try {
                Thread.sleep(2); // polling interval of the wait loop, not a fixed delay in a test
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for: " + what, e);
            }
        }
    }
}
