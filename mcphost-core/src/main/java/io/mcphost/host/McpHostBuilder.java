package io.mcphost.host;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.client.ClientSettings;
import io.mcphost.config.ServerConfig;
import io.mcphost.host.internal.supervision.HostSettings;
import io.mcphost.host.internal.supervision.ToolCallAdapter;
import io.mcphost.protocol.ServerUnavailableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Configures and starts an {@link McpHost}. Not thread-safe; the host it starts is. Only {@link #start()} and
 * {@link #startOnly} do I/O. The {@link ClientSettings.Setters} it shares with {@link ServerSpec.Builder} and
 * {@link io.mcphost.client.McpClientBuilder} apply to every server that does not set its own.
 */
public final class McpHostBuilder implements ClientSettings.Setters<McpHostBuilder> {
    private static final Logger LOG = LoggerFactory.getLogger(McpHost.class);
    private final List<ServerSpec> specs = new ArrayList<>();
    private final List<Consumer<HostEvent>> listeners = new ArrayList<>();
    private final List<HostInterceptor> interceptors = new ArrayList<>();
    private ClientSettings settings = ClientSettings.NONE;
    private ToolNaming naming = ToolNaming.prefixed();
    private ToolFilter toolFilter = ToolFilter.all();
    private boolean failOpen = true;
    private ReconnectPolicy reconnect = ReconnectPolicy.defaults();
    private boolean callsWaitForReconnect;
    private ToolApproval approval;
    private AuthorizationHandler authorization;

    McpHostBuilder() { // through McpHost.builder() and fromConfig
    }

    @Override
    public ClientSettings settings() {
        return settings;
    }

    @Override
    public McpHostBuilder settings(ClientSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /** Adds a server; names must be unique. */
    public McpHostBuilder server(ServerSpec spec) {
        Objects.requireNonNull(spec, "spec");
        if (specs.stream().anyMatch(s -> s.name().equals(spec.name()))) {
            throw new IllegalArgumentException("a server named '" + spec.name() + "' was already added");
        }
        specs.add(spec);
        return this;
    }

    /** Adds the server of a configuration entry (see {@link ServerSpec#fromConfig}). */
    public McpHostBuilder server(ServerConfig config) {
        return server(ServerSpec.fromConfig(config));
    }

    /** How tool and prompt names are exposed ({@code server__tool} unless set). */
    public McpHostBuilder naming(ToolNaming naming) {
        this.naming = Objects.requireNonNull(naming, "naming");
        return this;
    }

    /** A filter over every server's tools, matched against exposed and original names; combined with earlier calls. */
    public McpHostBuilder toolFilter(ToolFilter filter) {
        Objects.requireNonNull(filter, "filter");
        this.toolFilter = toolFilter.and(filter);
        return this;
    }

    /**
     * Whether servers that cannot start are tolerated (true unless set): they are reported and the
     * others serve. Off, any failure makes {@link #start()} fail. Required servers must start either way.
     */
    public McpHostBuilder failOpen(boolean failOpen) {
        this.failOpen = failOpen;
        return this;
    }

    /** Deadline of each server's handshake unless the server sets its own (30 s unless set). */
    public McpHostBuilder startupTimeout(Duration timeout) {
        return settings(settings.withInitializeTimeout(timeout, "startupTimeout"));
    }

    /** Budget of {@link McpHost#close()}, shared by all servers closing in parallel (5 s unless set). */
    public McpHostBuilder closeTimeout(Duration timeout) {
        return settings(settings.withCloseTimeout(timeout));
    }

    /** How lost servers are reconnected ({@link ReconnectPolicy#defaults()} unless set). */
    public McpHostBuilder reconnect(ReconnectPolicy policy) {
        this.reconnect = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /**
     * Whether a call to a server that is reconnecting waits for it, up to the call's deadline, instead
     * of failing at once with {@link ServerUnavailableException}. False unless set.
     */
    public McpHostBuilder callsWaitForReconnect(boolean wait) {
        this.callsWaitForReconnect = wait;
        return this;
    }

    /**
     * Adds an interceptor around every routed tool call (prompts and resources pass it by); it
     * shares one chain, in the order added, with those of {@link #interceptAll}. The first added runs outermost.
     */
    public McpHostBuilder interceptor(ToolCallInterceptor interceptor) {
        interceptors.add(new ToolCallAdapter(Objects.requireNonNull(interceptor, "interceptor")));
        return this;
    }

    /**
     * Adds an interceptor around every routed operation: tool calls, prompt gets, resource reads.
     * (Not an overload of {@link #interceptor}: a lambda would then match both.)
     */
    public McpHostBuilder interceptAll(HostInterceptor interceptor) {
        interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
        return this;
    }

    /**
     * Asks {@code approval} before each tool call (before every interceptor), except for the tools a server
     * auto-approves ({@link ServerSpec.Builder#autoApprove}); see {@link ToolApproval}. Off unless set: all are sent.
     */
    public McpHostBuilder approval(ToolApproval approval) {
        this.approval = Objects.requireNonNull(approval, "approval");
        return this;
    }

    /** Adds an event listener; see {@link HostEvent} for its contract. */
    public McpHostBuilder onEvent(Consumer<HostEvent> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Shows the OAuth authorization URL of a server that needs a user (HTTP servers of a
     * configuration, and {@link ServerSpec#authorizing} ones): print it, or open a browser. Such a
     * server does not hold up {@link #start()}: it is {@link ServerState#AUTH_REQUIRED} with the URL
     * in {@link ServerStatus#authorizationUrl()}, a {@link HostEvent.AuthorizationRequired} is
     * emitted, the others serve, and once the user has finished (the redirect reached the flow's
     * loopback listener) it becomes READY by itself. The flow waits for the user for its
     * {@code authorizationTimeout} (5 min). Without a handler such a server is AUTH_REQUIRED with a
     * last error saying to run {@code mcphost login}. A required server (or any, with fail-open
     * off) waiting for a user makes {@link #start()} fail. Off unless set.
     */
    public McpHostBuilder authorization(AuthorizationHandler handler) {
        this.authorization = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Starts every server in parallel and blocks until each is READY or has failed, each within its
     * startup timeout, or waits for a user's authorisation (see {@link #authorization}).
     *
     * @throws ServerUnavailableException naming the first required server that failed (or any server,
     *         with fail-open off), with its error and stderr tail; everything started is closed first
     */
    public McpHost start() {
        return startOnly(specs.stream().map(ServerSpec::name).toList());
    }

    /**
     * As {@link #start()}, starting only the named servers; the others are deferred (known, not started, not
     * in {@link McpHost#servers()} nor the catalog, not failures) until {@link McpHost#startServers}.
     *
     * @throws IllegalArgumentException if a name is not one of the added servers
     * @throws ServerUnavailableException as {@link #start()}
     */
    public McpHost startOnly(Collection<String> servers) {
        reportUnannouncedFeatures();
        return McpHost.start(new HostSettings(settings, naming, toolFilter, failOpen, reconnect, callsWaitForReconnect,
                interceptors, Optional.ofNullable(approval), Optional.ofNullable(authorization)), listeners,
                List.copyOf(specs), Set.copyOf(servers));
    }

    /**
     * Says once, at start, which client features the servers are told the host lacks: a server may hide the
     * tools that need them (server-everything lists 13 of its 16 tools to a host without handlers, all 16 to
     * the CLI, which has them), and a user comparing the two should find why in the log, not guess.
     */
    private void reportUnannouncedFeatures() {
        List<String> missing = new ArrayList<>();
        if (settings.sampling().isEmpty()) {
            missing.add("sampling");
        }
        if (settings.elicitation().isEmpty()) {
            missing.add("elicitation");
        }
        if (settings.roots().isEmpty()) {
            missing.add("roots");
        }
        if (!missing.isEmpty() && !specs.isEmpty()) {
            LOG.info("the servers are told this host has no {} (no handler set on the builder): some servers offer "
                    + "fewer tools to such a client", String.join(", ", missing));
        }
    }
}
