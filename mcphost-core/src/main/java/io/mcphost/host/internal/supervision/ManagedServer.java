package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostEvent;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.host.internal.catalog.Offer;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.transport.Transport;
import io.mcphost.auth.McpAuthorizationException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One supervised server's state machine: starts it, lists what it offers, notices a lost connection,
 * hands reconnecting to its {@link Reconnector} and {@code list_changed} to its {@link CatalogRefresher},
 * and stops it within a deadline. Thread-safe: state changes happen under one {@link ReentrantLock}
 * that is never held across I/O; readers use the volatile fields without it.
 *
 * <p>Every start gets a new generation number; callbacks of an older client (a late log line, a
 * connection-lost report of a client already replaced) carry their generation and are ignored, so a
 * restart can never be undone by the previous incarnation's death.
 */
public final class ManagedServer {
    private static final Logger LOG = LoggerFactory.getLogger(ManagedServer.class);

    /** What the supervisor provides to each of its servers; its methods never block on I/O. */
    public interface Host {
        /** The host's settings, shared by its servers. */
        HostSettings settings();

        /** Where the server's lifecycle events go. */
        EventBus events();

        /** The server's offer changed (it came, went, or a list changed): rebuild the catalog. */
        void offerChanged(ManagedServer server, Set<ListKind> kinds);
    }

    private final ServerSpec spec;
    private final Host host;
    private final CatalogRefresher refresher;
    private final ReentrantLock lock = new ReentrantLock();

    // Guarded by lock; volatile so status() and the call path read without it.
    private volatile ServerState state = ServerState.STARTING;
    private volatile McpClient client;
    /** The client whose handshake is running, so that stop() can cut it short. */
    private volatile McpClient connecting;
    private volatile Offer offer;
    private volatile McpException lastError;
    private volatile int reconnectAttempts;
    /** Reconnect attempts spent since the connection was last stable (up for the policy's stableAfter). */
    private int backoffAttempts;
    private volatile Instant since = Instant.now();
    private volatile CompletableFuture<McpClient> ready = new CompletableFuture<>();
    private long generation;
    private Reconnector reconnector;
    /**
     * The handler the transport's OAuth flow shows its URL through, and the wait for a user it keeps
     * (guarded by lock); null when the host has none.
     */
    private final ServerAuthorization authorization;
    private final AttemptTransports transports;

    public ManagedServer(ServerSpec spec, Host host) {
        this.spec = spec;
        this.host = host;
        this.refresher = new CatalogRefresher(this);
        this.authorization = host.settings().authorization().map(a -> new ServerAuthorization(this, a)).orElse(null);
        this.transports = new AttemptTransports(spec, authorization);
    }

    /** The server's configured name. */
    public String name() {
        return spec.name();
    }

    /** How it was configured. */
    public ServerSpec spec() {
        return spec;
    }

    /** Where it is in its life now; may change at any moment. Never blocks. */
    public ServerState state() {
        return state;
    }

    Host host() {
        return host;
    }

    /** What it offered when it was last READY (kept while it is down, to tell "unavailable" from "unknown"). */
    public Optional<Offer> offer() {
        return Optional.ofNullable(offer);
    }

    /**
     * The connected client, or why there is none. Blocks up to {@code wait} while the server is starting
     * or reconnecting; never longer.
     *
     * @throws ServerUnavailableException if it is not READY (in time), naming its last error
     */
    public McpClient readyClient(Duration wait) {
        McpClient c = client;
        ServerState s = state;
        if (s == ServerState.READY && c != null) {
            return c;
        }
        if (wait.isPositive() && (s == ServerState.RECONNECTING || s == ServerState.STARTING)) {
            try {
                return ready.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw unavailable("interrupted while waiting for the server to reconnect");
            } catch (TimeoutException e) {
                throw unavailable("still " + state.name().toLowerCase() + " after waiting " + wait);
            } catch (ExecutionException e) {
                throw unavailable(state.name().toLowerCase());
            }
        }
        throw unavailable(s.name().toLowerCase());
    }

    private ServerUnavailableException unavailable(String why) {
        McpException error = lastError;
        return new ServerUnavailableException(name(), "not available (" + why + ")"
                + (error == null ? "" : "; last error: " + error.getMessage()));
    }

    /** A snapshot; {@code toolCount} is what the current catalog holds of it. Never blocks. */
    public ServerStatus status(int toolCount) {
        McpClient c = client;
        McpException error = lastError;
        boolean connected = state == ServerState.READY && c != null;
        return new ServerStatus(name(), state, spec.description().orElseGet(transports::describe), spec.required(),
                connected ? Optional.of(c.protocolVersion()) : Optional.empty(),
                connected ? Optional.of(c.serverInfo()) : Optional.empty(),
                connected ? toolCount : 0, Optional.ofNullable(error), Failures.stderrTailOf(error),
                reconnectAttempts, since, connected ? Optional.of(c.era()) : Optional.empty(),
                authorization == null ? Optional.empty() : authorization.waitingAt());
    }

    // ---- starting --------------------------------------------------------------------------------

    /**
     * Starts (or restarts) the server and blocks until it is READY or has failed, within its startup
     * timeout plus the listing, or until its OAuth flow waits for a user (AUTH_REQUIRED: the attempt
     * goes on without the caller, see {@link ServerAuthorization}). Never throws for the server's own
     * failures: they are in the status.
     *
     * @return whether it is READY
     */
    public boolean start() {
        long gen;
        CompletableFuture<Boolean> settled;
        lock.lock();
        try {
            if (state == ServerState.STOPPED) {
                return false;
            }
            gen = nextAttempt();
            cancelReconnector();
            closeClientLater(client);
            client = null;
            reconnectAttempts = 0;
            settled = authorization == null ? null : authorization.starting();
        } finally {
            lock.unlock();
        }
        host.events().emit(new HostEvent.ServerStarting(Instant.now(), name(), 0));
        // With a host authorization handler the attempt may wait minutes for a user: it runs apart.
        return authorization == null ? connect(gen, 0) : authorization.startApart(settled, () -> connect(gen, 0));
    }

    /**
     * The flow shows {@code url}: a start waiting for it is AUTH_REQUIRED.
     *
     * @return what releases the start's caller, once the application's handler and the event have seen the URL
     */
    CompletableFuture<Boolean> authorizationNeeded(URI url) {
        lock.lock();
        try {
            if (state != ServerState.STOPPED) {
                authorization.waitFor(url);
                // FAILED too: the handshake may give up before a slow discovery reaches the user, whose URL this is.
                if (state == ServerState.STARTING || state == ServerState.FAILED) {
                    lastError = new McpAuthorizationException(name(), "waiting for a user to authorise at the server's authorization URL");
                    moveTo(ServerState.AUTH_REQUIRED);
                }
            }
            return authorization.settled();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The flow ended: clears the URL; without a token, the last error says so.
     *
     * @return whether the server waits in AUTH_REQUIRED for the token it now has
     */
    boolean authorizationEnded(boolean authorized) {
        lock.lock();
        try {
            authorization.waitOver();
            if (state != ServerState.AUTH_REQUIRED) {
                return false;
            }
            if (!authorized) {
                lastError = new McpAuthorizationException(name(), "the authorisation was not completed;"
                        + " restart the server to try again (or run `mcphost login`)");
            }
            return authorized;
        } finally {
            lock.unlock();
        }
    }

    /** A new attempt of a server left AUTH_REQUIRED whose flow has since got a token. */
    void retryAuthorized() {
        long gen;
        lock.lock();
        try {
            if (state != ServerState.AUTH_REQUIRED) {
                return;
            }
            gen = nextAttempt();
        } finally {
            lock.unlock();
        }
        host.events().emit(new HostEvent.ServerStarting(Instant.now(), name(), 0));
        Thread.ofVirtual().name("mcphost-connect-" + name()).start(() -> connect(gen, 0));
    }

    /** A start begins (under the lock): a new generation, STARTING, and a {@code ready} its callers can wait for. */
    private long nextAttempt() {
        moveTo(ServerState.STARTING);
        if (ready.isDone()) {
            ready = new CompletableFuture<>();
        }
        return ++generation;
    }

    /** One connection attempt; with a host authorization handler, counted (see {@link ServerAuthorization#counted}). */
    boolean connect(long gen, int attempt) {
        return authorization == null ? connectOnce(gen, attempt) : authorization.counted(() -> connectOnce(gen, attempt));
    }

    /** One connection attempt of generation {@code gen}; {@code attempt} 0 is a start, later ones reconnects. */
    private boolean connectOnce(long gen, int attempt) {
        Instant began = Instant.now();
        Transport transport;
        try {
            transport = transports.next();
        } catch (RuntimeException e) {
            // A bad header or an unset token variable: a failed server with its cause, never one STARTING forever.
            return failed(gen, attempt, e instanceof McpException m ? m
                    : new McpTransportException(name(), "cannot set up the transport: " + e.getMessage(), e));
        }
        McpClient candidate = ClientFactory.newClient(spec, host.settings(), host.events(), transport,
                kind -> refresher.onListChanged(gen, kind), cause -> onConnectionLost(gen, cause));
        connecting = candidate;
        if (!current(gen, attempt)) {
            candidate.close(host.settings().closeTimeout());
            return false;
        }
        try {
            ClientFactory.connect(candidate);
            Offer listed = OfferListing.list(candidate);
            lock.lock();
            try {
                if (gen != generation || state == ServerState.STOPPED) {
                    closeClientLater(candidate);
                    return false;
                }
                client = candidate;
                offer = listed;
                lastError = null;
                if (authorization != null) {
                    authorization.waitOver();
                }
                reconnectAttempts = 0;
                moveTo(ServerState.READY);
                ready.complete(candidate);
            } finally {
                lock.unlock();
            }
            host.offerChanged(this, EnumSet.allOf(ListKind.class));
            host.events().emit(new HostEvent.ServerReady(Instant.now(), name(), Duration.between(began, Instant.now()),
                    listed.tools().size()));
            return true;
        } catch (McpException e) {
            candidate.close(host.settings().closeTimeout());
            return failed(gen, attempt, e);
        } finally {
            connecting = null;
        }
    }

    /** Records a failed attempt of generation {@code gen}: FAILED on a start, an event either way. */
    private boolean failed(long gen, int attempt, McpException e) {
        lock.lock();
        try {
            if (gen != generation || state == ServerState.STOPPED) {
                return false;
            }
            if (state == ServerState.AUTH_REQUIRED && authorization != null && authorization.waitingAt().isPresent()) {
                // The handshake gave up while the user is still at the URL: not a failure; the token brings it up.
                LOG.debug("server '{}': the start attempt ended while waiting for the user: {}", name(), e.getMessage());
                return false;
            }
            lastError = e;
            if (attempt == 0) {
                moveTo(Failures.needsUser(e) ? ServerState.AUTH_REQUIRED : ServerState.FAILED);
                ready.completeExceptionally(e);
            }
        } finally {
            lock.unlock();
        }
        LOG.warn("server '{}' could not be started{}: {}", name(), attempt == 0 ? "" : " (reconnect attempt " + attempt + ")",
                e.getMessage());
        host.events().emit(new HostEvent.ServerFailed(Instant.now(), name(), e, attempt > 0
                && attempt < host.settings().reconnect().maxAttempts()));
        return false;
    }

    // ---- losing the connection, and what the reconnector and refresher may change ----------------------

    private void onConnectionLost(long gen, McpException cause) {
        boolean retry;
        lock.lock();
        try {
            if (gen != generation || state != ServerState.READY) {
                return;
            }
            closeClientLater(client);
            client = null;
            lastError = cause;
            ReconnectPolicy policy = host.settings().reconnect();
            if (Duration.between(since, Instant.now()).compareTo(policy.stableAfter()) >= 0) {
                backoffAttempts = 0; // it was up long enough: a fresh failure, not a crash loop
            }
            retry = policy.enabled() && backoffAttempts < policy.maxAttempts();
            moveTo(retry ? ServerState.RECONNECTING : ServerState.FAILED);
            ready = new CompletableFuture<>();
            if (!retry) {
                ready.completeExceptionally(policy.enabled() ? new ServerUnavailableException(name(), "gave up reconnecting: "
                        + "it died again within " + policy.stableAfter() + " of each of " + backoffAttempts + " reconnects")
                        : cause);
            } else {
                reconnector = Reconnector.start(this, gen, backoffAttempts + 1);
            }
        } finally {
            lock.unlock();
        }
        LOG.warn("server '{}' lost its connection{}: {}", name(), retry ? "; reconnecting" : "", cause.getMessage());
        host.offerChanged(this, EnumSet.allOf(ListKind.class));
        host.events().emit(new HostEvent.ServerFailed(Instant.now(), name(), cause, retry));
    }

    void reconnectAttempt(int attempt) {
        lock.lock();
        try {
            reconnectAttempts = attempt;
            backoffAttempts = attempt;
        } finally {
            lock.unlock();
        }
    }

    /** The reconnector ran out of attempts: FAILED, unless a stop or restart overtook it. */
    void gaveUpReconnecting(long gen, int attempts) {
        lock.lock();
        try {
            if (gen == generation && state == ServerState.RECONNECTING) {
                moveTo(ServerState.FAILED);
                ready.completeExceptionally(new ServerUnavailableException(name(), "gave up reconnecting after " + attempts + " attempts"));
            }
        } finally {
            lock.unlock();
        }
        LOG.warn("server '{}': gave up reconnecting after {} attempts", name(), attempts);
    }

    /** Whether generation {@code gen} still owns the server (a stop or restart has not overtaken it). */
    boolean current(long gen, int attempt) {
        lock.lock();
        try {
            return gen == generation && state == (attempt == 0 ? ServerState.STARTING : ServerState.RECONNECTING);
        } finally {
            lock.unlock();
        }
    }

    /** The live client of generation {@code gen}, if it is READY. */
    Optional<McpClient> clientOf(long gen) {
        lock.lock();
        try {
            return gen == generation && state == ServerState.READY ? Optional.ofNullable(client) : Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    /** Swaps in a relisted offer, unless {@code listedBy} was replaced meanwhile. @return whether it was swapped */
    boolean replaceOffer(long gen, McpClient listedBy, Offer relisted) {
        lock.lock();
        try {
            if (gen != generation || client != listedBy) {
                return false;
            }
            offer = relisted;
            return true;
        } finally {
            lock.unlock();
        }
    }

    // ---- stopping ----------------------------------------------------------------------------------

    /** Stops the server for good within {@code budget}: no reconnect, the client closed, the process gone. */
    public void stop(Duration budget) {
        McpClient c;
        McpClient starting;
        lock.lock();
        try {
            if (state == ServerState.STOPPED) {
                return;
            }
            generation++;
            cancelReconnector();
            starting = connecting;
            c = client;
            client = null;
            moveTo(ServerState.STOPPED);
            if (authorization != null) {
                authorization.stopped();
            }
            ready.completeExceptionally(new ServerUnavailableException(name(), "stopped"));
        } finally {
            lock.unlock();
        }
        if (starting != null) {
            starting.close(budget);
        }
        if (c != null) {
            c.close(budget);
        }
        host.events().emit(new HostEvent.ServerStopped(Instant.now(), name()));
    }

    private void cancelReconnector() {
        if (reconnector != null) {
            reconnector.cancel();
            reconnector = null;
        }
    }

    private void closeClientLater(McpClient old) {
        if (old != null) {
            // Closing may wait for a process to exit; never under the lock, never on the caller's time.
            Thread.ofVirtual().name("mcphost-close-" + name()).start(() -> old.close(host.settings().closeTimeout()));
        }
    }

    private void moveTo(ServerState next) {
        state = next;
        since = Instant.now();
    }

    @Override
    public String toString() {
        return "ManagedServer[" + name() + ", " + state + "]";
    }
}
