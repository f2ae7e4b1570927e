package io.mcphost.client.internal;

import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpSessionExpiredException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Keeps requests working when the server forgets the session ({@link McpSessionExpiredException},
 * HTTP 404): the handshake runs again on the same transport — once for all callers that hit the
 * expiry together — and each request is retried, up to {@code sessionRetries} times. Requests sent
 * while a re-initialisation runs wait for it, so none carries the dead session. A stage of the
 * {@link Exchange}: each attempt goes on down the pipeline, so later stages run once per attempt.
 * Thread-safe; nothing here blocks a caller (the handshake runs on a virtual thread of its own).
 */
final class SessionRecovery implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRecovery.class);

    private final ConnectionState connection;
    private final int sessionRetries;
    /** Runs the handshake again and installs its session; throws when it fails. */
    private final Runnable handshake;
    /** Runs after each successful re-initialisation (never on the first handshake), e.g. to re-subscribe. */
    private final Runnable afterReinitialization;
    private final ReentrantLock reinitLock = new ReentrantLock();
    private final AtomicLong sessionGeneration = new AtomicLong();
    private final AtomicInteger reinitializations = new AtomicInteger();
    /** Done unless a re-initialisation is running; requests wait for it before they are sent. */
    private volatile CompletableFuture<Void> reinitialization = CompletableFuture.completedFuture(null);

    SessionRecovery(ConnectionState connection, int sessionRetries, Runnable handshake, Runnable afterReinitialization) {
        this.connection = connection;
        this.sessionRetries = sessionRetries;
        this.handshake = handshake;
        this.afterReinitialization = afterReinitialization;
    }

    /** Sends a request on with session recovery; each attempt has the whole timeout. */
    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        attempt(outer, request, next, sessionRetries, null);
        return outer;
    }

    /** A new connection has its first session (a client re-opened after close). */
    void newSession() {
        sessionGeneration.incrementAndGet();
    }

    /** How many times the handshake ran again after the session expired. */
    int reinitializations() {
        return reinitializations.get();
    }

    private void attempt(CompletableFuture<JsonNode> outer, OutboundRequest request, Next next,
                         int retriesLeft, McpSessionExpiredException original) {
        CompletableFuture<Void> gate = reinitialization;
        if (!gate.isDone()) {
            // A re-initialisation is running: requests sent now would carry the dead session.
            gate.whenComplete((v, e) -> {
                if (e != null) {
                    outer.completeExceptionally(original != null ? original : unwrap(e));
                } else {
                    attempt(outer, request, next, retriesLeft, original);
                }
            });
            return;
        }
        long generation = sessionGeneration.get();
        CompletableFuture<JsonNode> inner = next.proceed(request);
        Exchange.propagateCancel(outer, inner);
        inner.whenComplete((result, error) -> {
            if (error == null) {
                outer.complete(result);
                return;
            }
            McpException cause = unwrap(error);
            if (cause instanceof McpSessionExpiredException expired) {
                McpSessionExpiredException first = original != null ? original : expired;
                if (retriesLeft <= 0 || outer.isDone()) {
                    outer.completeExceptionally(first);
                    return;
                }
                reinitialize(generation).whenComplete((v, e) -> {
                    if (e != null) {
                        first.addSuppressed(unwrap(e));
                        outer.completeExceptionally(first);
                    } else {
                        attempt(outer, request, next, retriesLeft - 1, first);
                    }
                });
                return;
            }
            outer.completeExceptionally(error instanceof CancellationException ? error : cause);
        });
    }

    /**
     * Runs the handshake again on the same transport, once for every caller whose request was
     * sent in session {@code failedGeneration}: the first starts it, the others share it.
     */
    private CompletableFuture<Void> reinitialize(long failedGeneration) {
        reinitLock.lock();
        try {
            if (sessionGeneration.get() != failedGeneration || !reinitialization.isDone()) {
                return reinitialization; // already re-initialised since, or being re-initialised now
            }
            CompletableFuture<Void> run = new CompletableFuture<>();
            reinitialization = run;
            Thread.ofVirtual().name("mcphost-reinit-" + connection.server()).start(() -> {
                try {
                    handshake.run();
                    sessionGeneration.incrementAndGet();
                    reinitializations.incrementAndGet();
                    LOG.info("server '{}': the session had expired; re-initialised ({})", connection.server(),
                            connection.session().version().id());
                    run.complete(null);
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': the session expired and re-initialising failed: {}", connection.server(), e.getMessage());
                    run.completeExceptionally(e);
                    return;
                }
                afterReinitialization.run();
            });
            return run;
        } finally {
            reinitLock.unlock();
        }
    }

    private McpException unwrap(Throwable error) {
        return Blocking.unwrap(connection.server(), error);
    }
}
