package io.mcphost.transport.stdio.internal;

import io.mcphost.protocol.internal.LogLimit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Reads a child's stderr for as long as it is open, so the child never blocks on a full pipe,
 * logs its lines to {@code mcphost.server.<name>} — each cut to {@link LogLimit#MAX_EXCERPT_CHARS},
 * and at most {@link #BURST} per {@link #WINDOW} with a count of the rest, since a server decides how
 * much it writes — and keeps the last bytes in a ring buffer for error messages. Thread-safe.
 */
public final class StderrDrain {
    /** Bytes of one line kept for logging; the rest of a longer line is only counted. */
    private static final int MAX_LOGGED_LINE_BYTES = 8 * 1024;
    private static final int BURST = 100;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final String LINES = "stderr lines (the last ones are kept for error messages)";

    private final Logger log;
    private final LogLimit limit = new LogLimit(BURST, WINDOW);
    /** The most of stderr kept; the ring grows to it only as the server writes (most write little). */
    private final int capacity;
    private byte[] ring = new byte[0];
    private final ReentrantLock lock = new ReentrantLock();
    private final CountDownLatch finished = new CountDownLatch(1);
    private long written;

    public StderrDrain(String serverName, int bufferBytes) {
        this.log = LoggerFactory.getLogger("mcphost.server." + serverName);
        this.capacity = bufferBytes;
    }

    /** Starts draining on a daemon platform thread (see {@link PipeThreads}); it ends with the pipe. */
    public void start(InputStream stderr, String threadName) {
        PipeThreads.start(threadName, PipeThreads.DRAIN_STACK_BYTES, () -> drain(stderr));
    }

    private void drain(InputStream stderr) {
        // Small and allocated here, not per drain object: a thousand idle servers that never write to
        // stderr must not hold a thousand 8 KiB buffers each. The line buffer grows on demand.
        byte[] chunk = new byte[1024];
        // Lines are split on bytes and decoded whole, so a character is never cut across reads.
        byte[] line = new byte[256];
        int length = 0;
        long cut = 0; // bytes of the current line beyond the buffer: counted, not kept
        try (stderr) {
            int n;
            while ((n = stderr.read(chunk)) >= 0) {
                remember(chunk, n);
                for (int i = 0; i < n; i++) {
                    byte b = chunk[i];
                    if (b == '\n') {
                        logLine(line, length, cut);
                        length = 0;
                        cut = 0;
                    } else if (length == MAX_LOGGED_LINE_BYTES) {
                        cut++;
                    } else {
                        if (length == line.length) {
                            line = java.util.Arrays.copyOf(line, Math.min(line.length * 2, MAX_LOGGED_LINE_BYTES));
                        }
                        line[length++] = b;
                    }
                }
            }
        } catch (IOException e) {
            // The pipe closes when the process is killed; nothing more to read.
        } finally {
            if (length > 0) {
                logLine(line, length, cut);
            }
            limit.flush(log, Level.INFO, LINES);
            finished.countDown();
        }
    }

    private void logLine(byte[] line, int length, long cut) {
        if (!log.isInfoEnabled()) {
            return;
        }
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        String text = LogLimit.bounded(new String(line, 0, end, StandardCharsets.UTF_8));
        limit.log(log, Level.INFO, LINES, "{}", cut == 0 ? text : text + " (+" + cut + " bytes)");
    }

    private void remember(byte[] chunk, int n) {
        lock.lock();
        try {
            if (written + n > ring.length && ring.length < capacity) {
                // Grown before it ever wraps, so the bytes so far keep their places.
                ring = java.util.Arrays.copyOf(ring, (int) Math.min(capacity, Math.max(written + n, ring.length * 2L)));
            }
            int from = Math.max(0, n - ring.length);
            written += from; // bytes that would be overwritten within this same chunk
            for (int i = from; i < n; i++) {
                ring[(int) (written++ % ring.length)] = chunk[i];
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code limit} for stderr to reach its end, so the tail is complete; true if it did. */
    public boolean awaitEnd(Duration limit) {
        try {
            return finished.await(Math.max(0, limit.toNanos()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The last bytes the child wrote to stderr, decoded as UTF-8 (at most the buffer size). */
    public String tail() {
        lock.lock();
        try {
            int size = (int) Math.min(written, ring.length);
            byte[] out = new byte[size];
            long start = written - size;
            for (int i = 0; i < size; i++) {
                out[i] = ring[(int) ((start + i) % ring.length)];
            }
            return new String(out, StandardCharsets.UTF_8);
        } finally {
            lock.unlock();
        }
    }
}
