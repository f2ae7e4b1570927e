package io.mcphost.cli;

import io.mcphost.client.Progress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Shows a call's progress notifications on stderr: on a terminal, one bar redrawn in place;
 * otherwise (a log file, a pipe, a test) one plain line per notification, so no carriage
 * returns end up in files. Thread-safe: notifications arrive on the client's reader thread
 * while {@link #finish()} runs on the caller's.
 */
final class ProgressBar implements Consumer<Progress> {
    private static final int BAR_CELLS = 30;
    // ANSI "erase to end of line": a shorter message must not leave the tail of a longer one.
    private static final String ERASE_LINE_TAIL = "\033[K";

    private final PrintWriter err;
    private final boolean terminal;
    private final int columns;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean lineOpen;

    ProgressBar(PrintWriter err, boolean terminal, int columns) {
        this.err = err;
        this.terminal = terminal;
        this.columns = columns;
    }

    @Override
    public void accept(Progress progress) {
        String line = render(progress);
        lock.lock();
        try {
            if (terminal) {
                err.print("\r" + fit(line) + ERASE_LINE_TAIL);
                lineOpen = true;
            } else {
                err.println(line);
            }
            err.flush();
        } finally {
            lock.unlock();
        }
    }

    /** Ends the bar's line, so what comes next does not start in the middle of it. */
    void finish() {
        lock.lock();
        try {
            if (lineOpen) {
                err.println();
                err.flush();
                lineOpen = false;
            }
        } finally {
            lock.unlock();
        }
    }

    static String render(Progress p) {
        String message = p.message().map(m -> " " + m.replaceAll("\\s+", " ").strip()).orElse("");
        if (p.fraction().isEmpty()) {
            return "progress " + number(p.progress()) + message;
        }
        double fraction = p.fraction().getAsDouble();
        int filled = (int) Math.round(fraction * BAR_CELLS);
        return "[" + "#".repeat(filled) + ".".repeat(BAR_CELLS - filled) + "] "
                + String.format(Locale.ROOT, "%3d%%", Math.round(fraction * 100)) + message;
    }

    private String fit(String line) {
        // A line wider than the terminal wraps, and "\r" then redraws only its last row.
        return line.length() < columns ? line : line.substring(0, Math.max(0, columns - 1));
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
