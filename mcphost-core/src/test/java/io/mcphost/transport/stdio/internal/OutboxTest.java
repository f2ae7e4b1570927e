package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OutboxTest {

    /** Counts flushes, and is slow to write so that senders pile up behind the lock. */
    private static final class SlowSink extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final AtomicInteger flushes = new AtomicInteger();

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
            if (len > 1) {
                java.util.concurrent.locks.LockSupport.parkNanos(20_000);
            }
        }

        @Override
        public void flush() {
            flushes.incrementAndGet();
        }
    }

    @Test
    void concurrentSendersEachGetTheirWholeLineOutAndShareFlushes() throws Exception {
        Outbox outbox = new Outbox();
        SlowSink sink = new SlowSink();
        int senders = 32;
        int perSender = 50;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                int sender = s;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < perSender; i++) {
                        outbox.send(("{\"s\":" + sender + ",\"i\":" + i + "}").getBytes(StandardCharsets.UTF_8), () -> { }, sink);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        List<String> lines = sink.bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(senders * perSender).allMatch(l -> l.matches("\\{\"s\":\\d+,\"i\":\\d+}"));
        for (int s = 0; s < senders; s++) {
            String prefix = "{\"s\":" + s + ",";
            // Each sender's own lines keep their order.
            assertThat(lines.stream().filter(l -> l.startsWith(prefix)).toList())
                    .containsExactlyElementsOf(java.util.stream.IntStream.range(0, perSender)
                            .mapToObj(i -> prefix + "\"i\":" + i + "}").toList());
        }
        assertThat(sink.flushes.get()).as("flushes for %d lines", lines.size()).isLessThan(lines.size());
    }

    @Test
    void aFailedWriteFailsTheSenderAndACheckThatThrowsSendsNothing() {
        Outbox outbox = new Outbox();
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        assertThatThrownBy(() -> outbox.send(new byte[] {'x'}, () -> { }, broken)).isInstanceOf(IOException.class)
                .hasMessage("Broken pipe");

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        assertThatThrownBy(() -> outbox.send(new byte[] {'a'}, () -> {
            throw new IllegalStateException("closed");
        }, sink)).hasMessage("closed");
        // The refused line is gone: the next sender writes only its own.
        assertThat(sink.size()).isZero();
        try {
            outbox.send(new byte[] {'b'}, () -> { }, sink);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("b\n");
    }
}
