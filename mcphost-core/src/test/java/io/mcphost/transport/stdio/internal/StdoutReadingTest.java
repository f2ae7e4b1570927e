package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/** A caller lending its thread to the stdout reading: always back within its budget, never keeping the turn. */
class StdoutReadingTest {
    private static final byte[] LINE = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n"
            .getBytes(StandardCharsets.UTF_8);

    /** A server that never stops writing: every read finds bytes and ends inside a line. */
    private static InputStream flood() {
        return new InputStream() {
            private long at;

            @Override
            public int read() {
                return LINE[(int) (at++ % LINE.length)];
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int n = Math.min(len, 1000);
                if ((at + n) % LINE.length == 0) {
                    n--; // never at a line's end: there is always part of a line left to finish
                }
                for (int i = 0; i < n; i++) {
                    b[off + i] = (byte) read();
                }
                return n;
            }

            @Override
            public int available() {
                return 1000;
            }
        };
    }

    /** Runs {@code lend} on a daemon thread: a lend that never returns fails the test instead of hanging it. */
    private static Duration timeLend(Runnable lend) throws InterruptedException {
        long start = System.nanoTime();
        Thread t = Thread.ofPlatform().daemon().start(lend);
        t.join(Duration.ofSeconds(10));
        assertThat(t.isAlive()).as("lend returned").isFalse();
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void aServerThatNeverStopsWritingDoesNotKeepAnUnansweredLeaderReading() throws Exception {
        var lines = new AtomicInteger();
        var reading = new StdoutReading("flood", flood(), 1 << 20, new Outbox(), line -> lines.incrementAndGet(), bytes -> { });

        Duration lent = timeLend(() -> reading.lend(new CompletableFuture<>(), () -> 1, () -> true));

        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (lines.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(1); // read by the caller, or by the reader thread when it held the turn
        }
        assertThat(lines).as("it did read for the reader thread").hasPositiveValue();
        assertThat(lent).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aServerThatNeverStopsWritingDoesNotKeepAnAnsweredLeaderReading() throws Exception {
        var answer = new CompletableFuture<Void>();
        var reading = new StdoutReading("flood", flood(), 1 << 20, new Outbox(), line -> answer.complete(null), bytes -> { });

        Duration lent = timeLend(() -> reading.lend(answer, () -> 1, () -> true));

        // The caller led and read the answer, or the reader thread held the turn and reads it: either way it comes.
        answer.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(lent).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aWaitingCountThatFailsStillHandsTheTurnBack() throws Exception {
        var feed = new LinkedBlockingQueue<byte[]>();
        var lines = new LinkedBlockingQueue<String>();
        var reading = new StdoutReading("feed", fed(feed), 1 << 20, new Outbox(), line -> lines.add(line.text()), bytes -> { });
        feed.add(LINE);
        var calls = new AtomicInteger();
        IntSupplier failsAfterTheFirstCount = () -> {
            if (calls.getAndIncrement() > 0) {
                throw new IllegalStateException("the count failed");
            }
            return 1;
        };

        // answered already: the lead ends at once, and asks the count whether the reader may stand aside
        timeLend(() -> reading.lend(CompletableFuture.completedFuture(null), failsAfterTheFirstCount, () -> true));
        assertThat(calls).as("the count was asked after the lead").hasValue(2);

        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try {
                reading.readToEnd(() -> false);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            feed.add(LINE);
            for (int i = 0; i < 2; i++) {
                assertThat(lines.poll(10, TimeUnit.SECONDS)).as("the reader thread reads after the lead").isNotNull();
            }
        } finally {
            feed.add(new byte[0]); // the end of the stream
            reader.join(Duration.ofSeconds(10));
        }
        assertThat(reader.isAlive()).isFalse();
    }

    /** A stream fed chunk by chunk; an empty chunk ends it. */
    private static InputStream fed(LinkedBlockingQueue<byte[]> chunks) {
        return new InputStream() {
            private byte[] current = new byte[0];
            private int at;

            @Override
            public int read() throws java.io.IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                if (at == current.length) {
                    try {
                        current = chunks.take();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new java.io.InterruptedIOException();
                    }
                    at = 0;
                    if (current.length == 0) {
                        return -1;
                    }
                }
                int n = Math.min(len, current.length - at);
                System.arraycopy(current, at, b, off, n);
                at += n;
                return n;
            }

            @Override
            public int available() {
                byte[] next = chunks.peek();
                return current.length - at > 0 ? current.length - at : next == null ? 0 : next.length;
            }
        };
    }
}
