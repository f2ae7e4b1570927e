package io.mcphost.transport.http.internal;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One HTTP request as an engine builds it (method, URL, headers, body, a wait limit), handed to
 * {@link Exchanges}, which alone speaks to the HTTP library. Header values are checked as they are
 * added ({@link HttpChecks#value}): a value HTTP does not allow is refused with its name and
 * position, never its text. Not thread-safe: built and sent by one thread.
 */
final class Outgoing {
    private final URI uri;
    private final List<String[]> headers = new ArrayList<>(8);
    private String method = "GET";
    private byte[] body;
    private Duration timeout;
    /**
     * Set from another thread to give the request up before its response begins: the exchange being
     * sent is aborted (its connection closed, which a 2026-07-28 server takes as cancellation).
     */
    private final java.util.concurrent.atomic.AtomicReference<Runnable> abort = new java.util.concurrent.atomic.AtomicReference<>();
    private volatile boolean abandoned;

    Outgoing(URI uri) {
        this.uri = uri;
    }

    /** Gives the request up, from any thread: the exchange in flight (or the next one sent) is aborted. Idempotent. */
    void abandon() {
        abandoned = true;
        Runnable now = abort.getAndSet(null);
        if (now != null) {
            now.run();
        }
    }

    /** Whether {@link #abandon()} was called. */
    boolean abandoned() {
        return abandoned;
    }

    /** Called by {@link Exchanges} as it sends: how to abort the exchange now in flight. */
    void sending(Runnable abortAction) {
        abort.set(abortAction);
        if (abandoned && abort.compareAndSet(abortAction, null)) {
            abortAction.run(); // abandoned before the exchange existed
        }
    }

    /** Adds a header. @throws IllegalArgumentException for a value HTTP does not allow */
    Outgoing header(String name, String value) {
        HttpChecks.value(name, value);
        headers.add(new String[] {name, value});
        return this;
    }

    /** Replaces every header named {@code name} (any case) with this one. */
    Outgoing setHeader(String name, String value) {
        headers.removeIf(h -> h[0].equalsIgnoreCase(name));
        return header(name, value);
    }

    Outgoing GET() {
        method = "GET";
        body = null;
        return this;
    }

    Outgoing DELETE() {
        method = "DELETE";
        body = null;
        return this;
    }

    Outgoing POST(byte[] content) {
        method = "POST";
        body = content;
        return this;
    }

    Outgoing POST(String content) {
        return POST(content.getBytes(StandardCharsets.UTF_8));
    }

    /** How long to wait for the whole exchange; none unless set (a stream may last for hours). */
    Outgoing timeout(Duration limit) {
        timeout = limit;
        return this;
    }

    String method() {
        return method;
    }

    URI uri() {
        return uri;
    }

    /** Name and value pairs, in the order added. */
    List<String[]> headers() {
        return headers;
    }

    /** The first value of header {@code name} (any case). */
    Optional<String> firstValue(String name) {
        for (String[] h : headers) {
            if (h[0].equalsIgnoreCase(name)) {
                return Optional.of(h[1]);
            }
        }
        return Optional.empty();
    }

    /** The body, or null (a GET, a DELETE). */
    byte[] body() {
        return body;
    }

    /** The wait limit of the whole exchange, or null. */
    Duration timeout() {
        return timeout;
    }
}
