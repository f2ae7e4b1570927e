package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientState;
import io.mcphost.client.ClientSkills;
import io.mcphost.client.ClientTasks;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.modern.InputRound;
import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The one {@link McpClient} implementation: the lifecycle (connect, re-open, fail, close) and the
 * wiring. Requests go through the {@link Exchange}; inbound routing is {@link ClientInbound}, the
 * typed operations {@link Operations} and {@link Tasks}. The blocking methods are the interface's
 * defaults over the async ones.
 */
public final class RealMcpClient implements McpClient {
    private static final Logger LOG = LoggerFactory.getLogger(RealMcpClient.class);

    private final ClientConfig config;
    private final String name;
    private final ConnectionState connection;
    private final AtomicReference<ClientState> state;
    private final PendingRequests pending;
    private final NotificationQueue notifications;
    private final Exchange exchange;
    private final ClientInbound inbound;
    private final ServerRequests serverRequests;
    private final Operations operations;
    private final Tasks tasks;
    private final Skills skills;
    /** The legacy and the modern session, and the choice of the current one. */
    private final EraSessions sessions;
    private final Subscriptions subscriptions;
    private final SessionRecovery recovery;
    private final Optional<ObserverStage> observer;
    private final ReentrantLock lifecycle = new ReentrantLock();

    /** Wires a client from what the public builder collected; no I/O until {@link #connect()}. */
    public static RealMcpClient create(ClientConfig config) {
        return new RealMcpClient(config);
    }

    private RealMcpClient(ClientConfig config) {
        this.config = config;
        this.name = config.name();
        this.connection = new ConnectionState(name, EraMemory.of(config).orElse(null));
        this.state = connection.lifecycle();
        this.pending = new PendingRequests(name, config.maxPendingRequests());
        this.notifications = new NotificationQueue(name);
        Attribution attribution = new Attribution(pending, this::taskInputs);
        this.serverRequests = new ServerRequests(config, attribution);
        this.exchange = new Exchange(config, pending, connection);
        ToolListing tools = new ToolListing(exchange);
        // One strategy per era; a modern task's questions and input rounds reach the same handlers as a legacy server's requests.
        this.sessions = new EraSessions(connection, new LegacySession(exchange, tools),
                new ModernSession(exchange, connection, tools, serverRequests, this::currentSession, this::eraProbedAgain));
        this.subscriptions = new Subscriptions(exchange, sessions);
        this.tasks = new Tasks(exchange, () -> currentSession().tasks(), notifications);
        this.operations = new Operations(exchange, tools, tasks);
        this.skills = new Skills(exchange, operations);
        this.inbound = new ClientInbound(exchange, operations, this::fail, pending, notifications, serverRequests,
                attribution, subscriptions, config);
        this.recovery = new SessionRecovery(connection, config.sessionRetries(),
                () -> connection.session(Handshake.run(exchange, config)), subscriptions::resubscribeAll, this::fail);
        this.observer = config.observer().map(o -> new ObserverStage(o, connection, config.transport()));
        // THE stage list, outermost first (docs/request-pipeline.md). The observer is outermost so one
        // observation (one span) covers re-open and every retry. An OAuth 'Authorisation' stage goes
        // right after 'recovery'; the era's own stages are innermost, behind the era dispatch.
        List<RequestStage> stages = new ArrayList<>();
        observer.ifPresent(stages::add);
        stages.add(this::reopenWhenClosed);
        if (config.transport().capability(io.mcphost.transport.HttpSessions.class).isPresent()) {
            // Only over HTTP is an answer lost while the connection lives on (a proxy's 502, a replica
            // that died), and only a connection that carries a server session can lose one: elsewhere
            // (stdio, in memory) these stages would only add a future and two callbacks to every call.
            stages.add(new IdempotentRetry(name, tools));
            stages.add(recovery);
        }
        stages.add(new Authorisation(name, config.transport())); // 401 → OAuth → once more (docs/oauth.md)
        stages.add(sessions);                                  // the current era session's stages (ModernSession, LegacySession)
        exchange.install(stages);
    }

    /** The creator's options of a task this client waits on; called when a question arrives, once {@link #tasks} exists. */
    private Optional<CallOptions> taskInputs(String taskId) {
        return tasks.inputsOf(taskId);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ClientState state() {
        return state.get();
    }

    @Override
    public Optional<Throwable> failure() {
        return connection.failure();
    }

    @Override
    public void connect() {
        lifecycle.lock();
        try {
            if (!state.compareAndSet(ClientState.CREATED, ClientState.CONNECTING)) {
                throw new IllegalStateException("connect() may be called once, on a CREATED client; this one is " + state.get());
            }
        } finally {
            lifecycle.unlock();
        }
        try {
            ClientWarmUp.start();
            config.transport().start(inbound);
            connection.session(EraProbe.connect(exchange, config, connection, true));
            observer.ifPresent(ObserverStage::sessionStarted);
            if (!state.compareAndSet(ClientState.CONNECTING, ClientState.READY)) {
                throw connection.failure().orElse(null) instanceof McpException e ? e
                        : new McpClosedException(name, "closed during the handshake");
            }
            exchange.cache().clear();
            subscriptions.connected();
        } catch (McpException | CompletionException e) {
            McpException cause = exchange.unwrap(e) instanceof McpTransportException t ? exchange.named(t) : exchange.unwrap(e);
            fail(cause);
            config.transport().close(config.closeTimeout());
            throw cause;
        }
    }

    /**
     * Connects with a session known in advance, no handshake: only for {@link ClientWarmUp}, whose
     * client exists to run the request path over an in-memory pair (the handshake path is linked by
     * the real client connecting meanwhile).
     */
    void connectKnown(Session session) {
        if (!state.compareAndSet(ClientState.CREATED, ClientState.CONNECTING)) {
            throw new IllegalStateException("connectKnown() is for a CREATED client; this one is " + state.get());
        }
        config.transport().start(inbound);
        connection.session(session);
        state.compareAndSet(ClientState.CONNECTING, ClientState.READY);
    }

    @Override
    public ProtocolVersion protocolVersion() {
        return connection.session().version();
    }

    @Override
    public Era era() {
        return connection.session().era();
    }

    @Override
    public Implementation serverInfo() {
        return connection.session().serverInfo();
    }

    @Override
    public ServerCapabilities serverCapabilities() {
        return connection.session().capabilities();
    }

    @Override
    public Optional<String> instructions() {
        return connection.currentSession().flatMap(Session::instructions);
    }

    /** How many times the handshake ran again after the session expired. */
    public int reinitializations() {
        return recovery.reinitializations();
    }

    /**
     * The first stage: a client closed over a {@linkplain io.mcphost.transport.Reopenable
     * re-openable} transport opens again (connection and handshake) before the request goes on.
     */
    private CompletableFuture<JsonNode> reopenWhenClosed(OutboundRequest request, RequestStage.Next next) {
        if (state.get() == ClientState.CLOSED && config.transport().capability(io.mcphost.transport.Reopenable.class).isPresent()) {
            reopen();
        }
        return next.proceed(request);
    }

    /** Phase 1 and 2 again for a client used after close: a new connection and handshake. */
    private void reopen() {
        lifecycle.lock();
        try {
            if (!state.compareAndSet(ClientState.CLOSED, ClientState.CONNECTING)) {
                return; // another caller re-opened it meanwhile
            }
            connection.failure(null);
            notifications.restart();
            try {
                config.transport().start(inbound);
                connection.session(EraProbe.connect(exchange, config, connection, true));
                recovery.newSession();
                sessions.modern().newConnection();
                observer.ifPresent(ObserverStage::sessionStarted);
                if (!state.compareAndSet(ClientState.CONNECTING, ClientState.READY)) {
                    throw new McpClosedException(name, "closed while re-opening");
                }
                exchange.cache().clear();
            subscriptions.connected();
                LOG.debug("server '{}': re-opened after close", name);
            } catch (McpException | CompletionException e) {
                McpException cause = exchange.unwrap(e);
                pending.failAll(p -> cause);
                config.transport().close(config.closeTimeout());
                state.set(ClientState.CLOSED);
                throw cause;
            }
        } finally {
            lifecycle.unlock();
        }
    }

    /** The transport died or the handshake failed: record why and fail every pending call. */
    void fail(McpException cause) {
        ClientState before = state.getAndUpdate(s -> s == ClientState.CLOSED ? s : ClientState.FAILED);
        if (before == ClientState.CLOSED) {
            return;
        }
        if (connection.failure().isEmpty()) {
            connection.failure(cause);
        }
        pending.failAll(p -> p.method().equals(McpMethod.INITIALIZE) && cause instanceof McpTransportException t
                ? t : new McpTransportException(name, p.method() + " (request " + p.id() + ") failed: " + cause.detail(), cause));
        serverRequests.abandonAll();
        subscriptions.clear();
        tasks.abandonAll(new McpTransportException(name, "waiting for a task failed: " + cause.detail(), cause));
        notifications.shutdown();
        observer.ifPresent(o -> o.sessionEnded(Optional.of(cause)));
        if (before == ClientState.READY) {
            Thread.ofVirtual().name("mcphost-connection-lost-" + name).start(() -> {
                try {
                    config.onConnectionLost().accept(cause);
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': the connection-lost listener failed", name, e);
                }
            });
        }
    }

    @Override
    public void close(Duration budget) {
        ClientState before = state.getAndSet(ClientState.CLOSED);
        if (before == ClientState.CLOSED) {
            return;
        }
        long start = System.nanoTime();
        pending.failAll(p -> new McpClosedException(name, p.method() + " (request " + p.id() + "): the client was closed"));
        serverRequests.abandonAll();
        subscriptions.clear();
        tasks.abandonAll(new McpClosedException(name, "the client was closed while waiting for a task"));
        notifications.shutdown();
        // A cancellation being written leaves before the transport closes (half the budget at most).
        exchange.awaitCancellations(start + budget.toNanos() / 2);
        config.transport().close(budget.minusNanos(Math.min(budget.toNanos() / 2, System.nanoTime() - start)));
        observer.ifPresent(o -> o.sessionEnded(Optional.empty()));
    }

    @Override
    public void close() {
        close(config.closeTimeout());
    }

    // ---- operations: the async ones; McpClient's blocking defaults await them ---------------------

    @Override
    public CompletableFuture<Void> pingAsync() {
        return exchange.send(McpMethod.PING, null, CallOptions.defaults(), r -> null);
    }

    @Override
    public CompletableFuture<List<Tool>> listToolsAsync() {
        return operations.listTools();
    }

    @Override
    public CompletableFuture<CallToolResult> callToolAsync(String tool, JsonNode arguments, CallOptions options) {
        return operations.callTool(tool, arguments, options);
    }

    @Override
    public CompletableFuture<List<Resource>> listResourcesAsync() {
        return operations.listResources();
    }

    @Override
    public CompletableFuture<List<ResourceTemplate>> listResourceTemplatesAsync() {
        return operations.listResourceTemplates();
    }

    @Override
    public CompletableFuture<ReadResourceResult> readResourceAsync(String uri, CallOptions options) {
        return operations.readResource(uri, options);
    }

    @Override
    public CompletableFuture<List<Prompt>> listPromptsAsync() {
        return operations.listPrompts();
    }

    @Override
    public CompletableFuture<GetPromptResult> getPromptAsync(String prompt, Map<String, String> arguments,
                                                            CallOptions options) {
        return operations.getPrompt(prompt, arguments, options);
    }

    @Override
    public CompletableFuture<CompleteResult> completeAsync(CompleteRequestParams request) {
        return operations.complete(request);
    }

    @Override
    public CompletableFuture<Void> setLoggingLevelAsync(LoggingLevel level) {
        java.util.Objects.requireNonNull(level, "level");
        return currentSession().setLoggingLevel(level);
    }

    @Override
    public CompletableFuture<JsonNode> resumeInputAsync(InputRound round, Map<String, JsonNode> responses,
                                                        CallOptions options) {
        java.util.Objects.requireNonNull(round, "round");
        java.util.Objects.requireNonNull(responses, "responses");
        if (!round.inputRequests().keySet().containsAll(responses.keySet())) {
            throw new IllegalArgumentException("responses name input requests the round does not have: "
                    + responses.keySet().stream().filter(k -> !round.inputRequests().containsKey(k)).toList());
        }
        return exchange.send(round.method(), io.mcphost.protocol.modern.EraTranslation.answered(round, responses), options);
    }

    @Override
    public void setRoots(List<Root> roots) {
        List<Root> checked = ClientConfig.fileRoots(roots);
        if (!serverRequests.replaceRoots(checked)) {
            throw new IllegalStateException("server '" + name + "': roots are not enabled; "
                    + "give the first list to McpClientBuilder.roots(...) so the capability is announced");
        }
        if (state.get() != ClientState.READY) {
            return; // not connected: the server reads the list when it asks
        }
        currentSession().rootsChanged();
    }

    @Override
    public CompletableFuture<ResourceSubscription> subscribeResourceAsync(String uri,
                                                                          Consumer<ResourceUpdatedNotificationParams> listener) {
        return subscriptions.subscribe(uri, listener);
    }

    @Override
    public CompletableFuture<JsonNode> requestAsync(String method, JsonNode params, CallOptions options) {
        return exchange.send(method, params, options);
    }

    @Override
    public ClientTasks tasks() {
        return tasks;
    }

    @Override
    public ClientSkills skills() {
        return skills;
    }

    /** The session strategy of the current handshake's era. */
    private EraSession currentSession() {
        return sessions.current();
    }

    /** The era was probed again mid-session: subscriptions follow the session found. */
    private void eraProbedAgain(EraSession replaced) {
        subscriptions.eraProbedAgain(replaced);
    }

    @Override
    public String toString() {
        return "McpClient[" + name + ", " + state.get() + "]";
    }
}
