package io.mcphost.protocol.internal;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * Keeps what a server can make us log bounded. A misbehaving server controls how often we log (one
 * warning per junk line) and how much (a 10 MB stderr line, a huge log notification): unbounded,
 * 1,000 junk lines per message became 51,000 WARN records and one entry was 11 MB. So every such
 * record goes through one {@code LogLimit}: the first {@code burst} records of a window are logged,
 * the rest only counted, and the count is reported once per window ("… 998 more …") — when the next
 * record comes after the window, or on {@link #flush()}. {@link #bounded} cuts any excerpt to a size.
 *
 * <p>Thread-safe: the counting happens under a lock, the logging outside it, so a slow log appender
 * never holds up another thread's counting. Never blocks beyond the logger itself.
 */
public final class LogLimit {
    /** The longest excerpt of server-produced text we put in one log record. */
    public static final int MAX_EXCERPT_CHARS = 512;

    private final int burst;
    private final long windowNanos;
    private final LongSupplier clock;
    private final ReentrantLock lock = new ReentrantLock();
    private long windowStart;
    private int loggedInWindow;
    private long suppressed;
    private boolean started;

    /** At most {@code burst} records per {@code window}, then one summary per window. */
    public LogLimit(int burst, Duration window) {
        this(burst, window, System::nanoTime);
    }

    LogLimit(int burst, Duration window, LongSupplier clock) {
        this.burst = Settings.positive(burst, "burst");
        this.windowNanos = Settings.positive(window, "window").toNanos();
        this.clock = clock;
    }

    /**
     * Logs the record unless this window's burst is used up, in which case it is only counted.
     * {@code what} names the suppressed records in the summary ("lines that are not JSON-RPC").
     *
     * @return whether the record was logged
     */
    public boolean log(Logger log, Level level, String what, String format, Object... args) {
        if (!log.isEnabledForLevel(level)) {
            return false;
        }
        long now = clock.getAsLong();
        long report;
        boolean allowed;
        lock.lock();
        try {
            report = 0;
            if (!started || now - windowStart >= windowNanos) {
                report = suppressed;
                suppressed = 0;
                started = true;
                windowStart = now;
                loggedInWindow = 0;
            }
            allowed = loggedInWindow < burst;
            if (allowed) {
                loggedInWindow++;
            } else {
                suppressed++;
            }
        } finally {
            lock.unlock();
        }
        if (report > 0) {
            summary(log, level, what, report);
        }
        if (allowed) {
            log.atLevel(level).log(format, args);
        }
        return allowed;
    }

    /** Reports what is still only counted (for example when the stream ends); nothing if none. */
    public void flush(Logger log, Level level, String what) {
        long report;
        lock.lock();
        try {
            report = suppressed;
            suppressed = 0;
        } finally {
            lock.unlock();
        }
        if (report > 0) {
            summary(log, level, what, report);
        }
    }

    private static void summary(Logger log, Level level, String what, long count) {
        log.atLevel(level).log("… and {} more {} (not logged one by one: at most a few per interval)", count, what);
    }

    /**
     * At most {@link #MAX_EXCERPT_CHARS} characters of {@code text}, control characters escaped (a
     * hostile line cannot forge log records), and how much was cut: {@code "abc… (1234 more)"}.
     */
    public static String bounded(String text) {
        return bounded(text, MAX_EXCERPT_CHARS);
    }

    /** As {@link #bounded(String)} with a limit of {@code maxChars}. */
    public static String bounded(String text, int maxChars) {
        if (text == null) {
            return "null";
        }
        int end = Math.min(text.length(), maxChars);
        if (end > 0 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        StringBuilder escaped = new StringBuilder(end + 16);
        text.substring(0, end).codePoints().forEach(c -> {
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                escaped.append(String.format("\\u%04x", c));
            } else {
                escaped.appendCodePoint(c);
            }
        });
        if (end < text.length()) {
            escaped.append("… (").append(text.length() - end).append(" more)");
        }
        return escaped.toString();
    }
}
