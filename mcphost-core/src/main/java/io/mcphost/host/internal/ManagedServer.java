package io.mcphost.host.internal;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.SamplingHandler;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostEvent.CatalogKind;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One supervised server: starts it, lists what it offers, watches for a lost connection and reconnects
 * with backoff, refreshes its lists on {@code list_changed}, and stops it within a deadline.
 *
 * <p>Every start gets a new generation number; callbacks of an older client (a late log line, a
 * connection-lost report of a client already replaced) carry their generation and are ignored, so a
 * restart can never be undone by the previous incarnation's death.
 */
public final class ManagedServer {
    private static final Logger LOG = LoggerFactory.getLogger(ManagedServer.class);

    /** What the host provides to each of its servers. */
    public interface Host {
        HostSettings settings();

        EventBus events();

        /** The server's offer changed (it came, went, or a list changed): rebuild the catalog. */
        void offerChanged(ManagedServer server, Set<CatalogKind> kinds);
    }

    private final ServerSpec spec;
    private final Host host;
    private final ReentrantLock lock = new ReentrantLock();
    private final ReentrantLock refreshLock = new ReentrantLock();
    private final AtomicBoolean[] refreshPending = {new AtomicBoolean(), new AtomicBoolean(), new AtomicBoolean()};

    // Guarded by lock; volatile so status() and the call path read without it.
    private volatile ServerState state = ServerState.STARTING;
    private volatile McpClient client;
    /** The client whose handshake is running, so that stop() can cut it short. */
    private volatile McpClient connecting;
    private volatile Offer offer;
    private volatile String lastError;
    private volatile String stderrTail;
    private volatile int reconnectAttempts;
    private volatile Instant since = Instant.now();
    private volatile CompletableFuture<McpClient> ready = new CompletableFuture<>();
    private long generation;
    private Transport reusableTransport;
    private Thread reconnector;

    public ManagedServer(ServerSpec spec, Host host) {
        this.spec = spec;
        this.host = host;
    }

    public String name() {
        return spec.name();
    }

    public ServerSpec spec() {
        return spec;
    }

    public ServerState state() {
        return state;
    }

    /** What it offered when it was last READY (kept while it is down, to tell "unavailable" from "unknown"). */
    public Optional<Offer> offer() {
        return Optional.ofNullable(offer);
    }

    /** The connected client, or why there is none. */
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
        String error = lastError;
        return new ServerUnavailableException(name(), "not available (" + why + ")"
                + (error == null ? "" : "; last error: " + error));
    }

    public ServerStatus status(int toolCount) {
        McpClient c = client;
        boolean connected = state == ServerState.READY && c != null;
        return new ServerStatus(name(), state, spec.description().orElseGet(this::transportDescription), spec.required(),
                connected ? Optional.of(c.protocolVersion()) : Optional.empty(),
                connected ? Optional.of(c.serverInfo()) : Optional.empty(),
                connected ? toolCount : 0, Optional.ofNullable(lastError), Optional.ofNullable(stderrTail),
                reconnectAttempts, since);
    }

    private String transportDescription() {
        Transport t = reusableTransport;
        return t != null ? t.describe() : "(not started)";
    }

    // ---- starting --------------------------------------------------------------------------------

    /**
     * Starts (or restarts) the server and blocks until it is READY or has failed, within its startup
     * timeout plus the listing. Never throws for the server's own failures: they are in the status.
     *
     * @return whether it is READY
     */
    public boolean start() {
        long gen;
        lock.lock();
        try {
            if (state == ServerState.STOPPED) {
                return false;
            }
            gen = ++generation;
            interruptReconnector();
            closeClientLater(client);
            client = null;
            reconnectAttempts = 0;
            moveTo(ServerState.STARTING);
            if (ready.isDone()) {
                ready = new CompletableFuture<>();
            }
        } finally {
            lock.unlock();
        }
        host.events().emit(new HostEvent.ServerStarting(Instant.now(), name(), 0));
        return connect(gen, 0);
    }

    /** One connection attempt of generation {@code gen}; {@code attempt} 0 is a start, later ones reconnects. */
    private boolean connect(long gen, int attempt) {
        Instant began = Instant.now();
        Transport transport = transportFor();
        McpClient candidate = newClient(transport, gen);
        connecting = candidate;
        if (!current(gen, attempt)) {
            candidate.close(host.settings().closeTimeout());
            return false;
        }
        try {
            candidate.connect();
            Offer listed = Offer.list(candidate);
            lock.lock();
            try {
                if (gen != generation || state == ServerState.STOPPED) {
                    closeClientLater(candidate);
                    return false;
                }
                client = candidate;
                offer = listed;
                lastError = null;
                stderrTail = null;
                reconnectAttempts = 0;
                moveTo(ServerState.READY);
                ready.complete(candidate);
            } finally {
                lock.unlock();
            }
            host.offerChanged(this, EnumSet.allOf(CatalogKind.class));
            host.events().emit(new HostEvent.ServerReady(Instant.now(), name(), Duration.between(began, Instant.now()),
                    listed.tools().size()));
            return true;
        } catch (McpException e) {
            candidate.close(host.settings().closeTimeout());
            lock.lock();
            try {
                if (gen != generation || state == ServerState.STOPPED) {
                    return false;
                }
                lastError = e.getMessage();
                stderrTail = stderrOf(transport);
                if (attempt == 0) {
                    moveTo(ServerState.FAILED);
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
        } finally {
            connecting = null;
        }
    }

    private Duration startupTimeout() {
        return spec.startupTimeout().orElse(host.settings().startupTimeout());
    }

    private Transport transportFor() {
        lock.lock();
        try {
            // A re-openable transport (HTTP) keeps what it learned, such as the SSE fallback, across reconnects.
            if (reusableTransport != null && reusableTransport.reopenable()) {
                return reusableTransport;
            }
            reusableTransport = spec.newTransport();
            return reusableTransport;
        } finally {
            lock.unlock();
        }
    }

    private McpClient newClient(Transport transport, long gen) {
        HostSettings s = host.settings();
        McpClient.Builder b = McpClient.builder(transport)
                .name(name())
                .requestTimeout(spec.requestTimeout().orElse(s.requestTimeout()))
                .initializeTimeout(startupTimeout())
                .closeTimeout(s.closeTimeout())
                .onNotification(n -> onNotification(gen, n))
                .onLog(m -> host.events().emit(new HostEvent.ServerLog(Instant.now(), name(), m)))
                .onConnectionLost(cause -> onConnectionLost(gen, cause));
        s.clientInfo().ifPresent(b::clientInfo);
        spec.elicitation().or(s::elicitation).ifPresent(h -> b.elicitation(observed(h)));
        spec.sampling().or(s::sampling).ifPresent(h -> b.sampling(observed(h)));
        spec.roots().or(s::roots).ifPresent(b::roots);
        return b.build();
    }

    private ElicitationHandler observed(ElicitationHandler handler) {
        return (request, context) -> {
            host.events().emit(new HostEvent.ServerRequest(Instant.now(), name(), McpMethod.ELICITATION_CREATE));
            return handler.elicit(request, context);
        };
    }

    private SamplingHandler observed(SamplingHandler handler) {
        return (request, context) -> {
            host.events().emit(new HostEvent.ServerRequest(Instant.now(), name(), McpMethod.SAMPLING_CREATE_MESSAGE));
            return handler.createMessage(request, context);
        };
    }

    private static String stderrOf(Transport transport) {
        if (transport instanceof StdioTransport stdio) {
            String tail = stdio.stderrTail();
            return tail == null || tail.isBlank() ? null : tail;
        }
        return null;
    }

    // ---- losing the connection and reconnecting ---------------------------------------------------

    private void onConnectionLost(long gen, McpException cause) {
        boolean retry;
        lock.lock();
        try {
            if (gen != generation || state != ServerState.READY) {
                return;
            }
            closeClientLater(client);
            client = null;
            lastError = cause.getMessage();
            stderrTail = stderrOf(reusableTransport);
            retry = host.settings().reconnect().enabled();
            moveTo(retry ? ServerState.RECONNECTING : ServerState.FAILED);
            ready = new CompletableFuture<>();
            if (!retry) {
                ready.completeExceptionally(cause);
            } else {
                reconnector = Thread.ofVirtual().name("mcphost-reconnect-" + name()).start(() -> reconnect(gen));
            }
        } finally {
            lock.unlock();
        }
        LOG.warn("server '{}' lost its connection{}: {}", name(), retry ? "; reconnecting" : "", cause.getMessage());
        host.offerChanged(this, EnumSet.allOf(CatalogKind.class));
        host.events().emit(new HostEvent.ServerFailed(Instant.now(), name(), cause, retry));
    }

    private void reconnect(long gen) {
        int max = host.settings().reconnect().maxAttempts();
        for (int attempt = 1; attempt <= max; attempt++) {
            Duration delay = host.settings().reconnect().delay(attempt);
            reconnectAttempts = attempt;
            host.events().emit(new HostEvent.ServerReconnecting(Instant.now(), name(), attempt, delay));
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                return; // stopped or restarted: the new owner of the generation takes over
            }
            if (!current(gen, attempt)) {
                return;
            }
            host.events().emit(new HostEvent.ServerStarting(Instant.now(), name(), attempt));
            if (connect(gen, attempt)) {
                return;
            }
        }
        lock.lock();
        try {
            if (gen == generation && state == ServerState.RECONNECTING) {
                moveTo(ServerState.FAILED);
                ready.completeExceptionally(new ServerUnavailableException(name(), "gave up reconnecting after " + max + " attempts"));
            }
        } finally {
            lock.unlock();
        }
        LOG.warn("server '{}': gave up reconnecting after {} attempts", name(), max);
    }

    /** Whether generation {@code gen} still owns the server (a stop or restart has not overtaken it). */
    private boolean current(long gen, int attempt) {
        lock.lock();
        try {
            return gen == generation && state == (attempt == 0 ? ServerState.STARTING : ServerState.RECONNECTING);
        } finally {
            lock.unlock();
        }
    }

    // ---- list_changed ------------------------------------------------------------------------------

    private void onNotification(long gen, JsonRpcNotification notification) {
        CatalogKind kind = switch (notification.method()) {
            case "notifications/tools/list_changed" -> CatalogKind.TOOLS;
            case "notifications/prompts/list_changed" -> CatalogKind.PROMPTS;
            case "notifications/resources/list_changed" -> CatalogKind.RESOURCES;
            default -> null;
        };
        if (kind == null || !refreshPending[kind.ordinal()].compareAndSet(false, true)) {
            return; // not a list change, or a refresh of that list is already waiting to run
        }
        Thread.ofVirtual().name("mcphost-refresh-" + name()).start(() -> refresh(gen, kind));
    }

    private void refresh(long gen, CatalogKind kind) {
        refreshLock.lock();
        try {
            refreshPending[kind.ordinal()].set(false);
            McpClient c = client;
            Offer before = offer;
            if (c == null || before == null || state != ServerState.READY) {
                return;
            }
            Offer after = before.relist(c, kind);
            lock.lock();
            try {
                if (gen != generation || client != c) {
                    return;
                }
                offer = after;
            } finally {
                lock.unlock();
            }
            host.offerChanged(this, EnumSet.of(kind));
        } catch (McpException e) {
            LOG.warn("server '{}': could not refresh its {} after list_changed: {}", name(), kind.name().toLowerCase(),
                    e.getMessage());
        } finally {
            refreshLock.unlock();
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
            interruptReconnector();
            starting = connecting;
            c = client;
            client = null;
            moveTo(ServerState.STOPPED);
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

    private void interruptReconnector() {
        if (reconnector != null) {
            reconnector.interrupt();
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
