package io.mcphost.server;

import static io.mcphost.server.Fixtures.ANY_OBJECT;
import static io.mcphost.testkit.RawClient.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RawClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Tasks (2025-11-25) as the server writes them on the wire. */
class ServerTasksTest {
    private final CompletableFuture<Void> release = new CompletableFuture<>();
    private final AtomicBoolean sawCancel = new AtomicBoolean();
    private RawClient client;

    @AfterEach
    void close() {
        release.complete(null);
        if (client != null) {
            client.close();
        }
    }

    private static Tool tool(String name, TaskSupport support) {
        return Tool.of(name, "The " + name + " tool", ANY_OBJECT).withExecution(ToolExecution.of(support));
    }

    /** work: runs until released or cancelled; report: answers at once, only as a task; plain: never as a task. */
    private McpServer.Builder server() {
        return McpServer.builder().taskPollInterval(Duration.ofMillis(20))
                .tool(tool("work", TaskSupport.OPTIONAL), call -> {
                    while (!release.isDone()) {
                        if (call.isCancelled()) {
                            sawCancel.set(true);
                            return CallToolResult.text("stopped");
                        }
                        try {
                            release.get(5, TimeUnit.MILLISECONDS);
                        } catch (java.util.concurrent.TimeoutException e) {
                            // look at the cancellation flag again
                        }
                    }
                    return CallToolResult.text("worked");
                })
                .tool(tool("report", TaskSupport.REQUIRED), call -> CallToolResult.text("reported"))
                .tool(tool("broken", TaskSupport.OPTIONAL), call -> CallToolResult.error("the database is down"))
                .tool(Tool.of("plain", "Never a task", ANY_OBJECT), call -> CallToolResult.text("plain"))
                .tool(tool("refuse", TaskSupport.OPTIONAL), call -> {
                    throw new ErrorReply(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "no such record"));
                })
                .tool(tool("crash", TaskSupport.OPTIONAL), call -> {
                    throw new Error("crashed on purpose");
                })
                .tool(tool("ask", TaskSupport.OPTIONAL), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", Fixtures.schema(
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(5));
                    return CallToolResult.text("hello " + answer.content().orElseThrow().path("name").asString());
                });
    }

    private JsonNode startTask(String tool, String taskJson) {
        JsonNode created = client.result("tools/call", "{\"name\":\"" + tool + "\",\"task\":" + taskJson + "}");
        WireSchema.assertValid(created, "CreateTaskResult");
        return created.path("task");
    }

    private static String idParams(JsonNode task) {
        return "{\"taskId\":\"" + task.path("taskId").asString() + "\"}";
    }

    private List<String> statusesOf(JsonNode task) {
        List<String> statuses = new ArrayList<>();
        for (JsonNode params : client.notifications("notifications/tasks/status")) {
            WireSchema.assertValid(params, "TaskStatusNotificationParams");
            if (params.path("taskId").equals(task.path("taskId"))) {
                statuses.add(params.path("status").asString());
            }
        }
        return statuses;
    }

    @Test
    void tasksAreAnnouncedOnlyWhenAToolMayRunAsOne() {
        String init = "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}";
        try (RawClient withTasks = RawClient.connect(server().build());
             RawClient without = RawClient.connect(Fixtures.echoServer().build())) {
            JsonNode result = withTasks.result("initialize", init);

            WireSchema.assertValid(result, "InitializeResult");
            assertThat(result.path("capabilities").path("tasks")).isEqualTo(RawClient.json(
                    "{\"list\":{},\"cancel\":{},\"requests\":{\"tools\":{\"call\":{}}}}"));
            assertThat(without.result("initialize", init).path("capabilities").has("tasks")).isFalse();
        }
    }

    @Test
    void aTaskIsCreatedAtOnceAndTasksResultWaitsForTheTool() {
        client = RawClient.initialized(server().build());

        JsonNode task = startTask("work", "{\"ttl\":60000}");
        assertThat(task.path("status").asString()).isEqualTo("working");
        assertThat(task.path("ttl").asLong()).isEqualTo(60_000);
        assertThat(task.path("pollInterval").asLong()).isEqualTo(20);
        JsonNode got = client.result("tasks/get", idParams(task));
        WireSchema.assertValid(got, "GetTaskResult");
        assertThat(got.path("status").asString()).isEqualTo("working");
        CompletableFuture<JsonRpcMessage> result = client.sendAsync("tasks/result", idParams(task));
        assertThat(result).isNotDone();

        release.complete(null);

        JsonNode payload = resultOf(RawClient.await(result));
        WireSchema.assertValid(payload, "CallToolResult");
        assertThat(payload.path("content").get(0).path("text").asString()).isEqualTo("worked");
        assertThat(payload.path("_meta").path("io.modelcontextprotocol/related-task").path("taskId"))
                .isEqualTo(task.path("taskId"));
        assertThat(statusesOf(task)).containsExactly("completed");
    }

    @Test
    void aToolErrorFailsTheTaskWithTheErrorAsStatusMessage() {
        client = RawClient.initialized(server().build());

        JsonNode task = startTask("broken", "{}");
        JsonNode payload = client.result("tasks/result", idParams(task));
        JsonNode state = client.result("tasks/get", idParams(task));

        assertThat(payload.path("isError").asBoolean()).isTrue();
        assertThat(state.path("status").asString()).isEqualTo("failed");
        assertThat(state.path("statusMessage").asString()).isEqualTo("the database is down");
    }

    /** A JSON-RPC error of the tool's request (a relaying handler's ErrorReply) fails the task; tasks/result answers it. */
    @Test
    void aRequestErrorFailsTheTaskAndTasksResultAnswersThatError() {
        client = RawClient.initialized(server().build());

        JsonNode task = startTask("refuse", "{}");
        JsonRpcError error = client.error("tasks/result", idParams(task));
        JsonNode state = client.result("tasks/get", idParams(task));

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).isEqualTo("no such record");
        assertThat(state.path("status").asString()).isEqualTo("failed");
        assertThat(state.path("statusMessage").asString()).isEqualTo("no such record");
        assertThat(statusesOf(task)).containsExactly("failed");
    }

    /** A handler that crashes (an Error) gets its request answered with -32603, as a plain call and as a task. */
    @Test
    void aCrashedHandlerIsAnInternalErrorNotASilence() {
        client = RawClient.initialized(server().build());

        assertThat(client.error("tools/call", "{\"name\":\"crash\"}").code()).isEqualTo(JsonRpcError.INTERNAL_ERROR);
        JsonNode task = startTask("crash", "{}");
        JsonRpcError error = client.error("tasks/result", idParams(task));

        assertThat(error.code()).isEqualTo(JsonRpcError.INTERNAL_ERROR);
        assertThat(error.message()).contains("crashed on purpose");
        assertThat(client.result("tasks/get", idParams(task)).path("status").asString()).isEqualTo("failed");
    }

    @Test
    void cancellingStopsTheToolAndCancelledIsFinal() {
        client = RawClient.initialized(server().build());
        JsonNode task = startTask("work", "{}");

        JsonNode cancelled = client.result("tasks/cancel", idParams(task));

        WireSchema.assertValid(cancelled, "CancelTaskResult");
        assertThat(cancelled.path("status").asString()).isEqualTo("cancelled");
        Await.until(RawClient.WAIT, sawCancel::get, "the tool to see the cancellation");
        assertThat(client.result("tasks/get", idParams(task)).path("status").asString()).isEqualTo("cancelled");
        JsonRpcError noResult = client.error("tasks/result", idParams(task));
        assertThat(noResult.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(noResult.message()).contains("was cancelled");
        JsonRpcError again = client.error("tasks/cancel", idParams(task));
        assertThat(again.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(again.message()).isEqualTo("Cannot cancel task: already in terminal status 'cancelled'");
        assertThat(statusesOf(task)).containsExactly("cancelled");
    }

    @Test
    void taskSupportIsEnforcedWithMethodNotFoundAndUnknownTasksAreInvalidParams() {
        client = RawClient.initialized(server().build());

        JsonRpcError plainCallOfRequired = client.error("tools/call", "{\"name\":\"report\"}");
        JsonRpcError taskCallOfPlain = client.error("tools/call", "{\"name\":\"plain\",\"task\":{}}");

        assertThat(plainCallOfRequired.code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND);
        assertThat(plainCallOfRequired.message()).contains("Task augmentation required");
        assertThat(taskCallOfPlain.code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND);
        for (String method : List.of("tasks/get", "tasks/result", "tasks/cancel")) {
            JsonRpcError unknown = client.error(method, "{\"taskId\":\"no-such-task\"}");
            assertThat(unknown.code()).as(method).isEqualTo(JsonRpcError.INVALID_PARAMS);
            assertThat(unknown.message()).as(method).isEqualTo("Failed to retrieve task: Task not found");
        }
    }

    @Test
    void tasksListIsPagedOldestFirstWithOpaqueCursors() {
        client = RawClient.initialized(server().pageSize(2).build());
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(startTask("report", "{}").path("taskId").asString());
        }
        List<String> listed = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();

        JsonNode page = client.result("tasks/list", null);
        while (true) {
            WireSchema.assertValid(page, "ListTasksResult");
            pageSizes.add(page.path("tasks").size());
            page.path("tasks").forEach(t -> listed.add(t.path("taskId").asString()));
            if (!page.has("nextCursor")) {
                break;
            }
            page = client.result("tasks/list", "{\"cursor\":\"" + page.path("nextCursor").asString() + "\"}");
        }

        assertThat(listed).isEqualTo(created);
        assertThat(pageSizes).containsExactly(2, 2, 1);
        assertThat(client.error("tasks/list", "{\"cursor\":\"not-ours\"}").code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
    }

    @Test
    void theTtlIsCappedByTheServerAndAnExpiredTaskIsGone() {
        client = RawClient.initialized(server().maxTaskTtl(Duration.ofMinutes(1)).build());

        JsonNode capped = startTask("report", "{\"ttl\":36000000}");
        JsonNode brief = startTask("report", "{\"ttl\":1}");

        assertThat(capped.path("ttl").asLong()).isEqualTo(60_000);
        assertThat(brief.path("ttl").asLong()).isEqualTo(1);
        Await.until(RawClient.WAIT, () -> client.send("tasks/get", idParams(brief)) instanceof io.mcphost.protocol.JsonRpcErrorResponse, "the task to expire");
        assertThat(client.result("tasks/get", idParams(capped)).path("status").asString()).isEqualTo("completed");
    }

    @Test
    void aTaskAskingTheClientNeedsInputAndItsRequestNamesTheTask() {
        client = RawClient.initialized(server().build(), "{\"elicitation\":{}}");
        JsonNode task = startTask("ask", "{}");
        CompletableFuture<JsonRpcMessage> result = client.sendAsync("tasks/result", idParams(task));

        Await.until(RawClient.WAIT, () -> !client.serverRequests().isEmpty(), "the elicitation");
        JsonRpcRequest elicitation = client.serverRequests().getFirst();
        assertThat(elicitation.params().orElseThrow().path("_meta").path("io.modelcontextprotocol/related-task")
                .path("taskId")).isEqualTo(task.path("taskId"));
        assertThat(client.result("tasks/get", idParams(task)).path("status").asString()).isEqualTo("input_required");
        client.respond(elicitation.id(), "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");

        assertThat(resultOf(RawClient.await(result)).path("content").get(0).path("text").asString()).isEqualTo("hello Ada");
        assertThat(statusesOf(task)).containsExactly("input_required", "working", "completed");
    }

    @Test
    void aClientOfAnOlderRevisionGetsNoTasksAndItsTaskParamIsIgnored() {
        client = RawClient.connect(server().build());
        JsonNode init = client.result("initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"old\",\"version\":\"1\"}}");
        client.notify("notifications/initialized", null);
        release.complete(null);

        JsonNode result = client.result("tools/call", "{\"name\":\"work\",\"task\":{}}");

        assertThat(init.path("capabilities").has("tasks")).isFalse();
        assertThat(result.path("content").get(0).path("text").asString()).isEqualTo("worked");
        assertThat(client.error("tasks/list", null).code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND);
    }

    @Test
    void theConnectionsEndStopsItsTasks() {
        client = RawClient.initialized(server().build());
        startTask("work", "{}");

        client.close();

        Await.until(RawClient.WAIT, sawCancel::get, "the tool to see the connection's end");
    }
}
