package io.mcphost.server.modern;

import static io.mcphost.server.modern.ModernFixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.McpServer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** The tasks extension of 2026-07-28: a call that continues as a task, its questions, cancellation, gating. */
@Timeout(10)
class ModernTasksTest {
    private static final String WITH_TASKS = "{\"elicitation\":{},\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}";
    private final CountDownLatch release = new CountDownLatch(1);
    private final McpServer server = McpServer.builder()
            .tool(Tool.of("job", "waits, then answers", Json.parse("{\"type\":\"object\"}"))
                    .withExecution(ToolExecution.of(TaskSupport.OPTIONAL)), call -> {
                call.continueAsTask();
                while (!release.await(20, TimeUnit.MILLISECONDS)) {
                    if (call.isCancelled()) {
                        return CallToolResult.text("stopped");
                    }
                }
                return CallToolResult.text("done");
            })
            .tool(Tool.of("asking_job", "asks in the background", Json.parse("{\"type\":\"object\"}"))
                    .withExecution(ToolExecution.of(TaskSupport.OPTIONAL)), call -> {
                call.continueAsTask();
                ElicitResult answer = call.elicit("ok", ModernFixtures.elicitation("Proceed?"), ModernFixtures.ASK);
                return CallToolResult.text("answered " + answer.content().orElseThrow().path("name").asString());
            })
            .tool(Tool.of("task_only", "runs only as a task", Json.parse("{\"type\":\"object\"}"))
                    .withExecution(ToolExecution.of(TaskSupport.REQUIRED)), call -> {
                call.continueAsTask();
                return CallToolResult.text("ran");
            })
            .build();
    private final MemoryWire wire = new MemoryWire(server);

    @AfterEach
    void close() {
        release.countDown();
        wire.close();
    }

    private static JsonNode result(JsonRpcMessage m) {
        assertThat(m).isInstanceOf(JsonRpcResponse.class);
        return ((JsonRpcResponse) m).result();
    }

    private JsonNode get(String taskId) {
        return result(wire.send("tasks/get", params("\"taskId\":\"" + taskId + "\"", WITH_TASKS)));
    }

    private JsonNode awaitStatus(String taskId, String status) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        JsonNode task = get(taskId);
        while (!task.path("status").asString().equals(status)) {
            assertThat(System.nanoTime()).as("task %s never became %s: %s", taskId, status, task).isLessThan(deadline);
            Thread.yield();
            task = get(taskId);
        }
        return task;
    }

    @Test
    void aCallThatContinuesAsATaskIsPolledToItsResult() {
        JsonNode created = result(wire.send("tools/call", params("\"name\":\"job\"", WITH_TASKS)));
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        String id = created.path("taskId").asString();
        assertThat(created.path("status").asString()).isEqualTo("working");
        assertThat(created.path("ttlMs").isIntegralNumber() && created.path("pollIntervalMs").isIntegralNumber()).isTrue();
        assertThat(created.has("requestState") || created.has("result")).isFalse();
        assertThat(get(id).path("status").asString()).isEqualTo("working");

        release.countDown();
        JsonNode done = awaitStatus(id, "completed");
        assertThat(done.path("resultType").asString()).isEqualTo("complete");
        assertThat(done.path("result").path("content").get(0).path("text").asString()).isEqualTo("done");
    }

    @Test
    void aTasksQuestionsAreAnsweredWithTasksUpdate() {
        String id = result(wire.send("tools/call", params("\"name\":\"asking_job\"", WITH_TASKS))).path("taskId").asString();
        JsonNode waiting = awaitStatus(id, "input_required");
        assertThat(waiting.path("inputRequests").path("ok").path("method").asString()).isEqualTo("elicitation/create");

        JsonNode ack = result(wire.send("tasks/update", params("""
                "taskId":"%s","inputResponses":{"ok":{"action":"accept","content":{"name":"yes"}}}""".formatted(id), WITH_TASKS)));
        assertThat(ack.path("resultType").asString()).isEqualTo("complete");
        assertThat(ack.has("taskId")).isFalse();
        assertThat(awaitStatus(id, "completed").path("result").path("content").get(0).path("text").asString())
                .isEqualTo("answered yes");
    }

    @Test
    void cancellingSettlesTheTaskAsCancelledAndIsIdempotent() {
        String id = result(wire.send("tools/call", params("\"name\":\"job\"", WITH_TASKS))).path("taskId").asString();

        assertThat(result(wire.send("tasks/cancel", params("\"taskId\":\"" + id + "\"", WITH_TASKS))).path("resultType")
                .asString()).isEqualTo("complete");
        assertThat(get(id).path("status").asString()).isEqualTo("cancelled");
        assertThat(result(wire.send("tasks/cancel", params("\"taskId\":\"" + id + "\"", WITH_TASKS)))
                .path("resultType").asString()).isEqualTo("complete");
        JsonRpcMessage unknown = wire.send("tasks/get", params("\"taskId\":\"nope\"", WITH_TASKS));
        assertThat(((JsonRpcErrorResponse) unknown).error().code()).isEqualTo(-32602);
    }

    @Test
    void withoutTheExtensionCallsRunInlineAndTheTaskSurfaceIsRefused() {
        release.countDown(); // the call runs inline: let it finish
        JsonNode inline = result(wire.send("tools/call", params("\"name\":\"job\"", "{}")));
        assertThat(inline.path("resultType").asString()).isEqualTo("complete");
        assertThat(inline.path("content").get(0).path("text").asString()).isEqualTo("done");

        JsonRpcErrorResponse required = (JsonRpcErrorResponse) wire.send("tools/call", params("\"name\":\"task_only\"", "{}"));
        assertThat(required.error().code()).isEqualTo(-32021);
        assertThat(required.error().data().orElseThrow().path("requiredCapabilities").path("extensions")
                .has("io.modelcontextprotocol/tasks")).isTrue();
        JsonRpcErrorResponse get = (JsonRpcErrorResponse) wire.send("tasks/get", params("\"taskId\":\"x\"", "{}"));
        assertThat(get.error().code()).isEqualTo(-32021);
        JsonNode discover = result(wire.send("server/discover", params("", "{}")));
        assertThat(discover.path("capabilities").path("extensions").has("io.modelcontextprotocol/tasks")).isTrue();
        assertThat(discover.path("capabilities").has("tasks")).isFalse();
    }
}
