package io.mcphost.transport.http.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The HTTP client of a Streamable HTTP (or HTTP+SSE) transport to a plain {@code http://} endpoint:
 * HTTP/1.1 over a pool of keep-alive sockets, each exchange run start to end on one virtual thread that
 * writes the request, reads the answer and feeds its body to the {@link HttpResponse.BodyHandler}
 * exactly as the JDK's client would. It is what the transport's default JDK client is for such an
 * endpoint (HTTP/1.1, no redirects, no proxy, the same connect timeout) without the JDK client's one
 * selector thread through which every connection's I/O and every answer passes: on this project's
 * benchmark (2 cores, 64 callers) that thread capped a client at ~16k calls/s where plain sockets get
 * ~50k from the same server.
 *
 * <p>Pooling: an answer read to its end returns its connection to the pool before the caller hears of
 * it (most recently used first, per host and port; dropped after {@value #IDLE_SECONDS} s idle, or when
 * the server said {@code close} or framed the body by closing). One idle for over a millisecond is
 * probed before use, without waiting (servers close idle connections on their own schedule, many after
 * 5 s). A request whose write fails on a reused connection is sent once more on a new one: the server
 * had closed it and never saw the request. Once written, a request is never sent again, whatever
 * happens to the answer: the server may have acted on it (the JDK client does not resend a POST
 * either). Connections are not shared by two exchanges at once; an unbounded number may be open (the
 * transport bounds requests in flight).
 *
 * <p>Cancelling the future of {@link #sendAsync} before the answer's head, closing a streamed body
 * before its end, and {@link #shutdownNow()} close the socket, which ends a blocked read at once.
 * {@code https} is not served here (the transport keeps the JDK client for it: TLS, HTTP/2). Thread-safe.
 */
public final class PlainHttpClient extends HttpClient {
    static final int IDLE_SECONDS = 20;
    private static final int MAX_IDLE = 64;
    /** Idle longer than this, a pooled connection is probed before use (a non-blocking read, a few µs). */
    private static final long PROBE_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Duration connectTimeout;
    /** Idle connections by authority (host:port), most recently used first. */
    private final Map<String, Deque<Http1Connection>> idle = new ConcurrentHashMap<>();
    /** How many connections wait in {@link #idle} (a deque's own size() walks it: not once per answer). */
    private final AtomicInteger idleCount = new AtomicInteger();
    private final Set<Http1Connection> open = ConcurrentHashMap.newKeySet();
    private volatile boolean terminated;

    /** A client that connects within {@code connectTimeout}; no thread until the first exchange. */
    public PlainHttpClient(Duration connectTimeout) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(handler, "handler");
        Pending<T> future = new Pending<>();
        Thread.ofVirtual().name("mcphost-http-io").start(() -> run(request, handler, future));
        return future;
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                            HttpResponse.PushPromiseHandler<T> pushPromises) {
        return sendAsync(request, handler); // HTTP/1.1 has no server push
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<T>> future = sendAsync(request, handler);
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        }
    }

    /** One exchange, start to end, on its own virtual thread. */
    private <T> void run(HttpRequest request, HttpResponse.BodyHandler<T> handler, Pending<T> future) {
        Http1Connection connection = null;
        try {
            if (!"http".equalsIgnoreCase(request.uri().getScheme())) {
                throw new IOException("this client speaks plain http only, not " + request.uri().getScheme());
            }
            byte[] body = RequestBody.bytes(request);
            Http1Connection.Head head = null;
            for (int attempt = 0; head == null; attempt++) {
                connection = attempt == 0 ? lease(request.uri()) : connect(request.uri()); // a retry never takes a pooled one
                future.attach(connection);
                try {
                    head = connection.exchange(request, body);
                } catch (Http1Connection.Stale stale) {
                    discard(connection);
                    connection = null;
                    if (attempt > 0) {
                        throw stale;
                    }
                }
            }
            InputStream stream = connection.body(request.method(), head);
            Http1Connection.Head answered = head;
            HttpResponse.BodySubscriber<T> subscriber = handler.apply(new Info(head.status(), head.headers()));
            subscriber.getBody().whenComplete((value, error) -> {
                if (error != null) {
                    future.completeExceptionally(error);
                } else {
                    future.complete(new ResponseRecord<>(request, answered.status(), answered.headers(), value, Version.HTTP_1_1));
                }
            });
            Http1Connection used = connection;
            connection = null; // from here the pump returns it to the pool or discards it
            if (!new BodyPump(stream, subscriber, used, () -> finish(future, used)).run()) {
                discard(used);
                future.completeExceptionally(new IOException("the answer's body was not read to its end"));
            }
        } catch (IOException | RuntimeException | Error e) {
            if (connection != null) {
                discard(connection);
            }
            future.completeExceptionally(terminated ? new IOException("the HTTP client was shut down", e) : e);
            if (e instanceof Error error) {
                throw error;
            }
        }
    }

    /**
     * The body was read to its end: the connection goes back to the pool before the subscriber hears of
     * it (whoever then sends the next request finds it there), unless a cancel claimed it first.
     */
    private void finish(Pending<?> future, Http1Connection connection) {
        if (!future.release(connection)) {
            return; // cancelled meanwhile: the cancel closed it
        }
        if (connection.reusable()) {
            release(connection);
        } else {
            discard(connection);
        }
    }

    private Http1Connection lease(URI uri) throws IOException {
        Deque<Http1Connection> pool = idle.get(Http1Connection.authority(uri));
        long now = System.nanoTime();
        for (Http1Connection c = poll(pool); c != null; c = poll(pool)) {
            long idleNanos = now - c.idleSinceNanos();
            // A connection back from an answer a moment ago is alive; one idle for longer is probed (no wait),
            // since a server closes idle connections on its own schedule (many after 5 s) and a POST
            // written to a closed one cannot safely be sent again.
            if (idleNanos < TimeUnit.SECONDS.toNanos(IDLE_SECONDS) && (idleNanos < PROBE_AFTER_NANOS || c.alive())) {
                return c;
            }
            discard(c);
        }
        return connect(uri);
    }

    private Http1Connection poll(Deque<Http1Connection> pool) {
        Http1Connection c = pool == null ? null : pool.pollFirst();
        if (c != null) {
            idleCount.decrementAndGet();
        }
        return c;
    }

    private Http1Connection connect(URI uri) throws IOException {
        if (terminated) {
            throw new IOException("the HTTP client is shut down");
        }
        Http1Connection fresh = Http1Connection.open(uri, connectTimeout);
        open.add(fresh);
        if (terminated) { // shutdownNow ran meanwhile and may have missed it
            discard(fresh);
            throw new IOException("the HTTP client is shut down");
        }
        return fresh;
    }

    private void release(Http1Connection connection) {
        Deque<Http1Connection> pool = idle.computeIfAbsent(connection.authority(), a -> new ConcurrentLinkedDeque<>());
        if (terminated || idleCount.incrementAndGet() > MAX_IDLE) {
            idleCount.decrementAndGet();
            discard(connection);
            return;
        }
        connection.idleSince(System.nanoTime());
        pool.offerFirst(connection);
        if (terminated && pool.remove(connection)) {
            idleCount.decrementAndGet();
            discard(connection);
        }
    }

    private void discard(Http1Connection connection) {
        open.remove(connection);
        connection.abort();
    }

    @Override
    public void shutdown() {
        terminated = true;
        for (Deque<Http1Connection> pool : idle.values()) {
            for (Http1Connection c = poll(pool); c != null; c = poll(pool)) {
                discard(c);
            }
        }
    }

    @Override
    public void shutdownNow() {
        shutdown();
        open.forEach(this::discard);
    }

    @Override
    public boolean awaitTermination(Duration duration) throws InterruptedException {
        long deadline = System.nanoTime() + duration.toNanos();
        while (!isTerminated()) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    @Override
    public boolean isTerminated() {
        return terminated && open.isEmpty();
    }

    @Override
    public void close() {
        shutdownNow();
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return Optional.empty();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return Optional.of(connectTimeout);
    }

    @Override
    public Redirect followRedirects() {
        return Redirect.NEVER;
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return Optional.empty();
    }

    @Override
    public SSLContext sslContext() {
        try {
            return SSLContext.getDefault();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public SSLParameters sslParameters() {
        return new SSLParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return Optional.empty();
    }

    @Override
    public Version version() {
        return Version.HTTP_1_1;
    }

    /** Empty, as the JDK client's own default: its callers may run work on the exchange's thread. */
    @Override
    public Optional<Executor> executor() {
        return Optional.empty();
    }

    /**
     * The future of an exchange: cancelled before the answer is complete, it closes the connection. The
     * connection is claimed once, by the cancel or by the end of the body, never by both.
     */
    private static final class Pending<T> extends CompletableFuture<HttpResponse<T>> {
        private final AtomicReference<Http1Connection> connection = new AtomicReference<>();

        void attach(Http1Connection c) {
            connection.set(c);
            if (isCancelled() && connection.compareAndSet(c, null)) {
                c.abort();
            }
        }

        /** Claims {@code c} for the pool; false when a cancel took it. */
        boolean release(Http1Connection c) {
            return connection.compareAndSet(c, null);
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            if (cancelled) {
                Http1Connection c = connection.getAndSet(null);
                if (c != null) {
                    c.abort();
                }
            }
            return cancelled;
        }
    }

    private record Info(int statusCode, HttpHeaders headers) implements HttpResponse.ResponseInfo {
        @Override
        public Version version() {
            return Version.HTTP_1_1;
        }
    }

    /** A request's body as bytes, read from its publisher (the transport's publishers hold bytes or a string). */
    static final class RequestBody {
        private RequestBody() {
        }

        /** The body, or null when the request has none (a GET, a DELETE). */
        static byte[] bytes(HttpRequest request) throws IOException {
            HttpRequest.BodyPublisher publisher = request.bodyPublisher().orElse(null);
            if (publisher == null || publisher.contentLength() == 0) {
                return request.method().equals("POST") || request.method().equals("PUT") ? new byte[0] : null;
            }
            ByteArrayOutputStream collected = new ByteArrayOutputStream(
                    (int) Math.max(64, Math.min(publisher.contentLength(), 1 << 20)));
            CompletableFuture<byte[]> done = new CompletableFuture<>();
            publisher.subscribe(new Flow.Subscriber<>() {
                @Override
                public void onSubscribe(Flow.Subscription subscription) {
                    subscription.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(ByteBuffer item) {
                    byte[] part = new byte[item.remaining()];
                    item.get(part);
                    collected.writeBytes(part);
                }

                @Override
                public void onError(Throwable throwable) {
                    done.completeExceptionally(throwable);
                }

                @Override
                public void onComplete() {
                    done.complete(collected.toByteArray());
                }
            });
            try {
                return done.get(30, TimeUnit.SECONDS); // in-memory publishers complete at once
            } catch (ExecutionException e) {
                throw new IOException("the request body could not be read", e.getCause());
            } catch (TimeoutException e) {
                throw new IOException("the request body was not produced within 30 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }
}
