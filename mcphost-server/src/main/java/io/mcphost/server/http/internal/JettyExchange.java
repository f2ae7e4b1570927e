package io.mcphost.server.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * An {@link Exchange} over Jetty's core API: blocking reads and writes on the exchange's virtual
 * thread, and the request's callback completed once, by {@link #close()}.
 */
final class JettyExchange implements Exchange {
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final Request request;
    private final Response response;
    private final Callback callback;
    /** The endpoint's count of streamed responses in progress: this one's from startStream to close. */
    private final AtomicInteger openStreams;
    private Body stream;
    private boolean closed;

    JettyExchange(Request request, Response response, Callback callback, AtomicInteger openStreams) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.openStreams = openStreams;
    }

    @Override
    public void onFailure(Runnable action) {
        // When Jetty notices the failure (an idle timeout, a reset seen on a read or write). It does not
        // read while a request is being handled, so a quiet close may go unseen: ModernHttp writes then.
        request.addFailureListener(failure -> action.run());
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        return Request.getPathInContext(request);
    }

    @Override
    public String header(String name) {
        return request.getHeaders().get(name);
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getHeaders().getValuesList(name);
        return values.isEmpty() ? null : values;
    }

    @Override
    public String remoteAddress() {
        return Request.getRemoteAddr(request);
    }

    @Override
    public InputStream requestBody() {
        return Content.Source.asInputStream(request);
    }

    @Override
    public void setHeader(String name, String value) {
        response.getHeaders().put(name, value);
    }

    @Override
    public void respond(int status, byte[] body) throws IOException {
        response.setStatus(status);
        if (status != 204 && status != 304) {
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        }
        // One last write: headers and body leave together.
        Content.Sink.write(response, true, body.length == 0 ? NOTHING : ByteBuffer.wrap(body));
    }

    @Override
    public OutputStream startStream(int status) {
        response.setStatus(status);
        if (stream == null) {
            openStreams.incrementAndGet();
        }
        stream = new Body();
        return stream;
    }

    @Override
    public void endStream(OutputStream body, byte[] last) throws IOException {
        if (body != stream) {
            Exchange.super.endStream(body, last);
            return;
        }
        // The last event, the terminating chunk (and the headers, if not sent yet) in one write: the
        // client has the whole response at once, rather than its end in a segment of its own after.
        Content.Sink.write(response, true, last.length == 0 ? NOTHING : ByteBuffer.wrap(last));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (stream != null) {
            openStreams.decrementAndGet();
        }
        if (!response.isCommitted() && stream == null) {
            // Ended without an answer (the request could not be read, the server is stopping): the
            // connection is not reused, as the JDK server closed it; never an empty 200.
            callback.failed(new EofException("the exchange ended without a response"));
            return;
        }
        try {
            if (!response.hasLastWrite()) {
                Content.Sink.write(response, true, NOTHING); // a stream's last (empty) chunk
            }
            callback.succeeded();
        } catch (IOException | RuntimeException e) {
            callback.failed(e);
        }
    }

    /**
     * A streamed body: each write goes out at once (the first with the headers), so events are never
     * held back; a flush before any write sends the headers alone.
     */
    private final class Body extends OutputStream {
        private boolean committed;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (length > 0) {
                Content.Sink.write(response, false, ByteBuffer.wrap(bytes, offset, length));
                committed = true;
            }
        }

        @Override
        public void flush() throws IOException {
            if (!committed) {
                Content.Sink.write(response, false, NOTHING);
                committed = true;
            }
        }

        @Override
        public void close() {
            JettyExchange.this.close();
        }
    }
}
