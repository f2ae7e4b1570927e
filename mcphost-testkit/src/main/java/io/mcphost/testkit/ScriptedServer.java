package io.mcphost.client;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server that answers from a script, for protocol situations a well-behaved server never
 * produces (an unknown revision, lying pagination, no answer at all). It runs over a real
 * transport; answers are computed on virtual threads so a slow script never blocks the reader.
 */
final class ScriptedServer implements InboundHandler {
    static final JsonCodec CODEC = JsonCodec.get();

    private final Transport transport;
    private final Function<JsonRpcRequest, Optional<JsonNode>> script;
    private final List<JsonRpcMessage> received = new CopyOnWriteArrayList<>();
    private volatile String protocolVersion = "2025-11-25";
    private volatile JsonNode capabilities = CODEC.mapper().readTree("{\"tools\":{},\"logging\":{}}");

    /** The script maps a request to its result; empty means "never answer". Throwing answers with an error. */
    ScriptedServer(Transport transport, Function<JsonRpcRequest, Optional<JsonNode>> script) {
        this.transport = transport;
        this.script = script;
    }

    ScriptedServer protocolVersion(String version) {
        this.protocolVersion = version;
        return this;
    }

    ScriptedServer capabilities(String json) {
        this.capabilities = CODEC.mapper().readTree(json);
        return this;
    }

    ScriptedServer start() {
        transport.start(this);
        return this;
    }

    List<JsonRpcMessage> received() {
        return List.copyOf(received);
    }

    List<String> receivedMethods() {
        return received.stream().map(m -> switch (m) {
            case JsonRpcRequest r -> r.method();
            case JsonRpcNotification n -> n.method();
            case JsonRpcResponse r -> "response";
            case JsonRpcErrorResponse e -> "error";
        }).toList();
    }

    void send(JsonRpcMessage message) {
        transport.send(message);
    }

    void close() {
        transport.close();
    }

    @Override
    public void onMessage(JsonRpcMessage message) {
        received.add(message);
        if (message instanceof JsonRpcRequest request) {
            Thread.ofVirtual().start(() -> answer(request));
        }
    }

    private void answer(JsonRpcRequest request) {
        if (request.method().equals("initialize")) {
            ObjectNode result = CODEC.newObject();
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

    @Override
    public void onClosed(McpTransportException cause) {
    }

    static JsonNode json(String text) {
        return CODEC.mapper().readTree(text);
    }
}
