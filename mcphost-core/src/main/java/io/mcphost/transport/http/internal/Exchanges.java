package io.mcphost.transport.http.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.Content;

/**
 * The HTTP exchanges and response bodies an engine has open, so that closing it can abort every
 * one of them at once: a blocked POST, a stream being read, a server that stopped answering. The
 * one class that speaks to the HTTP library (Jetty's {@link HttpClient}, for {@code http} and
 * {@code https} alike): the engines build {@link Outgoing}s and read {@link Incoming}s.
 */
final class Exchanges {
    private final HttpClient http;
    private final HttpSettings settings;
    private final Set<Request> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<InputStream> bodies = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    Exchanges(HttpClient http, HttpSettings settings) {
        this.http = http;
        this.settings = settings;
    }

    /** A request to {@code uri} with the configured headers. */
    Outgoing request(URI uri) {
        Outgoing request = new Outgoing(uri);
        for (Map.Entry<String, String> header : settings.headers().entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        // The OAuth token of the moment (io.mcphost.auth), read per request so a refresh or a new
        // authorisation applies to the next request; a configured Authorization header stays as it is.
        String authorization = settings.oauth() == null ? null : settings.oauth().authorizationHeader();
        if (authorization != null && settings.headers().keySet().stream().noneMatch("Authorization"::equalsIgnoreCase)) {
            request.setHeader("Authorization", authorization);
        }
        return request;
    }

    /**
     * Sends and waits for the response headers. The body stays open and tracked until
     * {@link #done} is called with it.
     *
     * @throws IOException when the exchange fails or the engine was closed meanwhile
     */
    Incoming send(Outgoing request) throws IOException {
        withProof(request);
        Incoming response = sendOnce(request);
        if (settings.oauth() != null && request.firstValue("DPoP").isPresent() && response.statusCode() == 401
                && response.header("DPoP-Nonce").map(settings.oauth()::resourceNonce).orElse(false)) {
            // RFC 9449 section 9: the server wants its nonce in the proof; once more with a fresh proof.
            done(response.body());
            withProof(request);
            response = sendOnce(request);
        }
        io.mcphost.transport.McpAuthorizationRequiredException refused =
                HttpErrors.authorizationRequired(settings.name(), request.method(), response);
        if (refused != null) {
            done(response.body());
            throw new AuthorizationRequired(refused);
        }
        return response;
    }

    /** Sets a fresh DPoP proof when the request's token is DPoP-bound (a new proof for every request). */
    private void withProof(Outgoing request) {
        if (settings.oauth() == null) {
            return;
        }
        String authorization = request.firstValue("Authorization").orElse(null);
        String proof = settings.oauth().proof(request.method(), request.uri(), authorization);
        if (proof != null) {
            request.setHeader("DPoP", proof);
        }
    }

    private Incoming sendOnce(Outgoing outgoing) throws IOException {
        if (closed.get()) {
            throw new IOException("the transport is closed");
        }
        Request request = jetty(outgoing);
        InputStreamResponseListener listener = new InputStreamResponseListener();
        inFlight.add(request);
        try {
            if (closed.get()) { // abortAll ran meanwhile and may have missed it
                throw new IOException("the transport is closed");
            }
            outgoing.sending(() -> request.abort(new IOException("the request was abandoned")));
            request.send(listener);
            Response response = listener.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            InputStream body = new Body(listener.getInputStream());
            bodies.add(body);
            if (closed.get()) {
                done(body);
                throw new IOException("the transport is closed");
            }
            return new Incoming(outgoing, response.getStatus(), response.getHeaders(), body);
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        } catch (TimeoutException e) {
            request.abort(e);
            throw new IOException("no answer in time", e);
        } catch (InterruptedException e) {
            request.abort(e);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            inFlight.remove(request);
        }
    }

    private IOException failure(Throwable cause) {
        if (closed.get()) {
            return new IOException("the exchange was aborted: the transport is closed", cause);
        }
        return cause instanceof IOException io ? io : new IOException(HttpErrors.describe(cause), cause);
    }

    /** The library's request for {@code outgoing}: no redirects, no idle limit (a stream may be silent for hours). */
    private Request jetty(Outgoing outgoing) {
        Request request = http.newRequest(outgoing.uri()).method(outgoing.method())
                .followRedirects(false)
                .idleTimeout(0, TimeUnit.MILLISECONDS)
                .headers(fields -> {
                    for (String[] header : outgoing.headers()) {
                        fields.add(header[0], header[1]);
                    }
                });
        byte[] body = outgoing.body();
        if (body != null) {
            String type = outgoing.firstValue("Content-Type").orElse(null);
            request.body(new BytesRequestContent(type, body));
        }
        Duration timeout = outgoing.timeout();
        if (timeout != null) {
            request.timeout(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        }
        return request;
    }

    /**
     * Whether {@link #sendAsync} may be used: requests carry only the configured headers (no OAuth
     * token of the moment, no DPoP proof to renew on a nonce).
     */
    boolean direct() {
        return settings.oauth() == null;
    }

    /**
     * Starts an exchange without waiting. A successful JSON answer of known length is read whole and
     * given to {@code answered} on the HTTP library's thread that read its end (no thread hand-off
     * for the commonest answer); any other outcome — a stream, an error status, a failure — is given
     * to {@code otherwise} (response and null, or null and the failure) on that thread, which must
     * not block: hand it to {@link #received} on a thread of its own. Only when {@link #direct()}.
     */
    void sendAsync(Outgoing outgoing, Consumer<Incoming> answered, BiConsumer<Incoming, Throwable> otherwise) {
        if (closed.get()) {
            otherwise.accept(null, new IOException("the transport is closed"));
            return;
        }
        Request request = jetty(outgoing);
        inFlight.add(request);
        if (closed.get()) {
            inFlight.remove(request);
            otherwise.accept(null, new IOException("the transport is closed"));
            return;
        }
        outgoing.sending(() -> request.abort(new IOException("the request was abandoned")));
        request.send(new Direct(outgoing, request, answered, otherwise));
    }

    /**
     * The listener of {@link #sendAsync}: buffers a bounded JSON answer, streams anything else through
     * the library's {@link InputStreamResponseListener}.
     */
    private final class Direct extends InputStreamResponseListener {
        private final Outgoing outgoing;
        private final Request request;
        private final Consumer<Incoming> answered;
        private final BiConsumer<Incoming, Throwable> otherwise;
        private final AtomicBoolean told = new AtomicBoolean();
        private byte[] buffer;
        private int length;

        Direct(Outgoing outgoing, Request request, Consumer<Incoming> answered, BiConsumer<Incoming, Throwable> otherwise) {
            this.outgoing = outgoing;
            this.request = request;
            this.answered = answered;
            this.otherwise = otherwise;
        }

        @Override
        public void onHeaders(Response response) {
            HttpFields fields = response.getHeaders();
            String type = fields.get("Content-Type");
            long size = fields.getLongField("Content-Length");
            if (response.getStatus() / 100 == 2 && (type == null || !type.toLowerCase(Locale.ROOT).startsWith("text/event-stream"))
                    && size >= 0 && size <= settings.maxMessageBytes()) {
                buffer = new byte[(int) size];
                return;
            }
            super.onHeaders(response);
            inFlight.remove(request);
            if (told.compareAndSet(false, true)) {
                InputStream body = new Body(getInputStream());
                otherwise.accept(new Incoming(outgoing, response.getStatus(), fields, body), null);
            }
        }

        @Override
        public void onContent(Response response, Content.Chunk chunk, Runnable demander) {
            if (buffer == null) {
                super.onContent(response, chunk, demander);
                return;
            }
            java.nio.ByteBuffer bytes = chunk.getByteBuffer();
            int n = Math.min(bytes.remaining(), buffer.length - length); // the library reads Content-Length bytes; a guard all the same
            bytes.get(buffer, length, n);
            length += n; // the library releases the chunk once this returns
            demander.run();
        }

        @Override
        public void onSuccess(Response response) {
            if (buffer == null) {
                super.onSuccess(response);
            }
        }

        @Override
        public void onFailure(Response response, Throwable failure) {
            if (buffer == null) {
                super.onFailure(response, failure);
            }
        }

        @Override
        public void onComplete(org.eclipse.jetty.client.Result result) {
            if (buffer == null && told.get()) {
                super.onComplete(result);
                return;
            }
            inFlight.remove(request);
            if (!told.compareAndSet(false, true)) {
                return;
            }
            if (result.isFailed()) {
                otherwise.accept(null, result.getFailure());
            } else {
                Response response = result.getResponse();
                answered.accept(new Incoming(outgoing, response.getStatus(), response.getHeaders(),
                        new ByteArrayInputStream(buffer, 0, length)));
            }
        }
    }

    /**
     * A streamed body as the library gives it, but answering a read of zero bytes with 0 at once, as
     * {@link InputStream} says: the library's stream waits for the next chunk instead, and
     * {@link InputStream#readNBytes(int)} asks for zero bytes once its buffer is full.
     */
    private static final class Body extends java.io.FilterInputStream {
        Body(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            return len == 0 ? 0 : in.read(b, off, len);
        }
    }

    /**
     * The outcome {@link #sendAsync} gave {@code otherwise} as {@link #send} would have returned it:
     * the body tracked until {@link #done}, a refusal for want of authorisation thrown as
     * {@link AuthorizationRequired}.
     *
     * @throws IOException when the exchange failed or the engine was closed meanwhile
     */
    Incoming received(Incoming response, Throwable failure) throws IOException {
        if (failure != null) {
            throw failure(failure);
        }
        bodies.add(response.body());
        if (closed.get()) {
            done(response.body());
            throw new IOException("the transport is closed");
        }
        io.mcphost.transport.McpAuthorizationRequiredException refused =
                HttpErrors.authorizationRequired(settings.name(), response.request().method(), response);
        if (refused != null) {
            done(response.body());
            throw new AuthorizationRequired(refused);
        }
        return response;
    }

    /** Sends and waits at most {@code limit}; the body is discarded. For the session's DELETE. */
    int sendDiscarding(Outgoing request, Duration limit) {
        Request jetty = jetty(request.timeout(limit));
        try {
            return jetty.send().getStatus();
        } catch (ExecutionException | TimeoutException e) {
            return -1;
        } catch (InterruptedException e) {
            jetty.abort(e);
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Closes and forgets a body. */
    void done(InputStream body) {
        bodies.remove(body);
        try {
            body.close();
        } catch (IOException | RuntimeException e) {
            // Closing an aborted exchange's body may fail; there is nothing left to free.
        }
    }

    /**
     * The server answered 401, or 403 {@code insufficient_scope}: one place for every engine and
     * every request. Its cause is the {@link io.mcphost.transport.McpAuthorizationRequiredException}
     * the client's authorisation stage looks for (an engine that wraps this keeps it as the cause).
     */
    static final class AuthorizationRequired extends IOException {
        private static final long serialVersionUID = 1L;

        AuthorizationRequired(io.mcphost.transport.McpAuthorizationRequiredException refused) {
            super(refused.detail(), refused);
        }

        io.mcphost.transport.McpAuthorizationRequiredException refused() {
            return (io.mcphost.transport.McpAuthorizationRequiredException) getCause();
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    /** Aborts everything open now and refuses new exchanges. Never blocks on the peer. */
    void abortAll() {
        closed.set(true);
        IOException aborted = new IOException("the transport is closed");
        inFlight.forEach(r -> r.abort(aborted));
        bodies.forEach(this::done);
    }
}
