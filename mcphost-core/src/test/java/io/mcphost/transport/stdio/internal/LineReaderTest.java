package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static List<LineReader.Result> readAll(InputStream in, int maxLineBytes) throws IOException {
        var reader = new LineReader(in, maxLineBytes);
        List<LineReader.Result> results = new ArrayList<>();
        LineReader.Result r;
        while (!((r = reader.next()) instanceof LineReader.End)) {
            results.add(r);
        }
        return results;
    }

    /** Hands out at most {@code step} bytes per read, like a pipe under load. */
    private static InputStream trickle(String text, int step) {
        var bytes = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        return new InputStream() {
            @Override
            public int read() {
                return bytes.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return bytes.read(b, off, Math.min(len, step));
            }
        };
    }

    @Test
    void linesSplitAcrossReadsAndMultiByteCharactersComeOutWhole() throws IOException {
        assertThat(readAll(trickle("héllo wörld\r\nsecond ✓\nlast without newline", 3), 1024)).containsExactly(
                new LineReader.Line("héllo wörld"), new LineReader.Line("second ✓"), new LineReader.Line("last without newline"));
    }

    @Test
    void aLineOverTheLimitIsReportedBySizeAndTheNextLineSurvives() throws IOException {
        String big = "a".repeat(100_000);

        assertThat(readAll(trickle(big + "\nafter\n", 7_000), 50_000))
                .containsExactly(new LineReader.Oversized(100_000), new LineReader.Line("after"));
    }

    @Test
    void aLineOfExactlyTheLimitIsKept() throws IOException {
        assertThat(readAll(trickle("abcde\nabcdef\n", 2), 5))
                .containsExactly(new LineReader.Line("abcde"), new LineReader.Oversized(6));
    }

    @Test
    void emptyLinesAreReturnedAsEmpty() throws IOException {
        assertThat(readAll(trickle("\n\nx\n", 64), 10))
                .containsExactly(new LineReader.Line(""), new LineReader.Line(""), new LineReader.Line("x"));
    }

    /** Hands out the given pieces, one per read (as a pipe delivers what the writer wrote together). */
    private static InputStream reads(String... pieces) {
        var queue = new java.util.ArrayDeque<byte[]>();
        for (String p : pieces) {
            queue.add(p.getBytes(StandardCharsets.UTF_8));
        }
        return new InputStream() {
            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                byte[] next = queue.poll();
                if (next == null) {
                    return -1;
                }
                assertThat(next.length).isLessThanOrEqualTo(len);
                System.arraycopy(next, 0, b, off, next.length);
                return next.length;
            }
        };
    }

    @Test
    void aReadOfOneLineIsNoBurst() throws IOException {
        var reader = new LineReader(reads("{\"id\":1}\n"), 1024);

        assertThat(reader.next()).isEqualTo(new LineReader.Line("{\"id\":1}"));
        assertThat(reader.buffered()).isFalse();
        assertThat(reader.readEndedBurst()).isFalse();
    }

    @Test
    void aReadOfThreeLinesEndsABurstOnlyAtItsThirdLine() throws IOException {
        var reader = new LineReader(reads("a\nb\nc\n", "d\n"), 1024);

        assertThat(reader.next()).isEqualTo(new LineReader.Line("a"));
        assertThat(reader.buffered()).isTrue();
        assertThat(reader.readEndedBurst()).isFalse();
        assertThat(reader.next()).isEqualTo(new LineReader.Line("b"));
        assertThat(reader.buffered()).isTrue();
        assertThat(reader.readEndedBurst()).isFalse();
        assertThat(reader.next()).isEqualTo(new LineReader.Line("c"));
        assertThat(reader.buffered()).isFalse();
        assertThat(reader.readEndedBurst()).isTrue();
        // The next read holds one line: the burst is over.
        assertThat(reader.next()).isEqualTo(new LineReader.Line("d"));
        assertThat(reader.readEndedBurst()).isFalse();
    }

    @Test
    void aLineSpanningTwoReadsCountsForTheReadThatEndsIt() throws IOException {
        var reader = new LineReader(reads("abc", "def\n", "g\nhi", "j\nk\n"), 1024);

        // Alone in the read that completes it: no burst.
        assertThat(reader.next()).isEqualTo(new LineReader.Line("abcdef"));
        assertThat(reader.buffered()).isFalse();
        assertThat(reader.readEndedBurst()).isFalse();
        // "g" ends the third read's first line; "hi" waits for the fourth read, which completes two lines.
        assertThat(reader.next()).isEqualTo(new LineReader.Line("g"));
        assertThat(reader.buffered()).isTrue();
        assertThat(reader.readEndedBurst()).isFalse();
        assertThat(reader.next()).isEqualTo(new LineReader.Line("hij"));
        assertThat(reader.buffered()).isTrue();
        assertThat(reader.readEndedBurst()).isFalse();
        assertThat(reader.next()).isEqualTo(new LineReader.Line("k"));
        assertThat(reader.buffered()).isFalse();
        assertThat(reader.readEndedBurst()).isTrue();
        assertThat(reader.next()).isInstanceOf(LineReader.End.class);
    }

    /**
     * A pipe fed by the test: {@code available()} says what was fed, and a read past it fails the
     * test (it would block on a real pipe), so poll() is proven never to block.
     */
    private static final class FedPipe extends InputStream {
        private final java.io.ByteArrayOutputStream fed = new java.io.ByteArrayOutputStream();
        private int taken;

        void feed(String text) {
            fed.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int available() {
            return fed.size() - taken;
        }

        @Override
        public int read() {
            throw new AssertionError("single-byte read");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (available() == 0) {
                throw new AssertionError("a read with nothing available would block");
            }
            int n = Math.min(len, available());
            System.arraycopy(fed.toByteArray(), taken, b, off, n);
            taken += n;
            return n;
        }
    }

    @Test
    void pollReturnsNullInsteadOfBlockingAndKeepsAnUnfinishedLine() throws IOException {
        var pipe = new FedPipe();
        var reader = new LineReader(pipe, 1024);

        assertThat(reader.poll()).isNull();
        pipe.feed("{\"id\":1,");
        assertThat(reader.poll()).isNull();
        assertThat(reader.partial()).isTrue();
        pipe.feed("\"result\":{}}\nsecond\nthi");
        assertThat(reader.poll()).isEqualTo(new LineReader.Line("{\"id\":1,\"result\":{}}"));
        assertThat(reader.buffered()).isTrue();
        assertThat(reader.poll()).isEqualTo(new LineReader.Line("second"));
        assertThat(reader.poll()).isNull();
        pipe.feed("rd\n");
        assertThat(reader.poll()).isEqualTo(new LineReader.Line("third"));
        assertThat(reader.partial()).isFalse();
        assertThat(reader.buffered()).isFalse();
    }

    @Test
    void anOversizedLineIsSkippedAcrossPollsAndBlockingReads() throws IOException {
        var pipe = new FedPipe();
        var reader = new LineReader(pipe, 10);

        pipe.feed("x".repeat(8));
        assertThat(reader.poll()).isNull();
        pipe.feed("x".repeat(8));
        assertThat(reader.poll()).isNull(); // over the limit now: skipping, not keeping
        assertThat(reader.partial()).isTrue();
        pipe.feed("xxxx\nok\n");
        assertThat(reader.next()).isEqualTo(new LineReader.Oversized(20));
        assertThat(reader.poll()).isEqualTo(new LineReader.Line("ok"));
    }

    @Test
    void aPollReadsAtMostOnceSoAStreamThatNeverRunsDryCannotKeepItThere() throws IOException {
        var reads = new java.util.concurrent.atomic.AtomicInteger();
        InputStream endless = new InputStream() { // one long line that never ends, always available
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                reads.incrementAndGet();
                int n = Math.min(len, 100);
                java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                return n;
            }

            @Override
            public int available() {
                return 100;
            }
        };
        var reader = new LineReader(endless, 250);

        assertThat(reader.poll()).isNull();
        assertThat(reads).hasValue(1);
        assertThat(reader.poll()).isNull();
        assertThat(reader.poll()).isNull(); // over the limit by now: skipped, still one read per poll
        assertThat(reads).hasValue(3);
        assertThat(reader.partial()).isTrue();
    }
}
