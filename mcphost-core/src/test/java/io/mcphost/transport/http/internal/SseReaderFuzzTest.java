package io.mcphost.transport.http.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The SSE reader, differentially: the same bytes read whole and split at points the fuzzer chooses
 * (an input stream that returns short reads) give the same events, the same resume point and retry
 * delay, and end the same way (the end of the stream, or the same {@link IOException}, its only
 * failure, e.g. for an event over the size limit, which every engine turns into a McpTransportException).
 *
 * <p>Input: {@code [limit][k][k split offsets, 2 bytes each][the stream]}; the event size limit is
 * {@code 1 + 16 * limit} bytes, so small limits are reached and refused often; no offsets (k = 0)
 * means one byte per read.
 */
class SseReaderFuzzTest {

    /** What one read of the whole stream saw: after each event, the reader's resume point and retry. */
    private record Step(SseEvent event, String lastEventId, OptionalLong retry) {
    }

    private record Outcome(List<Step> steps, String failure, String lastEventId, OptionalLong retry) {
    }

    @FuzzTest(maxDuration = "10m")
    void splitReadsEqualWholeReads(byte[] data) {
        if (data.length < 2) {
            return;
        }
        int limit = 1 + 16 * (data[0] & 0xFF);
        int k = data[1] & 0x0F;
        int headerLength = 2 + 2 * k;
        if (data.length < headerLength) {
            return;
        }
        int[] cuts = new int[k];
        for (int i = 0; i < k; i++) {
            cuts[i] = ((data[2 + 2 * i] & 0xFF) << 8) | (data[3 + 2 * i] & 0xFF);
        }
        byte[] stream = Arrays.copyOfRange(data, headerLength, data.length);

        Outcome whole = read(new ByteArrayInputStream(stream), limit);
        Outcome split = read(new ShortReads(stream, cuts), limit);
        if (!whole.equals(split)) {
            throw new AssertionError("split reads differ from the whole read:\n whole " + whole + "\n split " + split);
        }
        for (Step step : whole.steps()) {
            SseEvent event = step.event();
            if (event.type().isEmpty() || event.data().length() > limit || event.data().indexOf('\r') >= 0
                    || event.type().indexOf('\n') >= 0 || event.type().indexOf('\r') >= 0
                    || event.id().indexOf('\0') >= 0 || event.id().indexOf('\n') >= 0 || event.id().indexOf('\r') >= 0) {
                throw new AssertionError("an event the rules cannot produce: " + event);
            }
            if (!event.id().equals(step.lastEventId())) {
                throw new AssertionError("the event's id is not the reader's last event id: " + step);
            }
            if (step.retry().isPresent() && step.retry().getAsLong() < 0) {
                throw new AssertionError("a negative retry: " + step);
            }
        }
    }

    private static Outcome read(InputStream in, int limit) {
        SseReader reader = new SseReader(in, limit);
        List<Step> steps = new ArrayList<>();
        String failure = null;
        try {
            SseEvent event;
            while ((event = reader.next()) != null) {
                steps.add(new Step(event, reader.lastEventId(), reader.retryMillis()));
                if (steps.size() > 100_000) {
                    throw new AssertionError("more events than the input has bytes");
                }
            }
        } catch (IOException e) {
            failure = Objects.requireNonNull(e.getMessage(), "an IOException without a message");
        }
        return new Outcome(steps, failure, reader.lastEventId(), reader.retryMillis());
    }

    /** The bytes, each read ending at the next cut (always at least one byte, as InputStream requires). */
    private static final class ShortReads extends InputStream {
        private final byte[] bytes;
        private final int[] cuts;
        private int position;

        ShortReads(byte[] bytes, int[] cuts) {
            this.bytes = bytes;
            this.cuts = cuts.clone();
            Arrays.sort(this.cuts);
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (position >= bytes.length) {
                return -1;
            }
            int end = bytes.length;
            for (int cut : cuts) {
                if (cut > position && cut < end) {
                    end = cut;
                    break;
                }
            }
            // No cuts chosen: one byte per read, a boundary everywhere.
            int n = cuts.length == 0 ? 1 : Math.min(len, end - position);
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }
}
