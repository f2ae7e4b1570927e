package io.mcphost.host;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.SamplingHandler;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import io.mcphost.host.HostEvent.CatalogKind;
import io.mcphost.host.internal.CatalogState;
import io.mcphost.host.internal.EventBus;
import io.mcphost.host.internal.HostSettings;
import io.mcphost.host.internal.ManagedServer;
import io.mcphost.host.internal.ToolCalls;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Many MCP servers used as one: starts them in parallel, aggregates their tools, prompts and
 * resources into one {@link Catalog} (prefixed, filtered, collision-free), routes each call to the
 * server that offers it, reconnects servers that die, and closes everything within one deadline.
 *
 * <p><b>Failure isolation.</b> A server that cannot start is reported in {@link #servers()} and by a
 * {@link HostEvent.ServerFailed} event; the others work (unless it is {@code required}, or fail-open is
 * off). A server that dies is reconnected with backoff ({@link ReconnectPolicy}); its catalog entries
 * disappear while it is down, and calls to it fail fast with
 * {@link ServerUnavailableException} (or wait, see {@link Builder#callsWaitForReconnect}).
 *
 * <p><b>Threading.</b> Thread-safe. Calls block the calling thread (cheap on a virtual thread) for at
 * most their deadline, plus the time interceptors take; the {@code ...Async} twins run the same
 * pipeline on a virtual thread, and cancelling their future interrupts it, which cancels the request
 * on the server. {@link #catalog()} returns an immutable snapshot: it never changes under a caller.
 *
 * <p><b>Errors.</b> A name no available server offers (or one the filters hide) is an
 * {@link McpNotFoundException} with a did-you-mean suggestion; the rest are the
 * {@link McpClient}'s exceptions, naming the server. A tool result with {@code isError} is returned.
 */
public final class McpHost implements AutoCloseable {
    private final HostSettings settings;
    private final EventBus events;
    private final CatalogState catalog;
    private final ToolCalls calls;
    private final List<ManagedServer> servers = new CopyOnWriteArrayList<>();
    private final ReentrantLock membership = new ReentrantLock();
    private volatile boolean closed;

    private McpHost(HostSettings settings, List<Consumer<HostEvent>> listeners) {
        this.settings = settings;
        this.events = new EventBus(listeners);
        this.catalog = new CatalogState(settings, events);
        this.calls = new ToolCalls(settings, events, catalog, this::managed);
    }

    /** A host with no servers yet; add them with {@link Builder#server}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A host of the enabled servers in a configuration file (Claude Desktop / Claude Code / Cursor
     * {@code mcpServers}, VS Code {@code servers}, auto-detected), with variables taken from the
     * environment. Use {@link McpConfigLoader} for inputs or another environment.
     *
     * @throws io.mcphost.config.McpConfigException naming the file, server and key at fault
     */
    public static Builder fromConfig(Path file) {
        return fromConfig(McpConfigLoader.defaults().load(file));
    }

    /** A host of the enabled servers of a loaded configuration. */
    public static Builder fromConfig(McpConfig config) {
        Builder b = new Builder();
        config.enabledServers().forEach(b::server);
        return b;
    }

    // ---- servers -------------------------------------------------------------------------------

    /** Every server's status, in configuration order. */
    public List<ServerStatus> servers() {
        Catalog current = catalog.current();
        return servers.stream().map(s -> s.status(current.toolsOf(s.name()).size())).toList();
    }

    public Optional<ServerStatus> server(String name) {
        Catalog current = catalog.current();
        return managed(name).map(s -> s.status(current.toolsOf(s.name()).size()));
    }

    /**
     * The live client of a READY server, for what the host does not route (completions, subscriptions,
     * logging level, tasks). It is replaced when the server reconnects: ask again rather than keep it.
     */
    public Optional<McpClient> client(String server) {
        return managed(server).filter(s -> s.state() == ServerState.READY).map(s -> s.readyClient(Duration.ZERO));
    }

    /**
     * Adds and starts a server, blocking until it is READY or has failed (within its startup timeout).
     * A failure does not throw: it is in the returned status, as for servers started with the host.
     *
     * @throws IllegalArgumentException if a server of that name exists
     */
    public ServerStatus addServer(ServerSpec spec) {
        Objects.requireNonNull(spec, "spec");
        ManagedServer server = new ManagedServer(spec, hostView());
        membership.lock();
        try {
            ensureOpen();
            if (managed(spec.name()).isPresent()) {
                throw new IllegalArgumentException("a server named '" + spec.name() + "' already exists");
            }
            servers.add(server);
        } finally {
            membership.unlock();
        }
        server.start();
        return server(spec.name()).orElseThrow();
    }

    /** Stops and removes a server within the close timeout; its entries leave the catalog. @return whether it existed */
    public boolean removeServer(String name) {
        Optional<ManagedServer> server;
        membership.lock();
        try {
            server = managed(name);
            server.ifPresent(servers::remove);
        } finally {
            membership.unlock();
        }
        server.ifPresent(s -> {
            s.stop(settings.closeTimeout());
            catalog.rebuild(servers, name, EnumSet.allOf(CatalogKind.class));
        });
        return server.isPresent();
    }

    /**
     * Stops a server (whatever its state) and starts it again, blocking until it is READY or has failed.
     *
     * @throws McpNotFoundException if there is no server of that name
     */
    public ServerStatus restartServer(String name) {
        ensureOpen();
        ManagedServer server = managed(name).orElseThrow(() -> new McpNotFoundException("no server is named '" + name + "'", null));
        server.start();
        return server(name).orElseThrow();
    }

    // ---- catalog -------------------------------------------------------------------------------

    /** The current catalog: an immutable snapshot of what the READY servers offer. */
    public Catalog catalog() {
        return catalog.current();
    }

    /** The tools of the READY servers, with their exposed names; see {@link Catalog}. */
    public List<HostTool> tools() {
        return catalog.current().tools();
    }

    public List<HostPrompt> prompts() {
        return catalog.current().prompts();
    }

    public List<HostResource> resources() {
        return catalog.current().resources();
    }

    public List<HostResourceTemplate> resourceTemplates() {
        return catalog.current().resourceTemplates();
    }

    // ---- calls ---------------------------------------------------------------------------------

    /** Calls a tool by its exposed name with the server's default deadline. */
    public CallToolResult callTool(String name, JsonNode arguments) {
        return callTool(name, arguments, CallOptions.defaults());
    }

    /**
     * Calls a tool by its exposed name (e.g. {@code github__create_issue}) through the interceptors.
     *
     * @param arguments the arguments object; null for none
     * @throws McpNotFoundException if no available server offers the name (or a filter hides it)
     * @throws ServerUnavailableException if its server is down or reconnecting
     */
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        ensureOpen();
        return calls.call(name, arguments, options);
    }

    public CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments) {
        return callToolAsync(name, arguments, CallOptions.defaults());
    }

    /** {@link #callTool(String, JsonNode, CallOptions)} on a virtual thread; cancelling the future cancels the call. */
    public CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments, CallOptions options) {
        return async("mcphost-call-" + name, () -> callTool(name, arguments, options));
    }

    /**
     * Gets a prompt by its exposed name.
     *
     * @throws McpNotFoundException if no available server offers it
     */
    public GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        ensureOpen();
        HostPrompt prompt = catalog.current().prompt(name)
                .or(() -> catalog.everKnown().prompt(name))
                .orElseThrow(() -> new McpNotFoundException("no available prompt is named '" + name + "'",
                        catalog.current().suggestPrompt(name).orElse(null)));
        return liveClient(prompt.server()).getPrompt(prompt.originalName(), arguments);
    }

    /**
     * Reads a resource from the server that lists it, or whose resource template matches the URI.
     *
     * @throws McpNotFoundException if no available server offers it
     */
    public ReadResourceResult readResource(String uri) {
        ensureOpen();
        String server = catalog.current().serverForUri(uri)
                .or(() -> catalog.everKnown().serverForUri(uri))
                .orElseThrow(() -> new McpNotFoundException("no available server offers resource '" + uri + "'", null));
        return liveClient(server).readResource(uri);
    }

    private McpClient liveClient(String server) {
        return managed(server).orElseThrow(() -> new ServerUnavailableException(server, "removed"))
                .readyClient(settings.callsWaitForReconnect() ? settings.requestTimeout() : Duration.ZERO);
    }

    private static <T> CompletableFuture<T> async(String threadName, Supplier<T> work) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Thread thread = Thread.ofVirtual().name(threadName).unstarted(() -> {
            try {
                future.complete(work.get());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        });
        // Interrupting a blocked call cancels it on the server (notifications/cancelled).
        future.whenComplete((r, e) -> {
            if (future.isCancelled()) {
                thread.interrupt();
            }
        });
        thread.start();
        return future;
    }

    // ---- closing -------------------------------------------------------------------------------

    /** Closes every server in parallel within the close timeout. */
    @Override
    public void close() {
        close(settings.closeTimeout());
    }

    /**
     * Stops every server in parallel and returns within {@code budget} (plus scheduling slack): child
     * processes are terminated (SIGTERM, then SIGKILL of the whole tree), HTTP sessions deleted, pending
     * calls fail with {@link io.mcphost.protocol.McpClosedException}, reconnects are cancelled. Idempotent.
     */
    public void close(Duration budget) {
        positive(budget, "budget");
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
        long deadline = System.nanoTime() + budget.toNanos() + Duration.ofMillis(500).toNanos();
        for (Thread t : stopping) {
            try {
                t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new io.mcphost.protocol.McpClosedException(null, "the host was closed");
        }
    }

    private Optional<ManagedServer> managed(String name) {
        for (ManagedServer s : servers) {
            if (s.name().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    private ManagedServer.Host hostView() {
        return new ManagedServer.Host() {
            @Override
            public HostSettings settings() {
                return settings;
            }

            @Override
            public EventBus events() {
                return events;
            }

            @Override
            public void offerChanged(ManagedServer server, Set<CatalogKind> kinds) {
                catalog.rebuild(servers, server.name(), kinds);
            }
        };
    }

    private void startAll(List<ServerSpec> specs) {
        for (ServerSpec spec : specs) {
            servers.add(new ManagedServer(spec, hostView()));
        }
        List<Thread> starting = new ArrayList<>();
        for (ManagedServer server : servers) {
            starting.add(Thread.ofVirtual().name("mcphost-start-" + server.name()).start(server::start));
        }
        for (Thread t : starting) {
            try {
                t.join(); // each start is bounded by its startup timeout and request timeout
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new io.mcphost.protocol.McpCancelledException(null, "interrupted while starting the host's servers", e);
            }
        }
        for (ManagedServer server : servers) {
            if (server.state() != ServerState.READY && (server.spec().required() || !settings.failOpen())) {
                ServerStatus status = server(server.name()).orElseThrow();
                close();
                throw new ServerUnavailableException(server.name(), (server.spec().required() ? "a required server" : "a server")
                        + " could not be started" + (settings.failOpen() ? "" : " (fail-open is off)")
                        + status.lastError().map(e -> ": " + e).orElse("")
                        + status.stderrTail().map(t -> "\nstderr:\n" + t).orElse(""));
            }
        }
    }

    /**
     * Configures and starts an {@link McpHost}. Not thread-safe; the host it starts is.
     * {@link #start()} is the only method that does I/O.
     */
    public static final class Builder {
        private final List<ServerSpec> specs = new ArrayList<>();
        private final List<Consumer<HostEvent>> listeners = new ArrayList<>();
        private final List<ToolCallInterceptor> interceptors = new ArrayList<>();
        private Implementation clientInfo;
        private ToolNaming naming = ToolNaming.prefixed();
        private ToolFilter toolFilter = ToolFilter.all();
        private boolean failOpen = true;
        private Duration startupTimeout = Duration.ofSeconds(30);
        private Duration requestTimeout = Duration.ofSeconds(60);
        private Duration closeTimeout = Duration.ofSeconds(5);
        private ReconnectPolicy reconnect = ReconnectPolicy.defaults();
        private boolean callsWaitForReconnect;
        private ElicitationHandler elicitation;
        private SamplingHandler sampling;
        private List<Root> roots;

        private Builder() {
        }

        /** Adds a server; names must be unique. */
        public Builder server(ServerSpec spec) {
            Objects.requireNonNull(spec, "spec");
            if (specs.stream().anyMatch(s -> s.name().equals(spec.name()))) {
                throw new IllegalArgumentException("a server named '" + spec.name() + "' was already added");
            }
            specs.add(spec);
            return this;
        }

        /** Adds the server of a configuration entry (see {@link ServerSpec#fromConfig}). */
        public Builder server(ServerConfig config) {
            return server(ServerSpec.fromConfig(config));
        }

        /** How this host introduces itself to every server ({@code mcphost} and its version unless set). */
        public Builder clientInfo(Implementation clientInfo) {
            this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
            return this;
        }

        /** How tool and prompt names are exposed ({@code server__tool} unless set). */
        public Builder naming(ToolNaming naming) {
            this.naming = Objects.requireNonNull(naming, "naming");
            return this;
        }

        /** A filter over every server's tools, matched against exposed and original names; combined with earlier calls. */
        public Builder toolFilter(ToolFilter filter) {
            Objects.requireNonNull(filter, "filter");
            this.toolFilter = toolFilter.and(filter);
            return this;
        }

        /**
         * Whether servers that cannot start are tolerated (true unless set): they are reported and the
         * others serve. Off, any failure makes {@link #start()} fail. Required servers must start either way.
         */
        public Builder failOpen(boolean failOpen) {
            this.failOpen = failOpen;
            return this;
        }

        /** Deadline of each server's handshake unless the server sets its own (30 s unless set). */
        public Builder startupTimeout(Duration timeout) {
            this.startupTimeout = positive(timeout, "startupTimeout");
            return this;
        }

        /** Default deadline of each request unless the server or the call sets one (60 s unless set). */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /** Budget of {@link McpHost#close()}, shared by all servers closing in parallel (5 s unless set). */
        public Builder closeTimeout(Duration timeout) {
            this.closeTimeout = positive(timeout, "closeTimeout");
            return this;
        }

        /** How lost servers are reconnected ({@link ReconnectPolicy#defaults()} unless set). */
        public Builder reconnect(ReconnectPolicy policy) {
            this.reconnect = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Whether a call to a server that is reconnecting waits for it, up to the call's deadline, instead
         * of failing at once with {@link ServerUnavailableException}. False unless set.
         */
        public Builder callsWaitForReconnect(boolean wait) {
            this.callsWaitForReconnect = wait;
            return this;
        }

        /** Adds an interceptor around every routed tool call; the first added runs outermost. */
        public Builder interceptor(ToolCallInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** Adds an event listener; see {@link HostEvent} for its contract. */
        public Builder onEvent(Consumer<HostEvent> listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /** Answers every server's elicitation requests (unless a server has its own); off unless set. */
        public Builder elicitation(ElicitationHandler handler) {
            this.elicitation = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Answers every server's sampling requests (unless a server has its own); off unless set. */
        public Builder sampling(SamplingHandler handler) {
            this.sampling = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** The roots every server sees (unless a server has its own); off unless set. */
        public Builder roots(List<Root> roots) {
            this.roots = List.copyOf(roots);
            return this;
        }

        /**
         * Starts every server in parallel and blocks until each is READY or has failed, each within its
         * startup timeout.
         *
         * @throws ServerUnavailableException naming the first required server that failed (or any server,
         *         with fail-open off), with its error and stderr tail; everything started is closed first
         */
        public McpHost start() {
            HostSettings settings = new HostSettings(Optional.ofNullable(clientInfo), naming, toolFilter, failOpen, startupTimeout, requestTimeout,
                    closeTimeout, reconnect, callsWaitForReconnect, interceptors, Optional.ofNullable(elicitation),
                    Optional.ofNullable(sampling), Optional.ofNullable(roots));
            McpHost host = new McpHost(settings, listeners);
            host.startAll(List.copyOf(specs));
            return host;
        }
    }
}
