package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.McpUnsupportedVersionException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.roots.Root;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The modern era end to end against an in-test server: the probe, per-request {@code _meta} and
 * headers (every message validated against the 2026-07-28 schema), an input_required round answered
 * by the registered handler, the version retry, removed methods failing fast, and the error mapping.
 */
class ModernClientTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** A transport that answers each request with {@code server}'s JSON reply (null: no answer). */
    static final class FakeServer implements Transport {
        final List<JsonNode> sent = new CopyOnWriteArrayList<>();
        final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
        final BiFunction<String, JsonNode, String> server;
        final boolean http;
        volatile InboundHandler inbound;

        FakeServer(boolean http, BiFunction<String, JsonNode, String> server) {
            this.http = http;
            this.server = server;
        }

        @Override
        public void start(InboundHandler handler) {
            inbound = handler;
        }

        @Override
        public void send(JsonRpcMessage message) {
            send(message, Map.of());
        }

        void send(JsonRpcMessage message, Map<String, String> mirrored) {
            JsonNode tree = CODEC.toTree(message);
            sent.add(tree);
            headers.add(mirrored);
            if (message instanceof JsonRpcRequest request) {
                String reply = server.apply(request.method(), tree.path("params"));
                if (reply != null) {
                    String id = tree.get("id").toString();
                    Thread.ofVirtual().start(() -> inbound.onMessage(CODEC.decodeOne(
                            "{\"jsonrpc\":\"2.0\",\"id\":" + id + "," + reply + "}")));
                }
            }
        }

        @Override
        public <C> java.util.Optional<C> capability(Class<C> type) {
            return http && type == io.mcphost.transport.HeaderMirroring.class
                    ? java.util.Optional.of(type.cast((io.mcphost.transport.HeaderMirroring) this::send)) : java.util.Optional.empty();
        }

        @Override
        public void close(Duration budget) {
            inbound.onClosed(null);
        }

        @Override
        public void close() {
            close(Duration.ZERO);
        }

        @Override
        public String describe() {
            return "fake";
        }
    }

    static final String DISCOVER = "\"result\":{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],"
            + "\"capabilities\":{\"tools\":{},\"resources\":{}},\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
            + "{\"name\":\"fake\",\"version\":\"2\"}},\"ttlMs\":0,\"cacheScope\":\"public\"}";

    private static String modernServer(String method, JsonNode params) {
        return switch (method) {
            case "server/discover" -> DISCOVER;
            case "tools/list" -> "\"result\":{\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"public\",\"tools\":["
                    + "{\"name\":\"geo\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\","
                    + "\"x-mcp-header\":\"Region\"},\"n\":{\"type\":\"integer\",\"x-mcp-header\":\"N\"}}}},"
                    + "{\"name\":\"bad\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\","
                    + "\"x-mcp-header\":\"X\"}}}}]}";
            case "tools/call" -> params.has("inputResponses")
                    ? "\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"got "
                    + params.path("inputResponses").path("q").path("content").path("name").asString() + " "
                    + params.path("requestState").asString() + "\"}]}"
                    : params.path("name").asString().equals("ask")
                    ? "\"result\":{\"resultType\":\"input_required\",\"requestState\":\"s1\",\"inputRequests\":{\"q\":"
                    + "{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\",\"message\":\"name?\","
                    + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}},"
                    + "\"r\":{\"method\":\"roots/list\",\"params\":{}}}}"
                    : "\"result\":{\"resultType\":\"complete\",\"content\":[]}";
            case "resources/read" -> "\"error\":{\"code\":-32602,\"message\":\"Resource not found\",\"data\":{\"uri\":\""
                    + params.path("uri").asString() + "\"}}";
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        };
    }

    private static McpClient connect(FakeServer server) {
        return McpClient.builder(server)
                .elicitation(ElicitationHandler.blocking(r -> ElicitResult.accept(CODEC.newObject().put("name", "ada"))))
                .roots(List.of(new Root("file:///w", java.util.Optional.empty(), java.util.Optional.empty())))
                .connect();
    }

    @Test
    void everyModernMessageCarriesItsMetaAndHeadersAndValidatesAgainstTheSchema() {
        FakeServer server = new FakeServer(true, ModernClientTest::modernServer);
        try (McpClient client = connect(server)) {
            assertThat(client.era()).isEqualTo(Era.MODERN);
            assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2026_07_28);
            assertThat(client.serverInfo().name()).isEqualTo("fake");
            // The tool with an invalid annotation is left out (HTTP).
            assertThat(client.listTools()).extracting(t -> t.name()).containsExactly("geo");
            client.setLoggingLevel(LoggingLevel.INFO); // no request: the level rides on the next ones
            client.callTool("geo", CODEC.mapper().readTree("{\"region\":\"Zürich\",\"n\":7}"));
            assertThat(client.callTool("ask", CODEC.newObject()).text()).isEqualTo("got ada s1");

            assertThatThrownBy(client::ping).isInstanceOf(McpCapabilityException.class).hasMessageContaining("ping");
            assertThatThrownBy(() -> client.readResource("file:///nope")).isInstanceOf(McpNotFoundException.class);
        }
        assertThat(server.sent).extracting(m -> m.path("method").asString())
                .containsExactly("server/discover", "tools/list", "tools/call", "tools/call", "tools/call", "resources/read");
        for (JsonNode message : server.sent) {
            SpecSchemas.assertValidMessage(message, ProtocolVersion.V2026_07_28);
            JsonNode meta = message.path("params").path("_meta");
            assertThat(meta.path("io.modelcontextprotocol/protocolVersion").asString()).isEqualTo("2026-07-28");
            assertThat(meta.path("io.modelcontextprotocol/clientInfo").path("name").asString()).isEqualTo("mcphost");
            assertThat(meta.path("io.modelcontextprotocol/clientCapabilities").has("elicitation")).isTrue();
        }
        Map<String, String> call = server.headers.get(2);
        assertThat(call).containsEntry("MCP-Protocol-Version", "2026-07-28").containsEntry("Mcp-Method", "tools/call")
                .containsEntry("Mcp-Name", "geo").containsEntry("Mcp-Param-N", "7")
                .containsEntry("Mcp-Param-Region", "=?base64?WsO8cmljaA==?=");
        assertThat(server.sent.get(2).path("params").path("_meta").path("io.modelcontextprotocol/logLevel").asString())
                .isEqualTo("info");
        // The retry of the round: new id, answers of both handlers, the state echoed.
        JsonNode retry = server.sent.get(4);
        assertThat(retry.get("id")).isNotEqualTo(server.sent.get(3).get("id"));
        assertThat(retry.path("params").path("requestState").asString()).isEqualTo("s1");
        assertThat(retry.path("params").path("inputResponses").path("r").path("roots").get(0).path("uri").asString())
                .isEqualTo("file:///w");
    }

    @Test
    void aLegacyServerRefusingTheProbeGetsTheHandshakeAndNoModernMeta() {
        FakeServer server = new FakeServer(false, (method, params) -> switch (method) {
            case "initialize" -> "\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                    + "\"serverInfo\":{\"name\":\"old\",\"version\":\"1\"}}";
            case "tools/list" -> "\"result\":{\"tools\":[]}";
            default -> "\"error\":{\"code\":-32602,\"message\":\"Invalid request parameters\"}";
        });
        try (McpClient client = connect(server)) {
            assertThat(client.era()).isEqualTo(Era.LEGACY);
            assertThat(client.listTools()).isEmpty();
        }
        assertThat(server.sent).extracting(m -> m.path("method").asString())
                .containsExactly("server/discover", "initialize", "notifications/initialized", "tools/list");
        assertThat(server.sent.get(3).path("params").has("_meta")).isFalse();
    }

    @Test
    void anUnsupportedVersionNamingOneWeSpeakIsRetriedOnceAndOneNamingNoneFails() {
        int[] discovers = {0};
        FakeServer server = new FakeServer(false, (method, params) -> {
            if (method.equals("server/discover") && discovers[0]++ == 0) {
                return "\"error\":{\"code\":-32022,\"message\":\"Unsupported protocol version\",\"data\":{\"supported\":"
                        + "[\"2026-07-28\"],\"requested\":\"x\"}}";
            }
            if (method.equals("tools/call")) {
                return "\"error\":{\"code\":-32022,\"message\":\"Unsupported protocol version\",\"data\":{\"supported\":"
                        + "[\"2099-01-01\"],\"requested\":\"2026-07-28\"}}";
            }
            return modernServer(method, params);
        });
        try (McpClient client = connect(server)) {
            assertThat(client.era()).isEqualTo(Era.MODERN);
            assertThatThrownBy(() -> client.callTool("geo", CODEC.newObject()))
                    .isInstanceOfSatisfying(McpUnsupportedVersionException.class,
                            e -> assertThat(e.supported()).containsExactly("2099-01-01"));
        }
        assertThat(discovers[0]).isEqualTo(2);
    }

    @Test
    void aFreshCacheableResultIsServedAgainUntilItsListChanges() throws Exception {
        FakeServer server = new FakeServer(false, (method, params) -> method.equals("tools/list")
                ? "\"result\":{\"resultType\":\"complete\",\"ttlMs\":60000,\"cacheScope\":\"private\",\"tools\":[]}"
                : modernServer(method, params));
        try (McpClient client = connect(server)) {
            client.listTools();
            client.listTools();
            assertThat(server.sent).extracting(m -> m.path("method").asString()).containsExactly("server/discover", "tools/list");
            server.inbound.onMessage(CODEC.decodeOne("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}"));
            client.listTools();
            assertThat(server.sent).extracting(m -> m.path("method").asString())
                    .containsExactly("server/discover", "tools/list", "tools/list");
        }
    }

    @Test
    void aHeaderMismatchListsTheToolsAgainAndRetriesOnce() {
        int[] calls = {0};
        FakeServer server = new FakeServer(true, (method, params) -> method.equals("tools/call") && calls[0]++ == 0
                ? "\"error\":{\"code\":-32020,\"message\":\"Header mismatch: Mcp-Param-Region missing\"}"
                : modernServer(method, params));
        try (McpClient client = connect(server)) {
            client.callTool("geo", CODEC.mapper().readTree("{\"region\":\"eu\"}"));
        }
        assertThat(server.sent).extracting(m -> m.path("method").asString())
                .containsExactly("server/discover", "tools/call", "tools/list", "tools/call");
        assertThat(server.headers.get(3)).containsEntry("Mcp-Param-Region", "eu");
    }

    @Test
    void aResourceSubscriptionOpensASchemaValidListenStreamInsteadOfResourcesSubscribe() {
        FakeServer server = new FakeServer(false, (method, params) -> switch (method) {
            case "server/discover" -> DISCOVER.replace("\"resources\":{}", "\"resources\":{\"subscribe\":true}");
            case "subscriptions/listen" -> null; // a stream: no answer while it is open
            default -> modernServer(method, params);
        });
        try (McpClient client = connect(server)) {
            client.subscribeResourceAsync("file:///x", update -> { });
            JsonNode listen = server.sent.stream().filter(m -> m.path("method").asString().equals("subscriptions/listen"))
                    .findFirst().orElseThrow();
            SpecSchemas.assertValidMessage(listen, ProtocolVersion.V2026_07_28);
            assertThat(listen.path("params").path("notifications").path("resourceSubscriptions").get(0).asString())
                    .isEqualTo("file:///x");
        }
        assertThat(server.sent).extracting(m -> m.path("method").asString()).doesNotContain("resources/subscribe");
    }

    @Test
    void aClientPinnedToModernRefusesALegacyServerWithAnActionableMessage() {
        FakeServer server = new FakeServer(false, (method, params) -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}");
        McpClient client = McpClient.builder(server).era(Era.MODERN).build();
        assertThatThrownBy(client::connect).isInstanceOf(io.mcphost.protocol.McpProtocolException.class)
                .hasMessageContaining("2026-07-28").hasMessageContaining("Era.AUTO");
        assertThat(server.sent).extracting(m -> m.path("method").asString()).containsExactly("server/discover");
    }

    @Test
    void aRequestWhoseStreamBrokeIsReissuedOnceWithANewId() {
        int[] calls = {0};
        FakeServer[] holder = new FakeServer[1];
        FakeServer server = new FakeServer(true, (method, params) -> {
            if (method.equals("tools/call") && calls[0]++ == 0) {
                long id = holder[0].sent.getLast().get("id").asLong();
                Thread.ofVirtual().start(() -> holder[0].inbound.onRequestFailed(io.mcphost.protocol.RequestId.of(id),
                        new io.mcphost.protocol.McpStreamBrokenException("fake", "the stream broke")));
                return null;
            }
            return modernServer(method, params);
        });
        holder[0] = server;
        try (McpClient client = connect(server)) {
            client.callTool("geo", CODEC.newObject());
        }
        List<JsonNode> toolCalls = server.sent.stream().filter(m -> m.path("method").asString().equals("tools/call")).toList();
        assertThat(toolCalls).hasSize(2);
        assertThat(toolCalls.get(1).get("id")).isNotEqualTo(toolCalls.get(0).get("id"));
    }
}
