package io.mcphost.client.internal;

import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpSessionExpiredException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Keeps the connection's session valid when the server forgets it ({@link McpSessionExpiredException},
 * HTTP 404). Recovery belongs to the connection, not to the callers: whoever meets an expiry asks for
 * a new session, at most one re-initialisation runs at any time, and every request — the ones that met
 * the expiry and the ones sent meanwhile — waits for the new session and is then resent. A new session
 * that expires too (a server restarting twice, a load balancer without sticky sessions) is simply
 * recovered again: a retry never counts against the caller while the connection makes progress.
 *
 * <p>Bounded: the handshake runs at most {@code sessionRetries} times in a row without a single request
 * succeeding in between, waiting {@link #BACKOFF} × 2ⁿ⁻¹ before the n-th repeat. Then recovery gives up
 * and <em>fails the connection</em> (the host sees a connection loss and reconnects or reports it),
 * instead of leaving a READY client whose every request fails. {@code sessionRetries == 0} turns
 * recovery off: the expiry reaches the caller. One request is resent at most {@link #MAX_RESENDS} times.
 *
 * <p>A stage of the {@link Exchange}: each attempt goes on down the pipeline, so later stages run once
 * per attempt. Thread-safe; nothing here blocks a caller (the handshake and its backoff run on a virtual
 * thread of their own).
 */
final class SessionRecovery implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRecovery.class);
    /** First pause before a repeated re-initialisation; doubles each time (100, 200, 400 ms …). */
    static final Duration BACKOFF = Duration.ofMillis(100);
    private static final long MAX_BACKOFF_NANOS = Duration.ofSeconds(2).toNanos();
    /** Resends of one request; a guard against a request that alone keeps killing sessions. */
    static final int MAX_RESENDS = 16;

    private final ConnectionState connection;
    private final int sessionRetries;
    /** Runs the handshake again and installs its session; throws when it fails. */
    private final Runnable handshake;
    /** Runs after each successful re-initialisation (never on the first handshake), e.g. to re-subscribe. */
    private final Runnable afterReinitialization;
    /** Fails the connection when recovery gives up. */
    private final Consumer<McpException> failConnection;
    private final ReentrantLock reinitLock = new ReentrantLock();
    private final AtomicLong sessionGeneration = new AtomicLong();
    private final AtomicInteger reinitializations = new AtomicInteger();
    /** Re-initialisations since a request last succeeded; guarded by {@link #reinitLock} for writes. */
    private final AtomicInteger streak = new AtomicInteger();
    /** Done unless a re-initialisation is running; requests wait for it before they are sent. */
    private volatile CompletableFuture<Void> reinitialization = CompletableFuture.completedFuture(null);

    SessionRecovery(ConnectionState connection, int sessionRetries, Runnable handshake, Runnable afterReinitialization,
                    Consumer<McpException> failConnection) {
        this.connection = connection;
        this.sessionRetries = sessionRetries;
        this.handshake = handshake;
        this.afterReinitialization = afterReinitialization;
        this.failConnection = failConnection;
    }

    /** Sends a request on with session recovery; each attempt has the whole timeout. */
    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        attempt(outer, request, next, 0, null);
        return outer;
    }

    /** A new connection has its first session (a client re-opened after close). */
    void newSession() {
        sessionGeneration.incrementAndGet();
        streak.set(0);
    }

    /** How many times the handshake ran again after the session expired. */
    int reinitializations() {
        return reinitializations.get();
    }

    private void attempt(CompletableFuture<JsonNode> outer, OutboundRequest request, Next next,
                         int resends, McpSessionExpiredException original) {
        CompletableFuture<Void> gate = reinitialization;
        if (!gate.isDone()) {
            // A re-initialisation is running: requests sent now would carry the dead session.
            gate.whenComplete((v, e) -> {
                if (e != null) {
                    outer.completeExceptionally(failure(original, e));
                } else {
                    attempt(outer, request, next, resends, original);
                }
            });
            return;
        }
        if (gate.isCompletedExceptionally() && original != null) {
            // Recovery gave up while this request waited for its turn: it cannot succeed any more.
            outer.completeExceptionally(failure(original, gate.exceptionNow()));
            return;
        }
        long generation = sessionGeneration.get();
        CompletableFuture<JsonNode> inner = next.proceed(request);
        Exchange.propagateCancel(outer, inner);
        inner.whenComplete((result, error) -> {
            if (error == null) {
                if (streak.get() != 0) {
                    streak.set(0); // the session works: later expiries start a fresh count
                }
                outer.complete(result);
                return;
            }
            McpException cause = unwrap(error);
            if (cause instanceof McpSessionExpiredException expired) {
                McpSessionExpiredException first = original != null ? original : expired;
                if (sessionRetries <= 0 || resends >= MAX_RESENDS || outer.isDone()) {
                    outer.completeExceptionally(first);
                    return;
                }
                recover(generation).whenComplete((v, e) -> {
                    if (e != null) {
                        outer.completeExceptionally(failure(first, e));
                    } else {
                        attempt(outer, request, next, resends + 1, first);
                    }
                });
                return;
            }
            outer.completeExceptionally(error instanceof CancellationException ? error : cause);
        });
    }

    /**
     * A valid session for every request that was sent in session {@code failedGeneration}: the first
     * caller starts the re-initialisation, the others share it; a caller whose session was already
     * replaced gets the current state at once.
     */
    private CompletableFuture<Void> recover(long failedGeneration) {
        reinitLock.lock();
        try {
            if (sessionGeneration.get() != failedGeneration || !reinitialization.isDone()) {
                return reinitialization; // already re-initialised since, or being re-initialised now
            }
            CompletableFuture<Void> run = new CompletableFuture<>();
            reinitialization = run;
            Thread.ofVirtual().name("mcphost-reinit-" + connection.server()).start(() -> reinitialize(run));
            return run;
        } finally {
            reinitLock.unlock();
        }
    }

    /** The recovery loop, on its own virtual thread: handshake until one works or the bound is reached. */
    private void reinitialize(CompletableFuture<Void> run) {
        McpException last = null;
        while (true) {
            int attempt = streak.incrementAndGet();
            if (attempt > sessionRetries) {
                giveUp(run, attempt - 1, last);
                return;
            }
            if (attempt > 1) {
                // Repeated expiries: give a restarting server (or a load balancer) time before asking again.
                LockSupport.parkNanos(Math.min(MAX_BACKOFF_NANOS, BACKOFF.toNanos() << Math.min(attempt - 2, 20)));
            }
            try {
                handshake.run();
            } catch (RuntimeException e) {
                // The new session died before the handshake finished, or the server did not answer: each
                // counts as an attempt, so a server that keeps failing ends in giveUp, not in a READY client
                // whose every request fails.
                last = unwrap(e);
                LOG.debug("server '{}': re-initialising failed (attempt {}): {}", connection.server(), attempt, last.getMessage());
                continue;
            }
            sessionGeneration.incrementAndGet();
            reinitializations.incrementAndGet();
            LOG.info("server '{}': the session had expired; re-initialised ({})", connection.server(),
                    connection.session().version().id());
            run.complete(null);
            afterReinitialization.run();
            return;
        }
    }

    /** Recovery is out of attempts: the connection is useless, so it fails as a whole. */
    private void giveUp(CompletableFuture<Void> run, int attempts, McpException last) {
        McpSessionExpiredException cause = new McpSessionExpiredException(connection.server(), "the session expired "
                + "and " + attempts + " re-initialisation" + (attempts == 1 ? "" : "s")
                + " in a row gave no session that answered a request; giving up on this connection"
                + (last != null ? " (last error: " + last.getMessage() + ")" : ""));
        if (last != null) {
            cause.addSuppressed(last);
        }
        LOG.warn("{}", cause.getMessage()); // the message names the server
        // The client fails first: a caller woken by the failed recovery must already see it FAILED.
        failConnection.accept(cause);
        run.completeExceptionally(cause);
    }

    /**
     * What a request whose recovery failed reports: the recovery's own error (for example that it gave
     * up), which says more than the expiry the request met; that expiry only when there is nothing else.
     */
    private McpException failure(McpSessionExpiredException original, Throwable error) {
        return error == null && original != null ? original : unwrap(error);
    }

    private McpException unwrap(Throwable error) {
        return Blocking.unwrap(connection.server(), error);
    }
}
