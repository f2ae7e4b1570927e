package io.mcphost.host;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientSettings;
import io.mcphost.client.LoadedSkill;
import io.mcphost.client.McpClient;
import io.mcphost.client.internal.ToolArgumentsConversion;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import io.mcphost.host.internal.supervision.EventBus;
import io.mcphost.host.internal.supervision.HostSettings;
import io.mcphost.host.internal.supervision.Routing;
import io.mcphost.host.internal.supervision.Supervisor;
import io.mcphost.host.internal.supervision.ToolCallAdapter;
import io.mcphost.host.internal.supervision.VirtualCalls;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Many MCP servers used as one: starts them in parallel, aggregates their tools, prompts,
 * resources and skills into one {@link Catalog} (prefixed, filtered, collision-free), routes each call to the
 * server that offers it, reconnects servers that die, and closes everything within one deadline.
 *
 * <p><b>Failure isolation.</b> A server that cannot start is reported in {@link #servers()} and by a
 * {@link HostEvent.ServerFailed} event; the others work (unless it is {@code required}, or fail-open is
 * off). A server that dies is reconnected with backoff ({@link ReconnectPolicy}); its catalog entries
 * disappear while it is down, and calls to it fail fast with
 * {@link ServerUnavailableException} (or wait, see {@link McpHostBuilder#callsWaitForReconnect}).
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
    private final Supervisor supervisor;
    private final Routing routing;

    private McpHost(HostSettings settings, List<Consumer<HostEvent>> listeners) {
        this.settings = settings;
        this.supervisor = new Supervisor(settings, new EventBus(listeners));
        this.routing = new Routing(settings, supervisor.events(), supervisor.catalog(), supervisor::find);
    }

    /** Starts a host of {@code specs}, the named ones now, the others deferred; the builder's one way in. */
    static McpHost start(HostSettings settings, List<Consumer<HostEvent>> listeners, List<ServerSpec> specs, Set<String> startNow) {
        McpHost host = new McpHost(settings, listeners);
        host.supervisor.startAll(specs, startNow);
        return host;
    }

    /** A host with no servers yet; add them with {@link McpHostBuilder#server}. */
    public static McpHostBuilder builder() {
        return new McpHostBuilder();
    }

    /**
     * A host of the enabled servers in a configuration file (Claude Desktop / Claude Code / Cursor
     * {@code mcpServers}, VS Code {@code servers}, auto-detected), with variables taken from the
     * environment. Use {@link McpConfigLoader} for inputs or another environment. Reads the file now.
     *
     * @throws io.mcphost.config.McpConfigException naming the file, server and key at fault
     */
    public static McpHostBuilder fromConfig(Path file) {
        return fromConfig(McpConfigLoader.defaults().load(file));
    }

    /** A host of the enabled servers of a loaded configuration. Does no I/O. */
    public static McpHostBuilder fromConfig(McpConfig config) {
        McpHostBuilder b = new McpHostBuilder();
        config.enabledServers().forEach(b::server);
        return b;
    }

    /** Every server's status, in configuration order. Never blocks. */
    public List<ServerStatus> servers() {
        return supervisor.statuses();
    }

    /** The status of one server, if the host has it. Never blocks. */
    public Optional<ServerStatus> server(String name) {
        return supervisor.status(name);
    }

    /**
     * The live client of a READY server, for what the host does not route (completions, subscriptions,
     * logging level, tasks). It is replaced when the server reconnects: ask again rather than keep it.
     * Never blocks.
     */
    public Optional<McpClient> client(String server) {
        return supervisor.find(server).filter(s -> s.state() == ServerState.READY).map(s -> s.readyClient(Duration.ZERO));
    }

    /**
     * Adds and starts a server, blocking until it is READY or has failed (within its startup timeout), or
     * waits for a user's authorisation (AUTH_REQUIRED, see {@link McpHostBuilder#authorization}).
     * A failure does not throw: it is in the returned status, as for servers started with the host.
     *
     * @throws IllegalArgumentException if a server of that name exists
     * @throws io.mcphost.protocol.McpClosedException if the host was closed
     */
    public ServerStatus addServer(ServerSpec spec) {
        return supervisor.add(spec);
    }

    /**
     * Stops and removes a server, blocking for at most the close timeout; its entries leave the catalog.
     *
     * @return whether it existed
     */
    public boolean removeServer(String name) {
        return supervisor.remove(name);
    }

    /**
     * Stops a server (whatever its state) and starts it again, blocking until it is READY or has failed, or
     * waits for a user's authorisation (a new flow, a new URL).
     *
     * @throws McpNotFoundException if there is no server of that name
     * @throws io.mcphost.protocol.McpClosedException if the host was closed
     */
    public ServerStatus restartServer(String name) {
        return supervisor.restart(name);
    }

    /** The servers not started yet ({@link McpHostBuilder#startOnly}), in the order they were added. Never blocks. */
    public List<String> deferredServers() {
        return supervisor.deferred();
    }

    /**
     * Starts deferred servers ({@link McpHostBuilder#startOnly}) in parallel, blocking as {@link #addServer} does; failures
     * are in the returned statuses (in the order named), not thrown. A server already started is skipped.
     *
     * @throws IllegalArgumentException if a name is neither deferred nor started
     * @throws io.mcphost.protocol.McpClosedException if the host was closed
     */
    public List<ServerStatus> startServers(Collection<String> names) {
        return supervisor.startDeferred(List.copyOf(names));
    }

    /**
     * The server, started or deferred, whose name (else prefix) is a URI's scheme, case-insensitively ({@code demo}
     * for {@code demo://readme}): which one to start or ask first, as only started servers list URIs. Never blocks.
     */
    public Optional<String> serverForScheme(String uri) {
        return supervisor.namedByScheme(Objects.requireNonNull(uri, "uri"));
    }

    /** The READY server that lists a resource URI, else the first whose template matches it, as {@link #readResource} routes. */
    public Optional<String> serverForUri(String uri) {
        return catalog().serverForUri(Objects.requireNonNull(uri, "uri"));
    }

    /** The current catalog: an immutable snapshot of what the READY servers offer. Never blocks. */
    public Catalog catalog() {
        return supervisor.catalog().current();
    }

    /** The tools of the READY servers, with their exposed names; see {@link Catalog}. */
    public List<HostTool> tools() {
        return catalog().tools();
    }

    /** The prompts of the READY servers, with their exposed names. */
    public List<HostPrompt> prompts() {
        return catalog().prompts();
    }

    /** The resources of the READY servers. */
    public List<HostResource> resources() {
        return catalog().resources();
    }

    /** The resource templates of the READY servers. */
    public List<HostResourceTemplate> resourceTemplates() {
        return catalog().resourceTemplates();
    }

    /**
     * The skills (Skills extension, {@code io.modelcontextprotocol/skills}) of the READY servers that announce
     * it, with their exposed names; see {@link HostSkill}. Entries only, listed with the catalog: no file is
     * read to list them. Never blocks.
     */
    public List<HostSkill> skills() {
        return catalog().skills();
    }

    /**
     * Loads a skill by its exposed name (e.g. {@code github__pdf-processing}) from the server that listed it,
     * never from another server that lists the same URI: the entry is checked (limits, listed files), then
     * its {@code SKILL.md} is read and verified (size, digest, frontmatter), as {@link io.mcphost.client.ClientSkills#load}
     * does. The other files are read, verified, from the same server by {@link LoadedSkill#file}. Not passed
     * through the interceptors (a load is the application's own act, not a model's call). Blocks for at most
     * the server's request timeout (plus the reconnect wait, when the host waits).
     *
     * @throws McpNotFoundException if no available server lists a skill of that name, with a did-you-mean
     * @throws ServerUnavailableException if its server is down or reconnecting
     * @throws io.mcphost.client.SkillVerificationException if the entry or its {@code SKILL.md} is refused
     */
    public LoadedSkill loadSkill(String exposedName) {
        supervisor.ensureOpen();
        return routing.loadSkill(exposedName);
    }

    /** Calls a tool by its exposed name with the server's default deadline; see {@link #callTool(String, JsonNode, CallOptions)}. */
    public CallToolResult callTool(String name, JsonNode arguments) {
        return callTool(name, arguments, CallOptions.defaults());
    }

    /**
     * Calls a tool by its exposed name (e.g. {@code github__create_issue}) through the interceptors.
     * Blocks for the interceptors' time plus at most the call's deadline.
     *
     * @param arguments the arguments object; null for none
     * @throws McpNotFoundException if no available server offers the name (or a filter hides it)
     * @throws ServerUnavailableException if its server is down or reconnecting
     */
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        supervisor.ensureOpen();
        return routing.callTool(name, arguments, options);
    }

    /**
     * {@link #callTool(String, JsonNode)} with the arguments as a {@code Map}, record or bean, converted before
     * anything is sent as {@link McpClient#callToolWith(String, Object)} says (also why it is not named {@code callTool}).
     *
     * @throws io.mcphost.protocol.McpInvalidArgumentsException if they cannot be converted or are not a JSON object
     */
    public CallToolResult callToolWith(String exposedName, Object arguments) {
        return callToolWith(exposedName, arguments, CallOptions.defaults());
    }

    /** {@link #callToolWith(String, Object)} with the call's own deadline, progress listener and {@code _meta}. */
    public CallToolResult callToolWith(String exposedName, Object arguments, CallOptions options) {
        return callTool(exposedName, ToolArgumentsConversion.toObject(null, exposedName, arguments), options);
    }

    /**
     * Checks that at least one server is ready. A fail-open {@link McpHostBuilder#start()} returns even when
     * every server failed; call this after it when a host with nothing to offer is an error:
     * {@code McpHost.fromConfig(file).start().requireReady()}. Does no I/O.
     *
     * @return this host, for chaining
     * @throws ServerUnavailableException if no server is ready, naming each one's state; the first
     *         failure is its cause and the others are suppressed exceptions
     */
    public McpHost requireReady() {
        supervisor.requireReady();
        return this;
    }

    /**
     * Calls a tool by its server's name and the name that server gives it (no prefixed name to build),
     * through the interceptors; the arguments (null for none) are converted as by {@link #callToolWith(String, Object)}.
     * Blocks as {@link #callTool(String, JsonNode, CallOptions)} does. A literal {@code callTool(name, null, options)}
     * is ambiguous beside this method; {@code callToolWith(name, null, options)} says it without a cast.
     *
     * @throws McpNotFoundException if that server offers no such tool (or a filter hides it)
     * @throws io.mcphost.protocol.McpInvalidArgumentsException if the arguments cannot be converted or are not a
     *         JSON object (also when {@link CallOptions} are given in their place), before anything is sent
     */
    public CallToolResult callTool(String server, String tool, Object arguments) {
        return callTool(server, tool, arguments, CallOptions.defaults());
    }

    /** {@link #callTool(String, String, Object)} with the call's own deadline, progress listener and {@code _meta}. */
    public CallToolResult callTool(String server, String tool, Object arguments, CallOptions options) {
        ObjectNode converted = ToolArgumentsConversion.toObject(server, tool, arguments);
        HostTool found = tools().stream().filter(t -> t.server().equals(server) && t.originalName().equals(tool)).findFirst()
                .orElseThrow(() -> new McpNotFoundException("server '" + server + "' offers no tool '" + tool + "'", null));
        return callTool(found.name(), converted, options);
    }

    /** {@link #callTool(String, JsonNode)} on a virtual thread; cancelling the future cancels the call. */
    public CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments) {
        return callToolAsync(name, arguments, CallOptions.defaults());
    }

    /** {@link #callTool(String, JsonNode, CallOptions)} on a virtual thread; cancelling the future cancels the call. */
    public CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments, CallOptions options) {
        // The host's observer (a tracer) carries the caller's context over: the call stays the caller's span's child.
        return VirtualCalls.async("mcphost-call-" + name, () -> callTool(name, arguments, options),
                work -> settings.client().observer().map(o -> o.carryOver(work)).orElse(work));
    }

    /**
     * Gets a prompt by its exposed name through the interceptors. Blocks for the interceptors' time plus
     * at most the server's request timeout.
     *
     * @throws McpNotFoundException if no available server offers it
     * @throws ServerUnavailableException if its server is down or reconnecting
     */
    public GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        return getPrompt(name, arguments, CallOptions.defaults());
    }

    /** Like {@link #getPrompt(String, Map)}, with the call's own deadline, progress listener and {@code _meta}. */
    public GetPromptResult getPrompt(String name, Map<String, String> arguments, CallOptions options) {
        supervisor.ensureOpen();
        return routing.getPrompt(name, arguments, options);
    }

    /**
     * Reads a resource, through the interceptors, from the server that lists it or whose resource
     * template matches the URI. Blocks for the interceptors' time plus at most the server's request timeout.
     *
     * @throws McpNotFoundException if no available server offers it
     * @throws ServerUnavailableException if its server is down or reconnecting
     */
    public ReadResourceResult readResource(String uri) {
        return readResource(uri, CallOptions.defaults());
    }

    /** Like {@link #readResource(String)}, with the call's own deadline, progress listener and {@code _meta}. */
    public ReadResourceResult readResource(String uri, CallOptions options) {
        supervisor.ensureOpen();
        return routing.readResource(uri, options);
    }

    /**
     * Adds an event listener to a running host (one that embeds the host, such as a gateway, follows
     * its catalog this way); it hears the events raised from now on, under the contract of
     * {@link HostEvent}. Listeners given to {@link McpHostBuilder#onEvent} hear the start as well.
     */
    public void addListener(Consumer<HostEvent> listener) {
        supervisor.events().add(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener added with {@link #addListener}; returns whether it was there. */
    public boolean removeListener(Consumer<HostEvent> listener) {
        return supervisor.events().remove(listener);
    }

    /** Closes every server in parallel within the close timeout; see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(settings.closeTimeout());
    }

    /**
     * Stops every server in parallel and returns within {@code budget} (plus scheduling slack): child
     * processes are terminated (SIGTERM, then SIGKILL of the whole tree), HTTP sessions deleted, pending
     * calls fail with {@link io.mcphost.protocol.McpClosedException}, reconnects are cancelled. Idempotent.
     *
     * @throws IllegalArgumentException if {@code budget} is not positive
     */
    public void close(Duration budget) {
        supervisor.close(positive(budget, "budget"));
    }
}
