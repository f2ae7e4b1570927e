package io.mcphost.client.internal;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code initialize} exchange of the handshake-based revisions (2024-11-05 … 2025-11-25): offer
 * the newest revision, accept any older one we speak, refuse the rest, then confirm with
 * {@code notifications/initialized}.
 */
final class Handshake {
    /** Revisions a server may answer with; the spec lets it pick an older one it supports. */
    static final Set<ProtocolVersion> ACCEPTED = EnumSet.of(ProtocolVersion.V2024_11_05, ProtocolVersion.V2025_03_26,
            ProtocolVersion.V2025_06_18, ProtocolVersion.V2025_11_25);

    private static final JsonCodec CODEC = JsonCodec.get();

    private Handshake() {
    }

    /**
     * Runs the exchange and returns its session; the caller installs it. Blocks for at most the
     * initialize timeout (plus a second's grace), on the caller's thread.
     *
     * @throws io.mcphost.protocol.McpException if the server does not answer in time, refuses, or answers with a revision we do not speak
     */
    static Session run(Exchange exchange, ClientConfig config) {
        ObjectNode params = CODEC.newObject();
        params.put("protocolVersion", ProtocolVersion.LATEST_HANDSHAKE.id());
        params.set("capabilities", clientCapabilities(config));
        params.set("clientInfo", CODEC.valueToTree(config.clientInfo()));
        JsonNode result = Blocking.await(exchange.name(), exchange.sendHandshake(McpMethod.INITIALIZE, params),
                config.initializeTimeout().plusSeconds(1), "the initialize handshake");
        return complete(exchange, config, result);
    }

    /**
     * The end of a handshake whose answer is {@code result}: checks it, tells the transport the
     * revision and confirms with {@code notifications/initialized}.
     */
    static Session complete(Exchange exchange, ClientConfig config, JsonNode result) {
        Session session = toSession(exchange.name(), result);
        // The revision first: over HTTP, notifications/initialized is the first message that must carry
        // MCP-Protocol-Version, and the transport only adds it once it knows the agreed revision.
        config.transport().capability(io.mcphost.transport.HttpSessions.class).ifPresent(s -> s.handshakeCompleted(session.version()));
        config.transport().send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_INITIALIZED, null));
        return session;
    }

    /**
     * Roots, sampling and elicitation are announced only when the application enabled them (secure by
     * default: a server cannot ask the user or the model anything the application did not opt into).
     */
    static ObjectNode clientCapabilities(ClientConfig config) {
        ObjectNode capabilities = CODEC.newObject();
        if (config.roots().isPresent()) {
            capabilities.putObject("roots").put("listChanged", true);
        }
        if (config.sampling().isPresent()) {
            // tools: the handler receives tools and toolChoice as sent and may answer with tool uses.
            capabilities.putObject("sampling").putObject("tools");
        }
        if (config.elicitation().isPresent()) {
            ObjectNode elicitation = capabilities.putObject("elicitation");
            elicitation.putObject("form");
            elicitation.putObject("url");
        }
        return capabilities;
    }

    static Session toSession(String server, JsonNode result) {
        JsonNode versionNode = result.path("protocolVersion");
        if (!versionNode.isString()) {
            throw new McpProtocolException(server, "initialize: the answer has no protocolVersion");
        }
        String offered = versionNode.stringValue();
        ProtocolVersion version = ProtocolVersion.fromId(offered).filter(ACCEPTED::contains)
                .orElseThrow(() -> new McpProtocolException(server, "the server wants protocol revision '" + offered
                        + "', which McpHost does not speak (it speaks " + ACCEPTED.stream().map(ProtocolVersion::id)
                        .sorted().collect(Collectors.joining(", ")) + ")"));
        JsonNode capabilities = result.path("capabilities");
        if (!capabilities.isObject()) {
            throw new McpProtocolException(server, "initialize: the answer has no capabilities object");
        }
        if (!result.path("serverInfo").isObject()) {
            throw new McpProtocolException(server, "initialize: the answer has no serverInfo object");
        }
        Implementation serverInfo;
        ServerCapabilities typed;
        try {
            serverInfo = CODEC.treeToValue(result.get("serverInfo"), Implementation.class);
            typed = CODEC.treeToValue(capabilities, ServerCapabilities.class);
        } catch (McpProtocolException e) {
            throw new McpProtocolException(server, "initialize: " + e.getMessage(), e);
        }
        Optional<String> instructions = Optional.ofNullable(result.get("instructions"))
                .filter(JsonNode::isString).map(JsonNode::stringValue);
        return new Session(version, serverInfo, typed, capabilities, instructions);
    }
}
