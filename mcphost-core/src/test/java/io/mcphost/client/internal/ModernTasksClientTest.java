package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The wire of the client's 2026-07-28 tasks extension against a scripted server: the extension
 * declared in every request's client capabilities, {@code Mcp-Name} = taskId on {@code tasks/get},
 * {@code pollIntervalMs} respected, a {@code failed} task's inlined error reaching the caller.
 */
@Timeout(10)
class ModernTasksClientTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String DISCOVER = "\"result\":{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],"
            + "\"capabilities\":{\"tools\":{},\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}},"
            + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"fake\",\"version\":\"2\"}}}";
    private static final String TASK = "\"taskId\":\"t-1\",\"createdAt\":\"2026-01-01T00:00:00Z\","
            + "\"lastUpdatedAt\":\"2026-01-01T00:00:00Z\",\"ttlMs\":60000,\"pollIntervalMs\":15";

    @Test
    void aFailedTasksInlinedErrorReachesTheCallerAfterPollingWithItsName() {
        AtomicInteger polls = new AtomicInteger();
        ModernClientTest.FakeServer server = new ModernClientTest.FakeServer(true, (method, params) -> switch (method) {
            case "server/discover" -> DISCOVER;
            case "tools/list" -> "\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"slow\",\"inputSchema\":{\"type\":\"object\"}}]}";
            case "tools/call" -> "\"result\":{\"resultType\":\"task\",\"status\":\"working\"," + TASK + "}";
            case "tasks/get" -> polls.incrementAndGet() < 3
                    ? "\"result\":{\"resultType\":\"complete\",\"status\":\"working\"," + TASK + "}"
                    : "\"result\":{\"resultType\":\"complete\",\"status\":\"failed\",\"statusMessage\":\"boom\"," + TASK
                    + ",\"error\":{\"code\":-32603,\"message\":\"the database is down\"}}";
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        });
        try (McpClient client = McpClient.builder(server).connect()) {
            assertThatThrownBy(() -> client.callTool("slow", CODEC.newObject()))
                    .isInstanceOf(McpError.class).hasMessageContaining("the database is down");
        }
        assertThat(polls).hasValue(4); // two working, the failed one, and once more after the error to say how it ended
        for (JsonNode message : server.sent) {
            assertThat(message.path("params").path("_meta").path("io.modelcontextprotocol/clientCapabilities")
                    .path("extensions").has("io.modelcontextprotocol/tasks")).as("%s", message).isTrue();
        }
        int get = server.sent.stream().map(m -> m.path("method").asString()).toList().indexOf("tasks/get");
        Map<String, String> headers = server.headers.get(get);
        assertThat(headers).containsEntry("Mcp-Method", "tasks/get").containsEntry("Mcp-Name", "t-1");
        assertThat(server.sent.get(get).path("params").path("taskId").asString()).isEqualTo("t-1");
    }
}
