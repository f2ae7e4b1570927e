package io.mcphost.server.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * One HTTP request and its response, as the endpoint sees them: what it reads of a request and the
 * two ways it answers (a whole response, or headers then a body streamed with blocking writes).
 * Keeps the HTTP server library out of the endpoint, the sessions and the streams, which need only
 * this. An exchange is used by one thread at a time; header names are case-insensitive.
 */
interface Exchange {
    /** The request method, e.g. {@code POST}. */
    String method();

    /** The request path, decoded, without the query. */
    String path();

    /** The first value of a request header, or null when the request has none. */
    String header(String name);

    /** Every value of a request header, in order, or null when the request has none. */
    List<String> headers(String name);

    /** The client's IP address, as text; the proxy's when the request came through one. */
    String remoteAddress();

    /** The request body; blocking reads, each bounded by the server's idle timeout. */
    InputStream requestBody();

    /** Sets a response header; before the response starts only. */
    void setHeader(String name, String value);

    /** Sends the whole response at once: {@code status}, the headers set so far and {@code body} (may be empty). */
    void respond(int status, byte[] body) throws IOException;

    /**
     * Sends {@code status} and the headers set so far at once, before any body exists, and returns the
     * body for blocking writes; {@code flush} pushes what was written to the client.
     */
    OutputStream startStream(int status) throws IOException;

    /**
     * Writes {@code last} as the final bytes of {@code stream} (this exchange's {@link #startStream}
     * body) and ends the body with them: one write where the server allows it, so that the client gets
     * the last event and the end of the response together. {@link #close()} is still to be called.
     */
    default void endStream(OutputStream stream, byte[] last) throws IOException {
        stream.write(last);
        stream.flush();
    }

    /**
     * Runs {@code action} (once, on a library thread) if the exchange fails before it is closed: the
     * client closed the connection or reset it, or the connection timed out. Must return quickly.
     */
    void onFailure(Runnable action);

    /**
     * Ends the response and frees the exchange; one never started fails the exchange (an error status
     * if the connection can still carry one, and the connection is not reused). Idempotent.
     */
    void close();
}
