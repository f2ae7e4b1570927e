package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpStreamBrokenException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A modern server replaced mid-session by a legacy one: the era is probed again once, and the call
 * that met the legacy answer is sent again in the legacy session, instead of every call failing.
 */
@Timeout(10)
class EraRecheckTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** Modern until {@code legacy} is set; from then on a legacy server that refuses every modern request. */
    private static ModernClientTest.FakeServer switching(AtomicBoolean legacy) {
        return new ModernClientTest.FakeServer(false, (method, params) -> {
            boolean modernRequest = params.path("_meta").has("io.modelcontextprotocol/protocolVersion");
            if (legacy.get()) {
                if (modernRequest) {
                    return "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
                }
                return switch (method) {
                    case "initialize" -> "\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                            + "\"serverInfo\":{\"name\":\"old\",\"version\":\"1\"}}";
                    case "tools/call" -> "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"legacy\"}]}";
                    case "tools/list" -> "\"result\":{\"tools\":[]}";
                    default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
                };
            }
            return switch (method) {
                case "server/discover" -> ModernClientTest.DISCOVER;
                case "tools/call" -> "\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"modern\"}]}";
                case "tools/list" -> "\"result\":{\"resultType\":\"complete\",\"tools\":[]}";
                default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
            };
        });
    }

    private static long count(ModernClientTest.FakeServer server, String method) {
        return server.sent.stream().filter(m -> m.path("method").asString().equals(method)).count();
    }

    @Test
    void aModernServerThatTurnsLegacyIsProbedAgainOnceAndTheCallSucceeds() {
        AtomicBoolean legacy = new AtomicBoolean();
        ModernClientTest.FakeServer server = switching(legacy);
        try (McpClient client = McpClient.builder(server).connect()) {
            assertThat(client.era()).isEqualTo(Era.MODERN);
            assertThat(client.callTool("t", CODEC.newObject()).text()).isEqualTo("modern");

            legacy.set(true);
            assertThat(client.callTool("t", CODEC.newObject()).text()).isEqualTo("legacy");
            assertThat(client.era()).isEqualTo(Era.LEGACY);
            assertThat(client.callTool("t", CODEC.newObject()).text()).isEqualTo("legacy");
        }
        assertThat(count(server, "server/discover")).isEqualTo(2); // connecting, and once again mid-session
        assertThat(count(server, "initialize")).isEqualTo(1);
        JsonNode last = server.sent.getLast();
        assertThat(last.path("params").path("_meta").has("io.modelcontextprotocol/protocolVersion")).isFalse();
    }

    @Test
    void aPinnedModernEraIsNotProbedAgain() {
        AtomicBoolean legacy = new AtomicBoolean();
        ModernClientTest.FakeServer server = switching(legacy);
        try (McpClient client = McpClient.builder(server).era(Era.MODERN).connect()) {
            legacy.set(true);
            assertThatThrownBy(() -> client.callTool("t", CODEC.newObject())).isInstanceOf(McpError.class);
        }
        assertThat(count(server, "server/discover")).isEqualTo(1);
        assertThat(count(server, "initialize")).isZero();
    }

    @Test
    void onlyLegacyLookingAnswersCount() {
        McpError notFound = new McpError("s", "x", JsonRpcError.of(JsonRpcError.METHOD_NOT_FOUND, "Method not found"));
        assertThat(EraRecheck.looksLegacy("tools/list", notFound)).isTrue();
        assertThat(EraRecheck.looksLegacy("completion/complete", notFound)).isFalse(); // an optional method
        assertThat(EraRecheck.looksLegacy("tools/call",
                new McpError("s", "x", JsonRpcError.of(-32000, "Bad Request: Server not initialized")))).isTrue();
        assertThat(EraRecheck.looksLegacy("tools/call",
                new McpError("s", "x", JsonRpcError.of(-32602, "Unknown tool: t")))).isFalse();
        assertThat(EraRecheck.looksLegacy("tools/call", new McpError("s", "x", JsonRpcError.of(-32022, "version")))).isFalse();
        assertThat(EraRecheck.looksLegacy("tools/call", new McpTransportException("s", "HTTP 400 from http://h/mcp"))).isTrue();
        assertThat(EraRecheck.looksLegacy("tools/call", new McpTransportException("s", "HTTP 503 from http://h/mcp"))).isFalse();
        assertThat(EraRecheck.looksLegacy("tools/call", new McpStreamBrokenException("s", "HTTP 400 mid-stream"))).isFalse();
    }
}
