package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The wire of the client's 2026-07-28 tasks extension against a scripted server: the extension
 * declared in every request's client capabilities, {@code Mcp-Name} = taskId on {@code tasks/get},
 * {@code pollIntervalMs} respected, a {@code failed} task's inlined error reaching the caller, and a
 * task created for a call the caller gave up on being cancelled, not left running.
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

    /**
     * The caller cancels while the server's CreateTaskResult is on its way: the tools/call is called off
     * (notifications/cancelled), and the answer that arrives after it, naming the task the server made
     * meanwhile, is not dropped: that task is cancelled (tasks/cancel). The server holds its answer
     * until the test has seen the cancel leave, so the cancel comes first every time.
     */
    @Test
    void aTaskCreatedForACallGivenUpOnIsCancelled() throws InterruptedException {
        CountDownLatch taskCancelled = new CountDownLatch(1);
        ModernClientTest.FakeServer server = new ModernClientTest.FakeServer(false, (method, params) -> switch (method) {
            case "server/discover" -> DISCOVER;
            case "tools/list" -> "\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"slow\",\"inputSchema\":{\"type\":\"object\"}}]}";
            case "tools/call" -> null; // held: answered by the test, after the cancel
            case "tasks/cancel" -> {
                if (params.path("taskId").asString().equals("t-1")) {
                    taskCancelled.countDown();
                }
                yield "\"result\":{\"resultType\":\"complete\"}";
            }
            case "tasks/get" -> "\"result\":{\"resultType\":\"complete\",\"status\":\"cancelled\"," + TASK + "}";
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        });
        try (McpClient client = McpClient.builder(server).connect()) {
            CompletableFuture<?> call = client.callToolAsync("slow", CODEC.newObject());
            JsonNode sent = awaitSent(server, m -> m.path("method").asString().equals("tools/call"));

            call.cancel(true);
            awaitSent(server, m -> m.path("method").asString().equals("notifications/cancelled")
                    && m.path("params").path("requestId").equals(sent.get("id")));
            server.inbound.onMessage(CODEC.decodeOne("{\"jsonrpc\":\"2.0\",\"id\":" + sent.get("id")
                    + ",\"result\":{\"resultType\":\"task\",\"status\":\"working\"," + TASK + "}}"));

            assertThat(taskCancelled.await(5, TimeUnit.SECONDS)).as("tasks/cancel of the task the late answer named").isTrue();
            assertThat(call).isCancelled();
            assertThat(client.tasks().getTask("t-1").status()).isEqualTo(io.mcphost.protocol.tasks.TaskStatus.CANCELLED);
        }
    }

    /** A late answer that made no task (the server finished at once) is dropped quietly: nothing to cancel. */
    @Test
    void aPlainAnswerToACallGivenUpOnCancelsNothing() throws InterruptedException {
        ModernClientTest.FakeServer server = new ModernClientTest.FakeServer(false, (method, params) -> switch (method) {
            case "server/discover" -> DISCOVER;
            case "tools/list" -> "\"result\":{\"resultType\":\"complete\",\"tools\":[{\"name\":\"quick\",\"inputSchema\":{\"type\":\"object\"}}]}";
            case "tools/call" -> params.path("name").asString().equals("quick") && params.path("arguments").has("hold") ? null
                    : "\"result\":{\"resultType\":\"complete\",\"content\":[]}";
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        });
        try (McpClient client = McpClient.builder(server).connect()) {
            CompletableFuture<?> call = client.callToolAsync("quick", CODEC.newObject().put("hold", true));
            JsonNode sent = awaitSent(server, m -> m.path("method").asString().equals("tools/call"));
            call.cancel(true);
            awaitSent(server, m -> m.path("method").asString().equals("notifications/cancelled"));
            server.inbound.onMessage(CODEC.decodeOne("{\"jsonrpc\":\"2.0\",\"id\":" + sent.get("id")
                    + ",\"result\":{\"resultType\":\"complete\",\"content\":[]}}"));

            // The late answer was handed on synchronously above; what looks at it sends nothing for a plain result.
            assertThat(client.callTool("quick", CODEC.newObject()).content()).isEmpty();
            assertThat(server.sent).noneMatch(m -> m.path("method").asString().startsWith("tasks/"));
        }
    }

    /** The first message the client sent that matches, waiting for it (the test's timeout bounds the wait). */
    private static JsonNode awaitSent(ModernClientTest.FakeServer server, Predicate<JsonNode> which) throws InterruptedException {
        while (true) {
            for (JsonNode message : server.sent) {
                if (which.test(message)) {
                    return message;
                }
            }
            Thread.sleep(1);
        }
    }
}
