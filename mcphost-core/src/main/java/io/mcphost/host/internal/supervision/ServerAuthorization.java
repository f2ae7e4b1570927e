package io.mcphost.host.internal.supervision;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.host.HostEvent;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authorization handler one server's transport gets from a host that has one: it makes the
 * OAuth flow's wait for a user visible (the server AUTH_REQUIRED with the URL in its status, a
 * {@link HostEvent.AuthorizationRequired}) before passing the URL to the application's handler, and
 * brings the server up once the flow has a token. Called on the flow's virtual thread.
 *
 * <p>It also keeps the server's wait for a user: where the user authorises, and what releases the
 * caller of a start that waits for them. That state belongs to the server's state machine and is
 * guarded by the {@link ManagedServer}'s lock: the methods that change it are called with that lock
 * held (they take no lock of their own); the URL is volatile for the status.
 */
final class ServerAuthorization implements AuthorizationHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ServerAuthorization.class);

    private final ManagedServer server;
    private final AuthorizationHandler application;
    private final ReentrantLock lock = new ReentrantLock();
    /** Connection attempts running now (guarded by lock). */
    private int attempting;
    /** A flow got its token while an attempt ran (guarded by lock): should that attempt fail, a new one follows. */
    private boolean authorizedMeanwhile;
    /** Where the user authorises, while the flow waits for them; null otherwise. Written under the server's lock. */
    private volatile URI waitingAt;
    /** Completed when the start's caller may return: the attempt ended, or it waits for a user. Under the server's lock. */
    private CompletableFuture<Boolean> settled = new CompletableFuture<>();

    ServerAuthorization(ManagedServer server, AuthorizationHandler application) {
        this.server = server;
        this.application = application;
    }

    @Override
    public void open(URI authorizationUrl) {
        CompletableFuture<Boolean> release = server.authorizationNeeded(authorizationUrl);
        LOG.info("server '{}': waiting for a user's authorisation", server.name());
        try {
            application.open(authorizationUrl);
        } catch (RuntimeException e) {
            // The URL is in the status and the event: a user can still get to it. Never log it (it names the flow's state).
            LOG.warn("server '{}': the authorization handler failed ({}); the URL is in the server's status",
                    server.name(), e.getClass().getSimpleName());
        }
        server.host().events().emit(new HostEvent.AuthorizationRequired(Instant.now(), server.name(), authorizationUrl));
        release.complete(false); // only now: whoever started the host sees the URL shown and the event raised
    }

    @Override
    public void completed(URI authorizationUrl, boolean authorized) {
        try {
            application.completed(authorizationUrl, authorized);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': the authorization handler failed on completion ({})", server.name(), e.getClass().getSimpleName());
        }
        if (!server.authorizationEnded(authorized)) {
            return;
        }
        lock.lock();
        try {
            if (attempting > 0) {
                // Usually the attempt's own request, retried with the token, brings the server up; if the
                // handshake gave up waiting meanwhile, counted() starts a new attempt when it ends.
                authorizedMeanwhile = true;
                return;
            }
        } finally {
            lock.unlock();
        }
        server.retryAuthorized();
    }

    /** Where the user authorises, while the flow waits for them. Never blocks. */
    Optional<URI> waitingAt() {
        return Optional.ofNullable(waitingAt);
    }

    /** A start begins (under the server's lock): no user waited for yet. @return what releases its caller */
    CompletableFuture<Boolean> starting() {
        waitingAt = null;
        settled = new CompletableFuture<>();
        return settled;
    }

    /** The flow shows {@code url} to a user (under the server's lock). */
    void waitFor(URI url) {
        waitingAt = url;
    }

    /** The flow ended, or the server came up (under the server's lock): no user is waited for. */
    void waitOver() {
        waitingAt = null;
    }

    /** What releases the caller of the current start (under the server's lock). */
    CompletableFuture<Boolean> settled() {
        return settled;
    }

    /** The server stopped (under the server's lock): nobody waits for a user, and the start's caller returns. */
    void stopped() {
        waitingAt = null;
        settled.complete(false);
    }

    /**
     * Runs a start's attempt on a thread of its own, since it may wait minutes for a user, and blocks
     * until it ended or {@code settled} released the caller because it waits for the user.
     *
     * @return whether the server is READY
     */
    boolean startApart(CompletableFuture<Boolean> settled, BooleanSupplier attempt) {
        Thread.ofVirtual().name("mcphost-connect-" + server.name()).start(() -> {
            try {
                settled.complete(attempt.getAsBoolean());
            } catch (Throwable e) {
                settled.completeExceptionally(e);
            }
        });
        try {
            return settled.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Runs one connection attempt, counted so that a token arriving while it runs is not lost if it fails. */
    boolean counted(BooleanSupplier attempt) {
        lock.lock();
        try {
            attempting++;
        } finally {
            lock.unlock();
        }
        boolean ok = false;
        try {
            ok = attempt.getAsBoolean();
            return ok;
        } finally {
            boolean retry;
            lock.lock();
            try {
                attempting--;
                retry = !ok && attempting == 0 && authorizedMeanwhile;
                if (attempting == 0) {
                    authorizedMeanwhile = false;
                }
            } finally {
                lock.unlock();
            }
            if (retry) {
                server.retryAuthorized(); // does nothing unless the server still waits in AUTH_REQUIRED
            }
        }
    }
}
