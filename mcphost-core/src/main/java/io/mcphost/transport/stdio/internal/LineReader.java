package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads newline-delimited text from a stream without ever holding more than {@code maxLineBytes}
 * of one line: a longer line is skipped while it streams past and reported by its size. Not
 * thread-safe; one reader thread owns it.
 */
public final class LineReader {
    /** What {@link #next()} found. */
    public sealed interface Result {
    }

    /**
     * A complete line, without its line terminator, as the UTF-8 bytes that came: a JSON parser reads
     * them as they are, so the common path never decodes a String.
     */
    public record Line(byte[] utf8) implements Result {
        public Line(String text) {
            this(text.getBytes(StandardCharsets.UTF_8));
        }

        /** Whether the line holds only ASCII whitespace (or nothing). */
        public boolean isBlank() {
            for (byte b : utf8) {
                if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != '\f' && b != 0x0B) {
                    return false;
                }
            }
            return true;
        }

        /** The line decoded (malformed UTF-8 becomes U+FFFD). */
        public String text() {
            return new String(utf8, StandardCharsets.UTF_8);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Line line && Arrays.equals(utf8, line.utf8);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(utf8);
        }

        @Override
        public String toString() {
            return "Line[" + text() + "]";
        }
    }

    /** A line longer than the limit, skipped; {@code bytes} is its length. */
    public record Oversized(long bytes) implements Result {
    }

    /** The stream ended. */
    public record End() implements Result {
    }

    private static final int INITIAL_LINE_BYTES = 1024;
    /**
     * Reads start small, since a thousand idle servers would otherwise hold 64 KiB each, and move to
     * {@link #LARGE_CHUNK_BYTES} once a read fills the small chunk (big messages stream past).
     */
    private static final int SMALL_CHUNK_BYTES = 8 * 1024;
    private static final int LARGE_CHUNK_BYTES = 64 * 1024;
    /** After a big line, give the memory back rather than keep a huge buffer for the life of the stream. */
    private static final int RETAINED_LINE_BYTES = 1024 * 1024;

    private final InputStream in;
    private final int maxLineBytes;
    private byte[] chunk = new byte[SMALL_CHUNK_BYTES];
    private int pos;
    private int limit;
    private byte[] line = new byte[INITIAL_LINE_BYTES];
    private int length;
    /** Lines completed from the bytes of the current read so far. */
    private int linesThisRead;
    /** While an oversized line streams past: its bytes so far; -1 otherwise. A field, since {@link #poll} may stop inside one. */
    private long dropped = -1;

    public LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Blocks until a line is complete, a line overflowed, or the stream ended. */
    public Result next() throws IOException {
        return take(true);
    }

    /**
     * Like {@link #next()}, but reads only what the stream has {@linkplain InputStream#available()
     * available}, so it never blocks: null when no whole line (or overflow) is there yet. What was
     * read of an unfinished line stays here for the next call. The end of the stream is not seen by
     * this method (a pipe at its end has nothing available): {@link #next()} reports it.
     */
    public Result poll() throws IOException {
        return take(false);
    }

    private Result take(boolean block) throws IOException {
        boolean readHere = false;
        while (true) {
            if (pos == limit) {
                // A poll reads at most once: a stream that keeps having bytes (a long line, a flood)
                // must not keep a poller here.
                if (!block && (readHere || in.available() <= 0)) {
                    return null;
                }
                readHere = true;
                if (limit == chunk.length && chunk.length < LARGE_CHUNK_BYTES) {
                    chunk = new byte[LARGE_CHUNK_BYTES]; // the last read filled the chunk: more is streaming
                }
                int n = in.read(chunk);
                if (n < 0) {
                    pos = limit = 0;
                    if (dropped >= 0) {
                        long bytes = dropped;
                        dropped = -1;
                        return new Oversized(bytes);
                    }
                    if (length > 0) {
                        return takeLine(); // a last line without a newline still counts
                    }
                    return new End();
                }
                pos = 0;
                limit = n;
                linesThisRead = 0;
            }
            int newline = indexOfNewline(pos, limit);
            int end = newline < 0 ? limit : newline;
            int n = end - pos;
            if (dropped >= 0) {
                dropped += n;
            } else if ((long) length + n > maxLineBytes) {
                dropped = (long) length + n;
                length = 0;
            } else {
                append(pos, n);
            }
            pos = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                if (dropped >= 0) {
                    long bytes = dropped;
                    dropped = -1;
                    return new Oversized(bytes);
                }
                return takeLine();
            }
        }
    }

    /**
     * Whether the bytes of the last read are all consumed and held two or more lines: the writer
     * sent them together (a burst). Meaningful right after {@link #next()} returned a line; false
     * while bytes of the read remain, so a caller looks once per read.
     */
    public boolean readEndedBurst() {
        return pos == limit && linesThisRead > 1;
    }

    /** Whether bytes of the last read remain to be taken: the next {@link #next()} may not block. */
    public boolean buffered() {
        return pos < limit;
    }

    /** Whether part of a line was read and its end has not come yet. */
    public boolean partial() {
        return length > 0 || dropped >= 0;
    }

    private int indexOfNewline(int from, int to) {
        for (int i = from; i < to; i++) {
            if (chunk[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void append(int from, int n) {
        if (length + n > line.length) {
            int capacity = line.length;
            while (capacity < length + n) {
                capacity = (int) Math.min((long) capacity * 2, maxLineBytes);
            }
            byte[] bigger = new byte[capacity];
            System.arraycopy(line, 0, bigger, 0, length);
            line = bigger;
        }
        System.arraycopy(chunk, from, line, length, n);
        length += n;
    }

    private Line takeLine() {
        linesThisRead++;
        int end = length;
        if (end > 0 && line[end - 1] == '\r') {
            end--;
        }
        byte[] bytes = Arrays.copyOf(line, end);
        length = 0;
        if (line.length > RETAINED_LINE_BYTES) {
            line = new byte[INITIAL_LINE_BYTES];
        }
        return new Line(bytes);
    }
}
