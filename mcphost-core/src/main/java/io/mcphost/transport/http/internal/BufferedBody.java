package io.mcphost.transport.http.internal;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A successful answer that is not an SSE stream and whose {@code Content-Length} is within the
 * limit (a JSON body, or none), read whole and handled on the HTTP client's thread that read its
 * end. It is read by the JDK's own byte-array consumer, which the client calls on its reading
 * thread; a subscriber of ours would be called through the client's executor, one more thread
 * hand-off. And as the answer is handled before the exchange's future completes, it also skips
 * the hop the JDK makes before completing that future (to the common pool). So a call costs as
 * many hand-offs as a blocking {@code send}. Every other response streams, as
 * {@link HttpResponse.BodySubscribers#ofInputStream()}, and completes the exchange's future.
 */
final class BufferedBody implements Consumer<Optional<byte[]>> {

    /**
     * Buffers the answers to {@code request} described above and hands each to {@code answered};
     * the exchange's future then completes with a null body. Other responses complete it with their
     * {@link InputStream} body.
     */
    @SuppressWarnings("unchecked")
    static HttpResponse.BodyHandler<Object> handler(HttpRequest request, int limit,
                                                    Consumer<HttpResponse<InputStream>> answered) {
        return info -> {
            String type = info.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            long length = info.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (info.statusCode() / 100 != 2 || type.startsWith("text/event-stream") || length < 0 || length > limit) {
                return (HttpResponse.BodySubscriber<Object>) (HttpResponse.BodySubscriber<?>) HttpResponse.BodySubscribers.ofInputStream();
            }
            BufferedBody body = new BufferedBody((int) length, bytes -> answered.accept(
                    new ResponseRecord<>(request, info.statusCode(), info.headers(), bytes, info.version())));
            return (HttpResponse.BodySubscriber<Object>) (HttpResponse.BodySubscriber<?>) HttpResponse.BodySubscribers.ofByteArrayConsumer(body);
        };
    }

    private final byte[] bytes;
    private final Consumer<InputStream> answered;
    private int length;

    private BufferedBody(int expected, Consumer<InputStream> answered) {
        this.bytes = new byte[expected];
        this.answered = answered;
    }

    @Override
    public void accept(Optional<byte[]> chunk) {
        if (chunk.isPresent()) {
            // The client reads exactly Content-Length bytes; the bound stays as a guard all the same.
            byte[] part = chunk.get();
            int n = Math.min(part.length, bytes.length - length);
            System.arraycopy(part, 0, bytes, length, n);
            length += n;
        } else {
            answered.accept(new ByteArrayInputStream(bytes, 0, length));
        }
    }
}
