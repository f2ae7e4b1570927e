package io.mcphost.host.internal.supervision;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.host.HostEvent;
import java.net.URI;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authorization handler one server's transport gets from a host that has one: it makes the
 * OAuth flow's wait for a user visible (the server AUTH_REQUIRED with the URL in its status, a
 * {@link HostEvent.AuthorizationRequired}) before passing the URL to the application's handler, and
 * brings the server up once the flow has a token. Called on the flow's virtual thread.
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
