package io.mcphost.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The HTTP exchanges and response bodies an engine has open, so that closing it can abort every
 * one of them at once: a blocked POST, a stream being read, a server that stopped answering.
 */
final class Exchanges {
    private final HttpClient http;
    private final HttpSettings settings;
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<InputStream> bodies = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    Exchanges(HttpClient http, HttpSettings settings) {
        this.http = http;
        this.settings = settings;
    }

    /** A request to {@code uri} with the configured headers. */
    HttpRequest.Builder request(java.net.URI uri) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
        for (Map.Entry<String, String> header : settings.headers().entrySet()) {
            builder.header(header.getKey(), header.getValue());
        }
        // The OAuth token of the moment (io.mcphost.auth), read per request so a refresh or a new
        // authorisation applies to the next request; a configured Authorization header stays as it is.
        String authorization = settings.oauth() == null ? null : settings.oauth().authorizationHeader();
        if (authorization != null && settings.headers().keySet().stream().noneMatch("Authorization"::equalsIgnoreCase)) {
            builder.setHeader("Authorization", authorization);
        }
        return builder;
    }

    /**
     * Sends and waits for the response headers. The body stays open and tracked until
     * {@link #done} is called with it.
     *
     * @throws IOException when the exchange fails or the engine was closed meanwhile
     */
    HttpResponse<InputStream> send(HttpRequest request) throws IOException {
        HttpRequest proven = withProof(request);
        HttpResponse<InputStream> response = sendOnce(proven);
        if (proven != request && response.statusCode() == 401 && response.headers().firstValue("DPoP-Nonce")
                .map(settings.oauth()::resourceNonce).orElse(false)) {
            // RFC 9449 section 9: the server wants its nonce in the proof; once more with a fresh proof.
            done(response.body());
            response = sendOnce(withProof(request));
        }
        io.mcphost.transport.McpAuthorizationRequiredException refused =
                HttpErrors.authorizationRequired(settings.name(), request.method(), response);
        if (refused != null) {
            done(response.body());
            throw new AuthorizationRequired(refused);
        }
        return response;
    }

    /** The request with a fresh DPoP proof when its token is DPoP-bound (a new proof for every request). */
    private HttpRequest withProof(HttpRequest request) {
        if (settings.oauth() == null) {
            return request;
        }
        String authorization = request.headers().firstValue("Authorization").orElse(null);
        String proof = settings.oauth().proof(request.method(), request.uri(), authorization);
        return proof == null ? request : HttpRequest.newBuilder(request, (name, value) -> true).setHeader("DPoP", proof).build();
    }

    private HttpResponse<InputStream> sendOnce(HttpRequest request) throws IOException {
        if (closed.get()) {
            throw new IOException("the transport is closed");
        }
        CompletableFuture<HttpResponse<InputStream>> future = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        inFlight.add(future);
        try {
            HttpResponse<InputStream> response = future.get();
            bodies.add(response.body());
            if (closed.get()) {
                done(response.body());
                throw new IOException("the transport is closed");
            }
            return response;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(String.valueOf(e.getCause()), e.getCause());
        } catch (CancellationException e) {
            throw new IOException("the exchange was aborted: the transport is closed");
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            inFlight.remove(future);
        }
    }

    /**
     * Whether {@link #sendAsync} may be used: requests carry only the configured headers (no OAuth
     * token of the moment, no DPoP proof to renew on a nonce), and the HTTP client runs on its own
     * default executor, whose threads may run the answer's handling (an application's executor may
     * be too small for that).
     */
    boolean direct() {
        return settings.oauth() == null && http.executor().isEmpty();
    }

    /**
     * Starts an exchange without waiting. A successful JSON answer of known length is read whole
     * and given to {@code answered} on the HTTP client's thread (see {@link BufferedBody}); the future
     * then completes with a null body. Any other outcome is left to the future's completion (on the
     * common pool): pass it to {@link #received}. Only when {@link #direct()}.
     */
    CompletableFuture<HttpResponse<Object>> sendAsync(HttpRequest request, Consumer<HttpResponse<InputStream>> answered) {
        if (closed.get()) {
            return CompletableFuture.failedFuture(new IOException("the transport is closed"));
        }
        CompletableFuture<HttpResponse<Object>> future = http.sendAsync(request,
                BufferedBody.handler(request, settings.maxMessageBytes(), answered));
        inFlight.add(future);
        if (closed.get()) {
            future.cancel(true); // abortAll ran meanwhile and may have missed it
        }
        return future.whenComplete((response, failure) -> inFlight.remove(future));
    }

    /**
     * The outcome of {@link #sendAsync} as {@link #send} would have returned it: the body tracked
     * until {@link #done}, a refusal for want of authorisation thrown as {@link AuthorizationRequired}.
     *
     * @throws IOException when the exchange failed or the engine was closed meanwhile
     */
    @SuppressWarnings("unchecked")
    HttpResponse<InputStream> received(HttpResponse<?> outcome, Throwable failure) throws IOException {
        if (failure != null) {
            Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof CancellationException) {
                throw new IOException("the exchange was aborted: the transport is closed");
            }
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        }
        HttpResponse<InputStream> response = (HttpResponse<InputStream>) outcome; // streamed: not handled by the callback
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
    int sendDiscarding(HttpRequest request, Duration limit) {
        CompletableFuture<HttpResponse<Void>> future = http.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        try {
            return future.get(limit.toNanos(), TimeUnit.NANOSECONDS).statusCode();
        } catch (ExecutionException | TimeoutException e) {
            future.cancel(true);
            return -1;
        } catch (InterruptedException e) {
            future.cancel(true);
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
        inFlight.forEach(f -> f.cancel(true));
        bodies.forEach(this::done);
    }
}
