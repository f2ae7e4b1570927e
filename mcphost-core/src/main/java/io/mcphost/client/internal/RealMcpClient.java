package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientState;
import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one {@link McpClient} implementation. Request plumbing lives here; inbound routing in
 * {@link ClientInbound}, paging and typed decoding in {@link Operations}.
 */
public final class RealMcpClient implements McpClient {
    private static final Logger LOG = LoggerFactory.getLogger(RealMcpClient.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final ClientConfig config;
    private final String name;
    private final PendingRequests pending;
    private final NotificationQueue notifications;
    private final ClientInbound inbound;
    private final ServerRequests serverRequests;
    private final Operations operations;
    private final Tasks tasks;
    private final ReentrantLock lifecycle = new ReentrantLock();
    private final AtomicReference<ClientState> state = new AtomicReference<>(ClientState.CREATED);
    private final SessionRecovery recovery;
    private final Subscriptions subscriptions;
    private volatile Throwable failure;
    private volatile Session session;

    public RealMcpClient(ClientConfig config) {
        this.config = config;
        this.name = config.name();
        this.pending = new PendingRequests(name, config.maxPendingRequests());
        this.notifications = new NotificationQueue(name);
        this.serverRequests = new ServerRequests(config);
        this.subscriptions = new Subscriptions(this);
        this.inbound = new ClientInbound(this, pending, notifications, serverRequests, subscriptions, config);
        this.operations = new Operations(this);
        this.recovery = new SessionRecovery(this, config.sessionRetries(), () -> session = Handshake.run(this, config),
                subscriptions::resubscribeAll);
        this.tasks = new Tasks(this, operations, notifications, config);
    }

    Tasks tasks() {
        return tasks;
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
        return Optional.ofNullable(failure);
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
            config.transport().start(inbound);
            session = Handshake.run(this, config);
            if (!state.compareAndSet(ClientState.CONNECTING, ClientState.READY)) {
                throw failure instanceof McpException e ? e : new McpClosedException(name, "closed during the handshake");
            }
        } catch (McpException | CompletionException e) {
            McpException cause = unwrap(e) instanceof McpTransportException t ? named(t) : unwrap(e);
            fail(cause);
            config.transport().close(config.closeTimeout());
            throw cause;
        }
    }

    /** The handshake's outcome. @throws IllegalStateException before it */
    Session session() {
        Session s = session;
        if (s == null) {
            throw new IllegalStateException("server '" + name + "' has not completed the handshake (state " + state.get() + ")");
        }
        return s;
    }

    @Override
    public ProtocolVersion protocolVersion() {
        return session().version();
    }

    @Override
    public Implementation serverInfo() {
        return session().serverInfo();
    }

    @Override
    public ServerCapabilities serverCapabilities() {
        return session().capabilities();
    }

    @Override
    public Optional<String> instructions() {
        return session == null ? Optional.empty() : session.instructions();
    }

    // ---- request plumbing ------------------------------------------------------------------

    /**
     * Sends a request and returns the future of its raw result. The future fails with
     * {@link McpTimeoutException} at the deadline; cancelling it, or its timing out, sends
     * {@code notifications/cancelled}.
     *
     * <p>When the server has forgotten the session ({@link McpSessionExpiredException}), the
     * handshake runs again — once for all callers that hit the expiry together — and the request
     * is retried, up to {@code sessionRetries} times. Each attempt has the whole timeout. A client
     * closed over a {@linkplain io.mcphost.transport.Transport#reopenable() re-openable} transport
     * re-opens first.
     */
    CompletableFuture<JsonNode> send(String method, JsonNode params, CallOptions options) {
        if (state.get() == ClientState.CLOSED && config.transport().reopenable()) {
            try {
                reopen();
            } catch (McpException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return recovery.send(method, params, options);
    }

    /** How many times the handshake ran again after the session expired. */
    public int reinitializations() {
        return recovery.reinitializations();
    }

    /** Phase 1 and 2 again for a client used after close: a new connection and handshake. */
    private void reopen() {
        lifecycle.lock();
        try {
            if (!state.compareAndSet(ClientState.CLOSED, ClientState.CONNECTING)) {
                return; // another caller re-opened it meanwhile
            }
            failure = null;
            notifications.restart();
            try {
                config.transport().start(inbound);
                session = Handshake.run(this, config);
                recovery.newSession();
                if (!state.compareAndSet(ClientState.CONNECTING, ClientState.READY)) {
                    throw new McpClosedException(name, "closed while re-opening");
                }
                LOG.debug("server '{}': re-opened after close", name);
            } catch (McpException | CompletionException e) {
                McpException cause = unwrap(e);
                pending.failAll(p -> cause);
                config.transport().close(config.closeTimeout());
                state.set(ClientState.CLOSED);
                throw cause;
            }
        } finally {
            lifecycle.unlock();
        }
    }

    /** One attempt of {@link #send}; {@code handshake} marks the initialize request of a (re-)handshake. */
    CompletableFuture<JsonNode> sendOnce(String method, JsonNode params, CallOptions options, boolean handshake) {
        ClientState current = state.get();
        if (current != ClientState.READY && !(handshake && current == ClientState.CONNECTING)
                && !(handshake && current == ClientState.READY)) {
            return CompletableFuture.failedFuture(notReady(method, current));
        }
        PendingRequests.Pending entry;
        try {
            entry = pending.register(method, handshake ? Deadline.Policy.fixed(config.initializeTimeout())
                    : Deadline.Policy.of(options, config), options.onProgress());
        } catch (McpException e) {
            return CompletableFuture.failedFuture(e);
        }
        ObjectNode body = withMeta(params, options, entry);
        entry.future().whenComplete((result, error) -> {
            if (handshake) {
                return; // the spec forbids cancelling initialize
            }
            if (error instanceof CancellationException) {
                inbound.sendCancelled(entry.id(), "cancelled by the caller");
            } else if (error instanceof McpTimeoutException timedOut) {
                inbound.sendCancelled(entry.id(), "timed out: " + timedOut.detail());
            }
        });
        try {
            config.transport().send(JsonRpcRequest.of(entry.id(), method, body));
        } catch (McpTransportException e) {
            entry.future().completeExceptionally(named(e));
        } catch (McpException e) {
            entry.future().completeExceptionally(e);
        }
        return entry.future();
    }

    /** A transport failure under this client's name (a transport names the server by its URL or command). */
    McpTransportException named(McpTransportException e) {
        if (e.server().filter(name::equals).isPresent()) {
            return e;
        }
        return switch (e) {
            case McpSessionExpiredException expired -> {
                McpSessionExpiredException renamed = new McpSessionExpiredException(name, expired.detail());
                renamed.initCause(expired);
                yield renamed;
            }
            default -> new McpTransportException(name, e.detail(), e);
        };
    }

    /** Like {@link #send} with the result decoded; cancelling the returned future cancels the request. */
    <T> CompletableFuture<T> send(String method, JsonNode params, CallOptions options, Function<JsonNode, T> decode) {
        CompletableFuture<JsonNode> raw = send(method, params, options);
        CompletableFuture<T> typed = raw.thenApply(result -> {
            try {
                return decode.apply(result);
            } catch (McpProtocolException e) {
                throw new McpProtocolException(name, method + ": the server's answer is malformed: " + e.getMessage(), e);
            }
        });
        typed.whenComplete((r, e) -> {
            if (e instanceof CancellationException) {
                raw.cancel(false);
            }
        });
        return typed;
    }

    private static ObjectNode withMeta(JsonNode params, CallOptions options, PendingRequests.Pending entry) {
        ObjectNode body;
        if (params == null || params.isNull()) {
            body = CODEC.newObject();
        } else if (params.isObject()) {
            body = ((ObjectNode) params).deepCopy();
        } else {
            throw new IllegalArgumentException("params must be a JSON object, got " + params.getNodeType());
        }
        if (options.meta().isEmpty() && !entry.wantsProgress()) {
            return body;
        }
        ObjectNode meta = body.has("_meta") && body.get("_meta").isObject()
                ? (ObjectNode) body.get("_meta") : body.putObject("_meta");
        options.meta().ifPresent(m -> meta.setAll((ObjectNode) m));
        if (entry.wantsProgress()) {
            // The request id doubles as the progress token: unique while the request is pending.
            meta.put("progressToken", ((RequestId.NumberId) entry.id()).value());
        }
        return body;
    }

    private McpException notReady(String method, ClientState current) {
        return switch (current) {
            case CLOSED -> new McpClosedException(name, method + ": the client is closed");
            case FAILED -> new McpTransportException(name, method + ": the connection failed: "
                    + (failure == null ? "unknown cause" : detail(failure)), failure);
            case CREATED, CONNECTING -> new ServerUnavailableException(name, method
                    + ": the client is not connected yet (state " + current + ")");
            case READY -> throw new IllegalStateException("ready");
        };
    }

    private static String detail(Throwable t) {
        return t instanceof McpException e ? e.detail() : String.valueOf(t.getMessage());
    }

    /** Waits for a call, turning interruption into cancellation and unwrapping failures. */
    <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpCancelledException(name, "the calling thread was interrupted; the request was cancelled");
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (CancellationException e) {
            throw new McpCancelledException(name, "the call was cancelled");
        }
    }

    /** Waits at most {@code limit} (used during the handshake, whose requests have their own deadline). */
    <T> T await(CompletableFuture<T> future, Duration limit, String what) {
        try {
            return future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new McpTimeoutException(name, what + " did not finish within " + limit);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpCancelledException(name, what + " was interrupted");
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        }
    }

    McpException unwrap(Throwable t) {
        Throwable cause = t;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof McpException e) {
            return e;
        }
        if (cause instanceof CancellationException) {
            return new McpCancelledException(name, "the call was cancelled");
        }
        return new McpProtocolException(name, "unexpected failure: " + cause, cause);
    }

    /** Fails the capability check before anything is sent. */
    void require(String capability, String method) {
        JsonNode caps = session().capabilitiesJson();
        if (!caps.has(capability)) {
            throw new McpCapabilityException(name, method + " needs the server capability '" + capability
                    + "', which this server did not announce");
        }
    }

    // ---- failure and close -------------------------------------------------------------------

    /** The transport died or the handshake failed: record why and fail every pending call. */
    void fail(McpException cause) {
        ClientState before = state.getAndUpdate(s -> s == ClientState.CLOSED ? s : ClientState.FAILED);
        if (before == ClientState.CLOSED) {
            return;
        }
        if (failure == null) {
            failure = cause;
        }
        pending.failAll(p -> p.method().equals(McpMethod.INITIALIZE) && cause instanceof McpTransportException t
                ? t : new McpTransportException(name, p.method() + " (request " + p.id() + ") failed: " + cause.detail(), cause));
        serverRequests.abandonAll();
        subscriptions.clear();
        tasks.abandonAll(new McpTransportException(name, "waiting for a task failed: " + cause.detail(), cause));
        notifications.shutdown();
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
        pending.failAll(p -> new McpClosedException(name, p.method() + " (request " + p.id() + "): the client was closed"));
        serverRequests.abandonAll();
        subscriptions.clear();
        tasks.abandonAll(new McpClosedException(name, "the client was closed while waiting for a task"));
        notifications.shutdown();
        config.transport().close(budget);
    }

    @Override
    public void close() {
        close(config.closeTimeout());
    }

    // ---- operations (typed, delegated) ----------------------------------------------------------

    @Override
    public void ping() {
        await(pingAsync());
    }

    @Override
    public CompletableFuture<Void> pingAsync() {
        return send(McpMethod.PING, null, CallOptions.defaults(), r -> null);
    }

    @Override
    public List<Tool> listTools() {
        return await(listToolsAsync());
    }

    @Override
    public CompletableFuture<List<Tool>> listToolsAsync() {
        return operations.listTools();
    }

    @Override
    public CallToolResult callTool(String tool, JsonNode arguments, CallOptions options) {
        return await(callToolAsync(tool, arguments, options));
    }

    @Override
    public CompletableFuture<CallToolResult> callToolAsync(String tool, JsonNode arguments, CallOptions options) {
        return operations.callTool(tool, arguments, options);
    }

    @Override
    public List<Resource> listResources() {
        return await(listResourcesAsync());
    }

    @Override
    public CompletableFuture<List<Resource>> listResourcesAsync() {
        return operations.listResources();
    }

    @Override
    public List<ResourceTemplate> listResourceTemplates() {
        return await(listResourceTemplatesAsync());
    }

    @Override
    public CompletableFuture<List<ResourceTemplate>> listResourceTemplatesAsync() {
        return operations.listResourceTemplates();
    }

    @Override
    public ReadResourceResult readResource(String uri) {
        return await(readResourceAsync(uri));
    }

    @Override
    public CompletableFuture<ReadResourceResult> readResourceAsync(String uri) {
        return operations.readResource(uri);
    }

    @Override
    public List<Prompt> listPrompts() {
        return await(listPromptsAsync());
    }

    @Override
    public CompletableFuture<List<Prompt>> listPromptsAsync() {
        return operations.listPrompts();
    }

    @Override
    public GetPromptResult getPrompt(String prompt, Map<String, String> arguments) {
        return await(getPromptAsync(prompt, arguments));
    }

    @Override
    public CompletableFuture<GetPromptResult> getPromptAsync(String prompt, Map<String, String> arguments) {
        return operations.getPrompt(prompt, arguments);
    }

    @Override
    public CompleteResult complete(CompleteRequestParams request) {
        return await(completeAsync(request));
    }

    @Override
    public CompletableFuture<CompleteResult> completeAsync(CompleteRequestParams request) {
        return operations.complete(request);
    }

    @Override
    public void setLoggingLevel(LoggingLevel level) {
        await(operations.setLoggingLevel(level));
    }

    @Override
    public void setRoots(List<Root> roots) {
        List<Root> checked = ClientConfig.fileRoots(roots);
        if (!serverRequests.replaceRoots(checked)) {
            throw new IllegalStateException("server '" + name + "': roots are not enabled; "
                    + "give the first list to McpClient.Builder.roots(...) so the capability is announced");
        }
        if (state.get() != ClientState.READY) {
            return; // the server reads the list when it asks; nothing to tell it now
        }
        try {
            config.transport().send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_ROOTS_LIST_CHANGED, null));
        } catch (McpException e) {
            // The list is in place; a server that cannot be told now reads it at its next roots/list.
            LOG.debug("server '{}': could not send {}: {}", name, McpMethod.NOTIFICATIONS_ROOTS_LIST_CHANGED, e.getMessage());
        }
    }

    @Override
    public ResourceSubscription subscribeResource(String uri, Consumer<ResourceUpdatedNotificationParams> listener) {
        return await(subscribeResourceAsync(uri, listener));
    }

    @Override
    public CompletableFuture<ResourceSubscription> subscribeResourceAsync(String uri,
                                                                          Consumer<ResourceUpdatedNotificationParams> listener) {
        return subscriptions.subscribe(uri, listener);
    }

    @Override
    public JsonNode request(String method, JsonNode params, CallOptions options) {
        return await(requestAsync(method, params, options));
    }

    @Override
    public CompletableFuture<JsonNode> requestAsync(String method, JsonNode params, CallOptions options) {
        return send(method, params, options);
    }

    // ---- tasks (2025-11-25, experimental; the logic is in Tasks and RealToolTask) ----------------

    @Override
    public ToolTask callToolAsTask(String tool, JsonNode arguments, CallOptions options, TaskMetadata task) {
        return await(callToolAsTaskAsync(tool, arguments, options, task));
    }

    @Override
    public CompletableFuture<ToolTask> callToolAsTaskAsync(String tool, JsonNode arguments, CallOptions options, TaskMetadata task) {
        return tasks.callToolAsTask(tool, arguments, options, task);
    }

    @Override
    public Task getTask(String taskId) {
        return await(getTaskAsync(taskId));
    }

    @Override
    public CompletableFuture<Task> getTaskAsync(String taskId) {
        return tasks.get(taskId, CallOptions.defaults());
    }

    @Override
    public CallToolResult getTaskResult(String taskId, CallOptions options) {
        return await(getTaskResultAsync(taskId, options));
    }

    @Override
    public CompletableFuture<CallToolResult> getTaskResultAsync(String taskId, CallOptions options) {
        return tasks.result(taskId, Optional.empty(), options);
    }

    @Override
    public List<Task> listTasks() {
        return await(listTasksAsync());
    }

    @Override
    public CompletableFuture<List<Task>> listTasksAsync() {
        return tasks.list();
    }

    @Override
    public Task cancelTask(String taskId) {
        return await(cancelTaskAsync(taskId));
    }

    @Override
    public CompletableFuture<Task> cancelTaskAsync(String taskId) {
        return tasks.cancel(taskId);
    }

    @Override
    public String toString() {
        return "McpClient[" + name + ", " + state.get() + "]";
    }
}
