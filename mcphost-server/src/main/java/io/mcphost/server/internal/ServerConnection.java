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
import io.mcphost.server.ServerSession;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One client connection: the server side of the lifecycle, and dispatch of each request to the
 * registry on its own virtual thread. Thread-safe.
 */
public final class ServerConnection implements InboundHandler, ServerSession {
    private static final Logger LOG = LoggerFactory.getLogger(ServerConnection.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Registry registry;
    private final Transport transport;
    private final Requests requests;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicBoolean initialized = new AtomicBoolean();
    /** Calls in flight, so notifications/cancelled can reach them. */
    private final Map<RequestId, AtomicBoolean> running = new ConcurrentHashMap<>();
    private volatile LoggingLevel logLevel = LoggingLevel.INFO;
    private volatile ProtocolVersion version = ProtocolVersion.LATEST_HANDSHAKE;

    private ServerConnection(Registry registry, Transport transport) {
        this.registry = registry;
        this.transport = transport;
        this.requests = new Requests(registry, this);
    }

    public static ServerConnection open(Registry registry, Transport transport) {
        ServerConnection connection = new ServerConnection(registry, transport);
        transport.start(connection);
        return connection;
    }

    @Override
    public void onMessage(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcRequest r -> Thread.ofVirtual().name("mcphost-server-" + r.method()).start(() -> handle(r));
            case JsonRpcNotification n -> onNotification(n);
            case JsonRpcResponse r -> LOG.debug("ignored a response to {}: this server sends no requests", r.id());
            case JsonRpcErrorResponse e -> LOG.debug("ignored an error response: {}", e.error().message());
        }
    }

    private void onNotification(JsonRpcNotification n) {
        switch (n.method()) {
            case McpMethod.NOTIFICATIONS_INITIALIZED -> initialized.set(true);
            case McpMethod.NOTIFICATIONS_CANCELLED -> n.params().map(p -> p.get("requestId")).ifPresent(id -> {
                RequestId requestId = id.isIntegralNumber() ? RequestId.of(id.longValue()) : RequestId.of(id.asString(""));
                AtomicBoolean flag = running.get(requestId);
                if (flag != null) {
                    flag.set(true);
                }
            });
            default -> LOG.debug("ignored notification {}", n.method());
        }
    }

    private void handle(JsonRpcRequest request) {
        AtomicBoolean cancelled = new AtomicBoolean();
        running.put(request.id(), cancelled);
        JsonRpcMessage reply;
        try {
            reply = new JsonRpcResponse(request.id(), dispatch(request, cancelled));
        } catch (RequestException e) {
            reply = JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(e.code(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn("{} failed", request.method(), e);
            reply = JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                    request.method() + " failed: " + e.getMessage()));
        } finally {
            running.remove(request.id());
        }
        if (cancelled.get()) {
            return; // the spec: no response to a cancelled request
        }
        send(reply);
    }

    private JsonNode dispatch(JsonRpcRequest request, AtomicBoolean cancelled) {
        JsonNode params = request.params().orElse(CODEC.newObject());
        return switch (request.method()) {
            case McpMethod.INITIALIZE -> initialize(params);
            case McpMethod.PING -> CODEC.newObject();
            case McpMethod.TOOLS_LIST -> requests.listTools(params);
            case McpMethod.TOOLS_CALL -> requests.callTool(request, params, cancelled);
            case McpMethod.RESOURCES_LIST -> requests.listResources(params);
            case McpMethod.RESOURCES_TEMPLATES_LIST -> requests.listTemplates(params);
            case McpMethod.RESOURCES_READ -> requests.readResource(params);
            case McpMethod.PROMPTS_LIST -> requests.listPrompts(params);
            case McpMethod.PROMPTS_GET -> requests.getPrompt(params);
            case McpMethod.COMPLETION_COMPLETE -> requests.complete(params);
            case McpMethod.LOGGING_SET_LEVEL -> setLevel(params);
            default -> throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "method not found: " + request.method());
        };
    }

    private JsonNode initialize(JsonNode params) {
        String asked = params.path("protocolVersion").asString("");
        // Answer with the client's revision when we speak it, else with our newest (spec: lifecycle, version negotiation).
        version = ProtocolVersion.fromId(asked).filter(v -> !v.isAtLeast(ProtocolVersion.V2026_07_28))
                .orElse(ProtocolVersion.LATEST_HANDSHAKE);
        ObjectNode result = CODEC.newObject();
        result.put("protocolVersion", version.id());
        result.set("capabilities", capabilities());
        result.set("serverInfo", CODEC.valueToTree(registry.info()));
        registry.instructions().ifPresent(text -> result.put("instructions", text));
        return result;
    }

    private ObjectNode capabilities() {
        ObjectNode caps = CODEC.newObject();
        caps.putObject("logging");
        if (!registry.tools().isEmpty()) {
            caps.putObject("tools").put("listChanged", false);
        }
        if (!registry.resources().isEmpty() || !registry.templates().isEmpty()) {
            caps.putObject("resources").put("listChanged", false).put("subscribe", false);
        }
        if (!registry.prompts().isEmpty()) {
            caps.putObject("prompts").put("listChanged", false);
        }
        if (registry.completions().isPresent() && version.isAtLeast(ProtocolVersion.V2025_03_26)) {
            caps.putObject("completions");
        }
        return caps;
    }

    private JsonNode setLevel(JsonNode params) {
        try {
            logLevel = CODEC.treeToValue(params.path("level"), LoggingLevel.class);
        } catch (McpException e) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "unknown logging level: " + params.path("level"));
        }
        return CODEC.newObject();
    }

    LoggingLevel logLevel() {
        return logLevel;
    }

    /** Sends a message; a broken connection is logged, never thrown at a handler. */
    void send(JsonRpcMessage message) {
        try {
            transport.send(message);
        } catch (McpException e) {
            LOG.debug("could not send to the client: {}", e.getMessage());
        }
    }

    @Override
    public void onClosed(McpTransportException cause) {
        running.values().forEach(flag -> flag.set(true));
        closed.countDown();
    }

    @Override
    public boolean awaitClose(Duration limit) throws InterruptedException {
        return closed.await(limit.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void close(Duration budget) {
        transport.close(budget);
    }
}
