package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.ServerSession;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One client connection: the legacy session of the lifecycle (spec: basic/lifecycle) and the
 * registry's legacy handling. Each request runs on its own virtual thread and goes through the
 * server's {@link Dispatcher}, which hands it to this session ({@link #answer}) or, when it is a
 * 2026-07-28 request, to the stateless {@link ModernServer} beside it (spec 2026-07-28:
 * basic/versioning, dual-era servers). Thread-safe; the transport's reader thread only registers
 * requests and starts threads, it never waits.
 */
public final class ServerConnection implements InboundHandler, ServerSession, Scope {
    private static final Logger LOG = LoggerFactory.getLogger(ServerConnection.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Registry registry;
    private final Transport transport;
    private final Requests requests;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicBoolean initializeReceived = new AtomicBoolean();
    /** The revision agreed in initialize; null until the server has answered it. */
    private volatile ProtocolVersion negotiated;
    /** Requests in flight, so notifications/cancelled can reach them. */
    private final RunningRequests running = new RunningRequests();
    /** What the client announced in initialize; null before. */
    private volatile JsonNode clientCapabilities;
    private final ClientRequests clientRequests = new ClientRequests();
    /** The resources this client subscribed to and the log level it set. */
    private final SessionChoices choices;
    /** The server's live connections, which this one leaves when it ends. */
    private final Set<ServerConnection> live;
    private final TaskStore tasks;
    /** Where every request of this connection goes first, to be handed to its era. */
    private final Dispatcher dispatcher;

    private ServerConnection(Dispatcher dispatcher, Transport transport, Set<ServerConnection> live) {
        this.registry = dispatcher.registry();
        this.dispatcher = dispatcher;
        this.choices = new SessionChoices(dispatcher.watched());
        this.transport = transport;
        this.requests = new Requests(registry, this);
        this.live = live;
        this.tasks = new TaskStore(registry, this);
    }

    /**
     * Starts serving {@code transport}; returns once messages can flow. The connection is in
     * {@code live} until it ends, so the server can reach it with notifications.
     */
    static ServerConnection open(Dispatcher dispatcher, Transport transport, Set<ServerConnection> live) {
        ServerConnection connection = new ServerConnection(dispatcher, transport, live);
        live.add(connection); // before start: a connection that ends at once must not be added after it left
        try {
            transport.start(connection);
        } catch (RuntimeException e) {
            live.remove(connection);
            throw e;
        }
        return connection;
    }

    /**
     * The client request the current thread serves (a thread of its own, or the POST's: {@link #accept}),
     * so that a question its handler asks the client goes on that request's stream ({@link RelatedSending}):
     * the handler API names no request, and the question is sent on the handler's thread. A question
     * asked from another thread (a task's) takes the general route.
     */
    private static final ThreadLocal<RequestId> SERVING = new ThreadLocal<>();

    @Override
    public void onMessage(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcRequest r -> {
                Runnable serving = accept(r);
                // The caller of the POST that carried it (HTTP), on the reader thread: the handler's thread gets it.
                Optional<io.mcphost.server.Caller> caller = CallerContext.current();
                Thread.ofVirtual().name("mcphost-server-" + r.method()).start(() -> CallerContext.runWith(caller, serving));
            }
            case JsonRpcNotification n -> onNotification(n);
            case JsonRpcResponse r -> {
                if (!clientRequests.complete(r.id(), r.result())) {
                    LOG.debug("ignored a response to {}: nothing waits for it", r.id());
                }
            }
            case JsonRpcErrorResponse e -> {
                if (e.id().isEmpty() || !clientRequests.fail(e.id().get(), e.error())) {
                    LOG.debug("ignored an error response (code {}): nothing waits for it", e.error().code());
                }
            }
        }
    }

    /**
     * Takes a request in, as {@link #onMessage} does, but leaves serving it to the caller: the returned
     * action runs the handler and sends the reply on whichever thread runs it (once). Called in delivery
     * order by a transport whose reading thread would otherwise only wait for the reply (an HTTP POST
     * carrying one request), which then saves a thread of the request's own and the hand-off of the reply
     * back. The request is registered here, so a {@code notifications/cancelled} delivered right behind it
     * finds it before it runs.
     */
    public Runnable accept(JsonRpcRequest r) {
        AtomicBoolean cancelled = running.start(r.id());
        return () -> {
            if (cancelled == null) {
                send(JsonRpcErrorResponse.of(r.id(), JsonRpcError.of(JsonRpcError.INVALID_REQUEST,
                        "request id " + r.id() + " is already used by a request still running")));
                return;
            }
            SERVING.set(r.id());
            Optional<JsonRpcMessage> reply;
            try {
                reply = dispatch(r, Optional.empty(), this::send, cancelled, () -> false);
            } finally {
                SERVING.remove(); // the thread may be the transport's, and serve other things next
                // Before the reply leaves: a client may reuse the id as soon as it has it.
                running.finished(r.id(), cancelled);
            }
            reply.ifPresent(this::send);
        };
    }

    /** The dispatcher this connection's requests go through. */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /**
     * Serves one request of this connection through the server's {@link Dispatcher}; see
     * {@link Dispatcher#dispatch}. The transport calls it with the request's version header when it
     * has headers and tracks cancellation itself (HTTP's stateless POSTs); messages it reads are
     * dispatched here too, without a header.
     */
    public Optional<JsonRpcMessage> dispatch(JsonRpcRequest request, Optional<String> versionHeader,
                                             Consumer<JsonRpcMessage> sink, AtomicBoolean cancelled,
                                             BooleanSupplier closing) {
        return dispatcher.dispatch(request, versionHeader, this, sink, cancelled, closing);
    }

    private void onNotification(JsonRpcNotification n) {
        switch (n.method()) {
            case McpMethod.NOTIFICATIONS_INITIALIZED -> LOG.debug("the client finished initialization");
            case McpMethod.NOTIFICATIONS_CANCELLED -> running.cancel(n);
            default -> LOG.debug("ignored notification {}", n.method());
        }
    }

    /**
     * Legacy handling of one request, for the {@link Dispatcher}: the reply, or empty when the
     * request was cancelled (spec, utilities/cancellation: the receiver should not respond then).
     */
    Optional<JsonRpcMessage> answer(JsonRpcRequest request, AtomicBoolean cancelled) {
        ServerRequestObserver.Completion observation = RequestObservation.start(registry, request, Optional.ofNullable(negotiated),
                transport instanceof NamedSession named ? Optional.of(named.id()) : Optional.empty());
        JsonRpcMessage reply;
        try {
            reply = new JsonRpcResponse(request.id(), handle(request, cancelled));
        } catch (RequestException e) {
            reply = JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(e.code(), e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            // A handler's bug must cost one answer, never the connection: the client gets an error it can show.
            LOG.warn("{} (id {}) failed", request.method(), request.id(), e);
            reply = JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                    request.method() + " failed: " + e));
        }
        RequestObservation.finish(observation, request, reply);
        if (cancelled.get()) {
            LOG.debug("{} (id {}) was cancelled; no response is sent", request.method(), request.id());
            return Optional.empty();
        }
        return Optional.of(reply);
    }

    private JsonNode handle(JsonRpcRequest request, AtomicBoolean cancelled) {
        String method = request.method();
        // Spec (lifecycle): before the server has answered initialize, only pings are expected.
        if (negotiated == null && !method.equals(McpMethod.INITIALIZE) && !method.equals(McpMethod.PING)) {
            throw new RequestException(JsonRpcError.INVALID_REQUEST,
                    "the session is not initialized: send initialize before " + method);
        }
        JsonNode params = request.params().orElseGet(CODEC::newObject);
        if (!params.isObject()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "the params of " + method + " must be an object");
        }
        return switch (method) {
            case McpMethod.INITIALIZE -> initialize(params);
            case McpMethod.PING -> CODEC.newObject();
            case McpMethod.TOOLS_LIST -> requests.listTools(params);
            case McpMethod.TOOLS_CALL -> requests.callTool(params, cancelled);
            case McpMethod.RESOURCES_LIST -> requests.listResources(params);
            case McpMethod.RESOURCES_TEMPLATES_LIST -> requests.listTemplates(params);
            case McpMethod.RESOURCES_READ -> requests.readResource(params, cancelled);
            case McpMethod.RESOURCES_SUBSCRIBE -> subscribe(params);
            case McpMethod.RESOURCES_UNSUBSCRIBE -> unsubscribe(params);
            case McpMethod.PROMPTS_LIST -> requests.listPrompts(params);
            case McpMethod.PROMPTS_GET -> requests.getPrompt(params, cancelled);
            case McpMethod.SKILLS_LIST -> requests.listSkills(params);
            case McpMethod.SKILLS_GET -> requests.getSkill(params);
            case McpMethod.RESOURCES_DIRECTORY_READ -> requests.readDirectory(params);
            case McpMethod.COMPLETION_COMPLETE -> requests.complete(params);
            case McpMethod.LOGGING_SET_LEVEL -> setLevel(params);
            case McpMethod.TASKS_GET -> tasks().get(params);
            case McpMethod.TASKS_RESULT -> tasks().result(params, cancelled);
            case McpMethod.TASKS_LIST -> tasks().list(params);
            case McpMethod.TASKS_CANCEL -> tasks().cancel(params);
            default -> throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method);
        };
    }

    private JsonNode initialize(JsonNode params) {
        if (!initializeReceived.compareAndSet(false, true)) {
            throw new RequestException(JsonRpcError.INVALID_REQUEST, "this connection is already initialized");
        }
        String asked = params.path("protocolVersion").asString("");
        ProtocolVersion version = negotiate(asked);
        ObjectNode result = CODEC.newObject();
        result.put("protocolVersion", version.id());
        result.set("capabilities", capabilities(version));
        result.set("serverInfo", CODEC.valueToTree(registry.info()));
        registry.instructions().ifPresent(text -> result.put("instructions", text));
        LOG.debug("initialize: client asked for '{}', answering {}", asked, version);
        clientCapabilities = params.path("capabilities").isObject() ? params.get("capabilities") : CODEC.newObject();
        negotiated = version;
        return result;
    }

    /**
     * The revision {@code initialize} agrees on when the client asks for {@code asked}. Spec (lifecycle,
     * version negotiation): the client's revision when we speak it, else our newest; the client then
     * decides whether it can go on.
     */
    public static ProtocolVersion negotiate(String asked) {
        return ProtocolVersion.fromId(asked).filter(v -> !v.isAtLeast(ProtocolVersion.V2026_07_28))
                .orElse(ProtocolVersion.LATEST_HANDSHAKE);
    }

    /**
     * Takes up a session whose handshake another replica answered (its id sealed what was agreed): as
     * after {@code initialize} and {@code notifications/initialized}, with {@code version} agreed and
     * the client's {@code capabilities}. Only before any message arrived.
     */
    public void resumeHandshake(ProtocolVersion version, JsonNode capabilities) {
        if (!initializeReceived.compareAndSet(false, true)) {
            throw new IllegalStateException("this connection is already initialized");
        }
        clientCapabilities = capabilities.isObject() ? capabilities : CODEC.newObject();
        negotiated = version;
    }

    /** Only what this server has something for: an empty list is not worth a capability. */
    private ObjectNode capabilities(ProtocolVersion version) {
        return ModernServer.capabilities(registry, version);
    }

    private boolean hasResources() {
        return registry.offersResources();
    }

    private JsonNode subscribe(JsonNode params) {
        if (!hasResources()) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "this server offers no resources");
        }
        String uri = Requests.requiredString(params, "uri", McpMethod.RESOURCES_SUBSCRIBE);
        if (registry.readerFor(uri, McpMethod.RESOURCES_SUBSCRIBE).isEmpty()) {
            throw new RequestException(JsonRpcError.RESOURCE_NOT_FOUND, "Resource not found: " + uri);
        }
        choices.subscribe(uri);
        return CODEC.newObject();
    }

    /** Idempotent: unsubscribing from what was never subscribed is fine, as the end state is the same. */
    private JsonNode unsubscribe(JsonNode params) {
        if (!hasResources()) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "this server offers no resources");
        }
        String uri = Requests.requiredString(params, "uri", McpMethod.RESOURCES_UNSUBSCRIBE);
        choices.unsubscribe(uri);
        return CODEC.newObject();
    }

    /** Sends {@code notifications/resources/updated} if this client subscribed to {@code uri}; returns whether it did. */
    public boolean notifyResourceUpdated(String uri) {
        if (!choices.isSubscribed(uri) || isClosed()) {
            return false;
        }
        send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED,
                CODEC.valueToTree(ResourceUpdatedNotificationParams.of(uri))));
        return true;
    }

    /** Sends a {@code notifications/.../list_changed} once the session is initialized (before, the client lists anyway). */
    public void notifyListChanged(String method) {
        if (negotiated != null && !isClosed()) {
            send(JsonRpcNotification.of(method, null));
        }
    }

    private JsonNode setLevel(JsonNode params) {
        JsonNode level = params.path("level");
        LoggingLevel parsed = null;
        if (level.isString()) {
            try {
                parsed = CODEC.treeToValue(level, LoggingLevel.class);
            } catch (McpException e) {
                parsed = null;
            }
        }
        if (parsed == null) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "unknown logging level: " + level
                    + " (expected one of debug, info, notice, warning, error, critical, alert, emergency)");
        }
        choices.chooseLevel(parsed);
        return CODEC.newObject();
    }

    /** What the client chose for its session (subscriptions, log level), as the replicas of a shared session copy it. */
    public SessionChoices choices() {
        return choices;
    }

    /**
     * Takes up what the client chose on another replica of a shared session, as if it had sent
     * {@code resources/subscribe} and {@code logging/setLevel} here; see {@link SessionChoices#resume}.
     */
    public void resumeChoices(Collection<String> uris, Optional<LoggingLevel> level) {
        // hasResources() runs the server's first-use preparation, which a relaying server needs before it subscribes.
        if (!isClosed() && (uris.isEmpty() || hasResources())) {
            choices.resume(uris, level);
        }
    }

    /**
     * Sends a request to the client for a handler and blocks for the answer; see
     * {@link ClientRequests#request}.
     */
    JsonNode requestClient(String method, JsonNode params, String capability, Duration timeout,
                           BooleanSupplier cancelled) {
        RequestId serving = SERVING.get();
        java.util.function.Consumer<JsonRpcRequest> send = serving != null && transport instanceof RelatedSending related
                ? request -> {
                    try {
                        related.send(request, serving);
                    } catch (McpException e) {
                        LOG.debug("could not send to the client: {}", e.getMessage());
                    }
                } : this::send;
        return clientRequests.request(method, params, clientCapabilities, capability, timeout, cancelled, send,
                id -> send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_CANCELLED,
                        CODEC.valueToTree(Map.of("requestId", ((RequestId.StringId) id).value(),
                                "reason", "the server stopped waiting")))));
    }

    @Override
    public java.util.function.Consumer<JsonRpcMessage> relatedSender() {
        RequestId serving = SERVING.get();
        if (serving == null || !(transport instanceof RelatedSending related)) {
            return this::send;
        }
        return message -> {
            try {
                related.send(message, serving);
            } catch (McpException e) {
                LOG.debug("could not send to the client: {}", e.getMessage());
            }
        };
    }

    @Override
    public Optional<LoggingLevel> logFloor() {
        return Optional.of(choices.logLevel());
    }

    @Override
    public boolean clientSupports(String capability) {
        JsonNode caps = clientCapabilities;
        return caps != null && caps.has(capability);
    }

    /** Legacy: one server-to-client request after the other, each awaited. */
    @Override
    public List<JsonNode> ask(List<Ask> asks, Duration timeout, BooleanSupplier cancelled) {
        List<JsonNode> answers = new ArrayList<>();
        for (Ask ask : asks) {
            answers.add(requestClient(ask.method(), ask.params(), ask.capability(), timeout, cancelled));
        }
        return answers;
    }

    @Override
    public int resourceNotFoundCode() {
        return JsonRpcError.RESOURCE_NOT_FOUND;
    }

    @Override
    public RuntimeException malformedAnswer(String key, String method, RuntimeException cause) {
        return cause;
    }

    /** Whether this connection announced tasks: a tool may run as one, and the tasks/* requests are served. */
    @Override
    public boolean tasksEnabled() {
        ProtocolVersion version = negotiated;
        return version != null && registry.hasTaskTools() && version.isAtLeast(ProtocolVersion.V2025_11_25);
    }

    /** The connection's tasks. @throws RequestException ({@code -32601}) when it announced none */
    @Override
    public TaskStore tasks() {
        if (!tasksEnabled()) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: this server runs no tasks");
        }
        return tasks;
    }

    /** Sends a message; a broken connection is logged, never thrown at a handler. */
    @Override
    public void send(JsonRpcMessage message) {
        try {
            transport.send(message);
        } catch (McpException e) {
            LOG.debug("could not send to the client: {}", e.getMessage());
        }
    }

    @Override
    public void onClosed(McpTransportException cause) {
        if (cause != null) {
            LOG.debug("the connection ended: {}", cause.getMessage());
        }
        running.cancelAll();
        clientRequests.closeAll();
        live.remove(this);
        choices.unsubscribeAll();
        tasks.closeAll();
        closed.countDown();
    }

    @Override
    public boolean awaitClose(Duration limit) throws InterruptedException {
        return closed.await(limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    @Override
    public boolean isClosed() {
        return closed.getCount() == 0;
    }

    @Override
    public void close(Duration budget) {
        transport.close(budget);
    }
}
