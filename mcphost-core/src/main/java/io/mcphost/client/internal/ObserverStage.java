package io.mcphost.client.internal;

import io.mcphost.client.ObservedConnection;
import io.mcphost.client.ObservedRequest;
import io.mcphost.client.RequestObserver;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The application's {@link RequestObserver} as the outermost {@link RequestStage}: one observation
 * per request, around re-open and every retry. The handshake, which skips the stages, passes this
 * one too ({@link Exchange#sendHandshake}), so {@code initialize} is observed. A throwing observer
 * is logged and skipped.
 */
final class ObserverStage implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(ObserverStage.class);

    private final RequestObserver observer;
    private final ConnectionState connection;
    private final Transport transport;
    private final io.mcphost.transport.TransportKind kind;
    /** System.nanoTime() at the end of the current session's handshake; 0 when no session is up. */
    private volatile long sessionStartNanos;

    ObserverStage(RequestObserver observer, ConnectionState connection, Transport transport) {
        this.observer = observer;
        this.connection = connection;
        this.transport = transport;
        this.kind = transport.capability(io.mcphost.transport.TransportKind.class).orElse(io.mcphost.transport.TransportKind.OTHER);
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        Observed observed = new Observed(request, snapshot());
        RequestObserver.Completion completion;
        try {
            completion = observer.start(observed);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': the request observer failed on {}; the request goes on unobserved",
                    connection.server(), request.method(), e);
            return next.proceed(request);
        }
        OutboundRequest sent = observed.seal();
        CompletableFuture<JsonNode> inner;
        try {
            inner = next.proceed(sent);
        } catch (RuntimeException e) {
            finish(request.method(), completion, null, e);
            throw e;
        }
        CompletableFuture<JsonNode> outer = inner.whenComplete((result, error) -> finish(request.method(), completion,
                result, error instanceof CompletionException c && c.getCause() != null ? c.getCause() : error));
        Exchange.propagateCancel(outer, inner);
        return outer;
    }

    /** The handshake succeeded: a session begins (first connect or re-open). */
    void sessionStarted() {
        sessionStartNanos = System.nanoTime();
    }

    /** The client closed or failed; reports the session if one was up. */
    void sessionEnded(Optional<Throwable> failure) {
        long start = sessionStartNanos;
        sessionStartNanos = 0;
        if (start == 0) {
            return;
        }
        try {
            observer.sessionEnded(snapshot(), Duration.ofNanos(System.nanoTime() - start), failure);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': the request observer failed at the end of a session", connection.server(), e);
        }
    }

    private ObservedConnection snapshot() {
        return new ObservedConnection(connection.server(), kind, transport.describe(),
                connection.currentSession().map(Session::version), transport.capability(io.mcphost.transport.HttpSessions.class).flatMap(io.mcphost.transport.HttpSessions::sessionId));
    }

    private void finish(String method, RequestObserver.Completion completion, JsonNode result, Throwable failure) {
        try {
            completion.finished(failure == null ? result : null, failure);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': the request observer failed at the end of {}", connection.server(), method, e);
        }
    }

    /** What the observer sees; the meta it adds is collected until {@link #seal}. */
    private static final class Observed implements ObservedRequest {
        private final OutboundRequest request;
        private final ObservedConnection connection;
        private final Map<String, String> meta = new LinkedHashMap<>();
        private volatile boolean sealed;
        private volatile String requestId;

        Observed(OutboundRequest request, ObservedConnection connection) {
            this.request = request;
            this.connection = connection;
        }

        @Override
        public String method() {
            return request.method();
        }

        @Override
        public JsonNode params() {
            return request.params();
        }

        @Override
        public ObservedConnection connection() {
            return connection;
        }

        @Override
        public synchronized void putMeta(String key, String value) {
            if (sealed) {
                throw new IllegalStateException("putMeta is allowed only while RequestObserver.start runs");
            }
            meta.put(key, value);
        }

        @Override
        public Optional<String> requestId() {
            return Optional.ofNullable(requestId);
        }

        /** The request to send: with the observer's _meta (a copy; the caller's entries win) and the id callback. */
        synchronized OutboundRequest seal() {
            sealed = true;
            Consumer<RequestId> onSent = id -> requestId = switch (id) {
                case RequestId.NumberId n -> Long.toString(n.value());
                case RequestId.StringId s -> s.value();
            };
            if (meta.isEmpty()) {
                return request.withOnSent(onSent);
            }
            ObjectNode params = request.params().deepCopy();
            ObjectNode target = params.get("_meta") instanceof ObjectNode existing ? existing : params.putObject("_meta");
            meta.forEach((key, value) -> {
                if (!target.has(key)) {
                    target.put(key, value);
                }
            });
            return request.withParams(params).withOnSent(onSent);
        }
    }
}
