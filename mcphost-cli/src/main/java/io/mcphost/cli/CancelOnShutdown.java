package io.mcphost.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (or SIGTERM) during a call: ends the progress line, says "cancelled", and interrupts the
 * calling thread, which makes the client send {@code notifications/cancelled} so the server can stop
 * the work. The hook waits a bounded time for the call to unwind: a JVM that is shutting down would
 * otherwise exit before the notification leaves. Installed around one call; not thread-safe.
 */
final class CancelOnShutdown implements AutoCloseable {
    // Long enough to write one notification, short enough that a second Ctrl-C is not needed.
    private static final Duration BUDGET = Duration.ofSeconds(2);

    private final CountDownLatch unwound = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean finished;

    private CancelOnShutdown(ProgressBar bar, PrintWriter err) {
        Thread caller = Thread.currentThread();
        this.hook = Thread.ofPlatform().name("mcphost-cancel-on-shutdown").unstarted(() -> {
            if (finished) {
                return;
            }
            bar.finish();
            err.println("mcphost: cancelled");
            err.flush();
            caller.interrupt();
            try {
                unwound.await(BUDGET.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Installs the hook for a call made by the current thread. */
    static CancelOnShutdown during(ProgressBar bar, PrintWriter err) {
        return new CancelOnShutdown(bar, err);
    }

    /** The call is over: the hook does nothing any more, and a running hook may let the JVM exit. */
    @Override
    public void close() {
        finished = true;
        unwound.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already running: it returns as soon as it sees the latch.
        }
    }
}
