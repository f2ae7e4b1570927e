package io.mcphost.cli;

/**
 * With {@code -Dmcphost.trace.startup=true} (through the launcher: {@code MCPHOST_JAVA_OPTS}), prints on
 * stderr when a command reaches each step of its start: milliseconds since {@code main} began, and the
 * wall clock in epoch milliseconds, to line up with the server's own clock (docs/cli-startup.md). Off, it
 * costs one property read.
 */
final class StartupTrace {
    private static final boolean ON = Boolean.getBoolean("mcphost.trace.startup");
    private static final long START = System.nanoTime();

    private StartupTrace() {
    }

    /** Prints the step with its time when tracing is on. */
    static void mark(String step) {
        if (ON) {
            System.err.println("mcphost startup: " + (System.nanoTime() - START) / 1_000_000 + " ms " + step
                    + " [" + Thread.currentThread().getName() + ", epoch " + System.currentTimeMillis() + "]");
        }
    }
}
