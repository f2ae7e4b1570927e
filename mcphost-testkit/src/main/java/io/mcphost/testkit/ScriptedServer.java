package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server that answers from a script, for protocol situations a well-behaved server never
 * produces: an unknown revision, lying pagination, an error where a result belongs, no answer at
 * all. It runs over any real transport (typically the server end of
 * {@link io.mcphost.transport.memory.MemoryTransport#pair()}) and records every message it receives.
 *
 * <p>It answers {@code initialize} itself, with the configured protocol version and capabilities
 * (default {@code 2025-11-25}, tools and logging). Every other request goes to the script: a present
 * result is sent as the response, an empty one means "never answer", and a {@link RuntimeException}
 * from the script is sent as an {@code invalid params} error carrying its message. Notifications and
 * responses are only recorded.
 *
 * <p>Thread-safe. Each request is answered on its own virtual thread, so a slow script never blocks
 * the transport's reader and requests may be answered out of order. Configure it before
 * {@link #start()}.
 */
public final class ScriptedServer implements InboundHandler {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final Transport transport;
    private final Function<JsonRpcRequest, Optional<JsonNode>> script;
    private final List<JsonRpcMessage> received = new CopyOnWriteArrayList<>();
    private volatile String protocolVersion = "2025-11-25";
    private volatile JsonNode capabilities = json("{\"tools\":{},\"logging\":{}}");

    /**
     * A server on {@code transport} (not started yet) answering with {@code script}.
     *
     * @param script maps a request to its result; empty means never answer; throwing answers with an error
     */
    public ScriptedServer(Transport transport, Function<JsonRpcRequest, Optional<JsonNode>> script) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.script = Objects.requireNonNull(script, "script");
    }

    /** Answers {@code initialize} with {@code version}, which need not be a revision McpHost knows. */
    public ScriptedServer protocolVersion(String version) {
        this.protocolVersion = Objects.requireNonNull(version, "version");
        return this;
    }

    /** Answers {@code initialize} with these capabilities, given as a JSON object. */
    public ScriptedServer capabilities(String json) {
        this.capabilities = json(json);
        return this;
    }

    /** Starts the transport with this server as its inbound handler; returns once messages can flow. */
    public ScriptedServer start() {
        transport.start(this);
        return this;
    }

    /** Every message received so far, oldest first; a snapshot. */
    public List<JsonRpcMessage> received() {
        return List.copyOf(received);
    }

    /**
     * What was received so far, one entry per message: the method of a request or notification,
     * {@code "response"} or {@code "error"} for an answer to a request of ours.
     */
    public List<String> receivedMethods() {
        return received.stream().map(m -> switch (m) {
            case JsonRpcRequest r -> r.method();
            case JsonRpcNotification n -> n.method();
            case JsonRpcResponse r -> "response";
            case JsonRpcErrorResponse e -> "error";
        }).toList();
    }

    /** Sends {@code message} unprompted, such as a request or notification to the client; blocks until written. */
    public void send(JsonRpcMessage message) {
        transport.send(message);
    }

    /** Closes the transport with its default budget. */
    public void close() {
        transport.close();
    }

    /** Records {@code message} and answers it if it is a request; never blocks. */
    @Override
    public void onMessage(JsonRpcMessage message) {
        received.add(message);
        if (message instanceof JsonRpcRequest request) {
            Thread.ofVirtual().name("scripted-server-answer").start(() -> answer(request));
        }
    }

    private void answer(JsonRpcRequest request) {
        if (request.method().equals("initialize")) {
            ObjectNode result = JSON.createObjectNode();
            result.put("protocolVersion", protocolVersion);
            result.set("capabilities", capabilities);
            result.putObject("serverInfo").put("name", "scripted").put("version", "1.0");
            transport.send(new JsonRpcResponse(request.id(), result));
            return;
        }
        Optional<JsonNode> result;
        try {
            result = script.apply(request);
        } catch (RuntimeException e) {
            transport.send(JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(JsonRpcError.INVALID_PARAMS, e.getMessage())));
            return;
        }
        result.ifPresent(r -> transport.send(new JsonRpcResponse(request.id(), r)));
    }

    /** Does nothing: a scripted server has no one to tell. */
    @Override
    public void onClosed(McpTransportException cause) {
    }

    /** Parses {@code text} as JSON; a convenience for scripts. */
    public static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
