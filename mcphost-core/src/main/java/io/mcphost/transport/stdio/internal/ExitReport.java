package io.mcphost.transport.stdio.internal;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Says how a server process ended, for the exception its callers see: the exit code (or that it
 * still runs) and the end of its stderr, which usually holds the real reason ("API_KEY is not set").
 *
 * @param message    the whole sentence, the stderr tail quoted at its end
 * @param stderrTail the end of stderr on its own, empty when the server wrote nothing there
 */
public record ExitReport(String message, String stderrTail) {
    private static final int TAIL_LINES = 20;
    private static final int TAIL_CHARS = 4 * 1024;

    /**
     * Waits until {@code deadlineNanos} (a {@link System#nanoTime()} value) at most for the exit
     * code and for stderr to reach its end, then describes what it has.
     */
    public static ExitReport of(Process process, StderrDrain stderr, long deadlineNanos) {
        StringBuilder message = new StringBuilder();
        try {
            if (process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                message.append(exitDescription(process.exitValue()));
            } else {
                message.append("server closed its stdout but is still running; stopping it");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            message.append("server stopped answering");
        }
        // The stderr pipe ends with the process unless a grandchild inherited it: wait, but boundedly.
        stderr.awaitEnd(Duration.ofNanos(deadlineNanos - System.nanoTime()));
        String tail = Excerpt.tail(stderr.tail(), TAIL_LINES, TAIL_CHARS);
        if (tail.isEmpty()) {
            message.append("; it wrote nothing to stderr");
        } else {
            message.append("; its stderr ended with:\n").append(tail);
        }
        return new ExitReport(message.toString(), tail);
    }

    /** Signal numbers as Linux and macOS share them, for the ones a server plausibly dies of. */
    private static final String[] SIGNALS = {null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
        "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};

    /**
     * "exited with code 1", or for a process ended by a signal (the JDK reports 128 + its number)
     * "was killed by SIGKILL (exit 137)": a bare 137 sends people looking in the server's code when
     * the OOM killer or a supervisor ended it.
     */
    static String exitDescription(int code) {
        int signal = code - 128;
        if (signal > 0 && signal < SIGNALS.length && SIGNALS[signal] != null
                && !System.getProperty("os.name", "").startsWith("Windows")) {
            return "server process was killed by " + SIGNALS[signal] + " (exit " + code + ")";
        }
        return "server process exited with code " + code;
    }
}
