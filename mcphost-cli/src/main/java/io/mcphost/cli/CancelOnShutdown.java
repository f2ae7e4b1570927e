package io.mcphost.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (or SIGTERM) during a call: ends the progress line, says "cancelled", and interrupts the
 * calling thread, which makes the client send {@code notifications/cancelled} so the server can stop
 * the work; then the command ends with exit code 130.
 *
 * <p>Why a signal handler and not only a shutdown hook: the JVM runs its shutdown hooks all at once,
 * and the library's own hook kills every stdio server a program leaves running. A cancel sent from a
 * hook raced that kill and sometimes lost (the server never heard of it). The handler runs before any
 * shutdown begins: it cancels, waits a bounded time for the call to unwind, and only then lets the
 * command exit. Where the JVM does not let us handle the signal ({@code -Xrs}), the shutdown hook does
 * the same as before. Installed around one call by the calling thread; not thread-safe.
 */
final class CancelOnShutdown implements AutoCloseable {
    // Long enough to write one notification, short enough that a second Ctrl-C is not needed.
    private static final Duration BUDGET = Duration.ofSeconds(2);

    private final CountDownLatch unwound = new CountDownLatch(1);
    private final Thread hook;
    private final List<Installed> handlers = new ArrayList<>();
    private volatile boolean finished;
    private volatile boolean cancelling;

    private record Installed(Signal signal, SignalHandler previous) {
    }

    private CancelOnShutdown(ProgressBar bar, PrintWriter err) {
        Thread caller = Thread.currentThread();
        Runnable cancel = () -> {
            if (finished || cancelling) {
                return;
            }
            cancelling = true;
            bar.finish();
            err.println("mcphost: cancelled");
            err.flush();
            caller.interrupt();
            try {
                unwound.await(BUDGET.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        this.hook = Thread.ofPlatform().name("mcphost-cancel-on-shutdown").unstarted(cancel);
        Runtime.getRuntime().addShutdownHook(hook);
        for (String name : List.of("INT", "TERM")) {
            try {
                Signal signal = new Signal(name);
                handlers.add(new Installed(signal, Signal.handle(signal, s -> {
                    boolean callRunning = !finished;
                    cancel.run();
                    if (!callRunning || unwound.getCount() > 0) {
                        // The call had already ended, or did not unwind in time: exit as the signal would have.
                        System.exit(ExitCode.CANCELLED);
                    }
                    // Otherwise the calling thread unwinds with McpCancelledException and the command exits 130.
                })));
            } catch (IllegalArgumentException | UnsupportedOperationException notOurs) {
                // The JVM keeps this signal (-Xrs, or an embedding application): the hook above covers it.
            }
        }
    }

    /** Installs the hook for a call made by the current thread. */
    static CancelOnShutdown during(ProgressBar bar, PrintWriter err) {
        return new CancelOnShutdown(bar, err);
    }

    /** The call is over: the hook does nothing any more, and a running hook or handler may let the JVM exit. */
    @Override
    public void close() {
        finished = true;
        unwound.countDown();
        for (Installed installed : handlers) {
            Signal.handle(installed.signal(), installed.previous());
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already running: it returns as soon as it sees the latch.
        }
    }
}
