package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.host.Catalog;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.ServerUnavailableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The servers of one host: who they are (membership, in configuration order), starting them in
 * parallel, adding, removing and restarting them at runtime, and closing them all within one deadline.
 * Each server's own life (connecting, reconnecting, relisting) is its {@link ManagedServer}'s.
 *
 * <p>Thread-safe. Membership changes hold a {@link ReentrantLock} only to change the list; starting and
 * stopping (blocking I/O) happen outside it, on the caller's thread or on named virtual threads.
 */
public final class Supervisor implements ManagedServer.Host {
    /** Slack on top of the close budget for the stopping threads to be scheduled and report back. */
    private static final Duration CLOSE_SLACK = Duration.ofMillis(500);

    private final HostSettings settings;
    private final EventBus events;
    private final CatalogState catalog;
    private final List<ManagedServer> servers = new CopyOnWriteArrayList<>();
    /** The servers known but not started yet ({@code McpHostBuilder.startOnly}); changed under {@link #membership}. */
    private final List<ServerSpec> deferred = new CopyOnWriteArrayList<>();
    private final ReentrantLock membership = new ReentrantLock();
    private volatile boolean closed;

    public Supervisor(HostSettings settings, EventBus events) {
        this.settings = settings;
        this.events = events;
        this.catalog = new CatalogState(settings, events);
    }

    @Override
    public HostSettings settings() {
        return settings;
    }

    @Override
    public EventBus events() {
        return events;
    }

    /** The host's catalog, rebuilt whenever a member's offer changes. */
    public CatalogState catalog() {
        return catalog;
    }

    /** Rebuilds the catalog from every member; runs on the thread that noticed the change. */
    @Override
    public void offerChanged(ManagedServer server, Set<ListKind> kinds) {
        catalog.rebuild(servers, server.name(), kinds);
    }

    /** The server of that name, if it is a member. Never blocks. */
    public Optional<ManagedServer> find(String name) {
        for (ManagedServer s : servers) {
            if (s.name().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Every member's status, in configuration order. Never blocks. */
    public List<ServerStatus> statuses() {
        Catalog current = catalog.current();
        return servers.stream().map(s -> s.status(current.toolsOf(s.name()).size())).toList();
    }

    /**
     * Throws unless at least one member is READY ({@code McpHost.requireReady}): the exception names each
     * member's state, has the first failure as its cause and the others as suppressed exceptions. Never blocks.
     */
    public void requireReady() {
        List<ServerStatus> all = statuses();
        if (all.stream().anyMatch(s -> s.state() == ServerState.READY)) {
            return;
        }
        List<io.mcphost.protocol.McpException> failures = all.stream().flatMap(s -> s.lastError().stream()).toList();
        String states = all.isEmpty() ? "none is configured" : all.stream()
                .map(s -> s.name() + " is " + s.state().name().toLowerCase(java.util.Locale.ROOT))
                .collect(java.util.stream.Collectors.joining(", "));
        ServerUnavailableException e = new ServerUnavailableException(null,
                "no server is ready: " + states, failures.isEmpty() ? null : failures.getFirst());
        failures.stream().skip(1).forEach(e::addSuppressed);
        throw e;
    }

    /** One member's status, if it is a member. Never blocks. */
    public Optional<ServerStatus> status(String name) {
        Catalog current = catalog.current();
        return find(name).map(s -> s.status(current.toolsOf(s.name()).size()));
    }

    /**
     * Starts the servers {@code now} names in parallel (the others are deferred) and blocks until each is READY or has failed (each bounded by its
     * startup and request timeouts).
     *
     * @throws ServerUnavailableException naming the first required server that failed (or any, with
     *         fail-open off); everything is closed first
     * @throws McpCancelledException if the caller is interrupted; everything is closed first
     */
    public void startAll(List<ServerSpec> specs, Set<String> now) {
        for (String name : now) {
            if (specs.stream().noneMatch(s -> s.name().equals(name))) {
                throw new IllegalArgumentException("no server is named '" + name + "'; the servers are: "
                        + String.join(", ", specs.stream().map(ServerSpec::name).toList()));
            }
        }
        for (ServerSpec spec : specs) {
            if (now.contains(spec.name())) {
                servers.add(new ManagedServer(spec, this));
            } else {
                deferred.add(spec);
            }
        }
        startInParallel(servers, () -> close(settings.closeTimeout()), "the host's servers");
        // Every server started with the host is READY or has failed: its names, given in configuration
        // order whatever order the servers came up in, are kept from now on.
        catalog.settle();
        for (ManagedServer server : servers) {
            if (server.state() != ServerState.READY && (server.spec().required() || !settings.failOpen())) {
                ServerStatus status = status(server.name()).orElseThrow();
                close(settings.closeTimeout());
                throw new ServerUnavailableException(server.name(), (server.spec().required() ? "a required server" : "a server")
                        + " could not be started" + (settings.failOpen() ? "" : " (fail-open is off)")
                        + status.lastErrorMessage().map(e -> ": " + e).orElse("")
                        + status.stderrTail().map(t -> "\nstderr:\n" + t).orElse(""));
            }
        }
    }

    /** The names of the deferred servers, in the order they were added. */
    public List<String> deferred() {
        return deferred.stream().map(ServerSpec::name).toList();
    }

    /** See {@link io.mcphost.host.McpHost#startServers}: the deferred ones named become members and start in parallel. */
    public List<ServerStatus> startDeferred(List<String> names) {
        List<ManagedServer> starting = new ArrayList<>();
        membership.lock();
        try {
            ensureOpen();
            for (String name : names) {
                Optional<ServerSpec> spec = deferred.stream().filter(s -> s.name().equals(name)).findFirst();
                if (spec.isPresent()) {
                    deferred.remove(spec.get());
                    ManagedServer server = new ManagedServer(spec.get(), this);
                    servers.add(server);
                    starting.add(server);
                } else if (find(name).isEmpty()) {
                    throw new IllegalArgumentException("no server is named '" + name + "'");
                }
            }
        } finally {
            membership.unlock();
        }
        startInParallel(starting, () -> { }, "servers");
        return names.stream().flatMap(name -> status(name).stream()).toList();
    }

    /** See {@link io.mcphost.host.McpHost#serverForScheme}. */
    public Optional<String> namedByScheme(String uri) {
        int colon = uri.indexOf(':');
        if (colon <= 0 || !uri.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            return Optional.empty();
        }
        String scheme = uri.substring(0, colon);
        List<ServerSpec> all = new ArrayList<>(servers.stream().map(ManagedServer::spec).toList());
        all.addAll(deferred);
        return all.stream().filter(s -> s.name().equalsIgnoreCase(scheme)).findFirst()
                .or(() -> all.stream().filter(s -> s.prefix().filter(scheme::equalsIgnoreCase).isPresent()).findFirst())
                .map(ServerSpec::name);
    }

    /** See {@link io.mcphost.host.McpHost#addServer}. */
    public ServerStatus add(ServerSpec spec) {
        Objects.requireNonNull(spec, "spec");
        ManagedServer server = new ManagedServer(spec, this);
        membership.lock();
        try {
            ensureOpen();
            if (find(spec.name()).isPresent() || deferred.stream().anyMatch(s -> s.name().equals(spec.name()))) {
                throw new IllegalArgumentException("a server named '" + spec.name() + "' already exists");
            }
            servers.add(server);
        } finally {
            membership.unlock();
        }
        server.start();
        return status(spec.name()).orElseThrow();
    }

    /** See {@link io.mcphost.host.McpHost#removeServer}. */
    public boolean remove(String name) {
        Optional<ManagedServer> server;
        membership.lock();
        try {
            server = find(name);
            server.ifPresent(servers::remove);
            if (deferred.removeIf(s -> s.name().equals(name))) {
                return true; // never started: nothing to stop
            }
        } finally {
            membership.unlock();
        }
        server.ifPresent(s -> {
            s.stop(settings.closeTimeout());
            catalog.rebuild(servers, name, EnumSet.allOf(ListKind.class));
        });
        return server.isPresent();
    }

    /** See {@link io.mcphost.host.McpHost#restartServer}. */
    public ServerStatus restart(String name) {
        ensureOpen();
        ManagedServer server = find(name).orElseThrow(() -> new McpNotFoundException("no server is named '" + name + "'", null));
        server.start();
        return status(name).orElseThrow();
    }

    /**
     * Stops every server in parallel and returns within {@code budget} plus a little scheduling slack,
     * whatever the servers do. Idempotent.
     */
    public void close(Duration budget) {
        List<ManagedServer> all;
        membership.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            all = List.copyOf(servers);
        } finally {
            membership.unlock();
        }
        List<Thread> stopping = new ArrayList<>();
        for (ManagedServer server : all) {
            stopping.add(Thread.ofVirtual().name("mcphost-stop-" + server.name()).start(() -> server.stop(budget)));
        }
        long deadline = System.nanoTime() + budget.toNanos() + CLOSE_SLACK.toNanos();
        for (Thread t : stopping) {
            try {
                t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    /** @throws McpClosedException once the host is closed */
    public void ensureOpen() {
        if (closed) {
            throw new McpClosedException(null, "the host was closed");
        }
    }

    /**
     * Starts each server on a virtual thread of its own and waits for all of them; each start is bounded by its
     * startup and request timeouts. Interrupted, it runs {@code onInterrupt} and fails with the interrupt kept.
     */
    private static void startInParallel(List<ManagedServer> servers, Runnable onInterrupt, String what) {
        List<Thread> threads = new ArrayList<>();
        for (ManagedServer server : servers) {
            threads.add(Thread.ofVirtual().name("mcphost-start-" + server.name()).start(server::start));
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                onInterrupt.run();
                throw new McpCancelledException(null, "interrupted while starting " + what, e);
            }
        }
    }
}
