package io.mcphost.client;

import static io.mcphost.server.Fixtures.ANY_OBJECT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Era;
import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.Progress;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.Fixtures;
import io.mcphost.server.McpServer;
import io.mcphost.server.ToolCall;
import io.mcphost.server.WireSchema;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RawClient;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** McpClient's tasks against our own server toolkit, in process. */
class ClientTasksTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final CompletableFuture<Void> release = new CompletableFuture<>();
    private final AtomicBoolean sawCancel = new AtomicBoolean();
    private final List<Task> statuses = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private RecordingTransport sent;

    @AfterEach
    void closeAll() throws Exception {
        release.complete(null);
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private static Tool tool(String name, TaskSupport support) {
        return Tool.of(name, "The " + name + " tool", ANY_OBJECT).withExecution(ToolExecution.of(support));
    }

    /** Runs until released (then answers "worked") or cancelled (then notes it). */
    private CallToolResult work(ToolCall call) throws Exception {
        while (!release.isDone()) {
            if (call.isCancelled()) {
                sawCancel.set(true);
                return CallToolResult.text("stopped");
            }
            try {
                release.get(5, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look at the cancellation flag again
            }
        }
        return CallToolResult.text("worked");
    }

    private McpServer.Builder server() {
        return McpServer.builder().taskPollInterval(Duration.ofMillis(20))
                .tool(tool("work", TaskSupport.OPTIONAL), this::work)
                .tool(tool("slow_report", TaskSupport.REQUIRED), this::work)
                .tool(tool("report", TaskSupport.REQUIRED), call -> CallToolResult.text("reported"))
                .tool(tool("broken", TaskSupport.OPTIONAL), call -> CallToolResult.error("the database is down"))
                .tool(Tool.of("plain", "Never a task", ANY_OBJECT), call -> CallToolResult.text("plain"))
                .tool(tool("count", TaskSupport.OPTIONAL), call -> {
                    for (int step = 1; step <= 3; step++) {
                        Thread.sleep(10);
                        call.progress(step, 3.0, "step " + step);
                    }
                    return CallToolResult.text("counted");
                })
                .tool(tool("ask", TaskSupport.OPTIONAL), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", Fixtures.schema(
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(5));
                    return CallToolResult.text("hello " + answer.content().orElseThrow().path("name").asString());
                });
    }

    private McpClient connect(McpServer server, UnaryOperator<McpClientBuilder> setup) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        sent = new RecordingTransport(pair.client());
        McpClient client = setup.apply(McpClient.builder(sent).era(Era.LEGACY).name("tasks").requestTimeout(Duration.ofSeconds(10))
                .onTaskStatus(statuses::add)).connect();
        toClose.add(client);
        return client;
    }

    private McpClient connect(McpServer server) {
        return connect(server, b -> b);
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    private List<String> sentMethods() {
        return sent.sent().stream().filter(JsonRpcRequest.class::isInstance).map(m -> ((JsonRpcRequest) m).method()).toList();
    }

    @Test
    void aTaskHandleIsReturnedAtOnceAndItsResultArrivesLater() {
        McpClient client = connect(server().build());

        ToolTask task = client.tasks().callToolAsTask("work", null);
        assertThat(task.task().status()).isEqualTo(TaskStatus.WORKING);
        assertThat(task.toolName()).isEqualTo("work");
        assertThat(task.refresh().status()).isEqualTo(TaskStatus.WORKING);
        release.complete(null);

        assertThat(text(task.awaitResult(Duration.ofSeconds(5)))).isEqualTo("worked");
        Await.until(RawClient.WAIT, () -> task.task().status() == TaskStatus.COMPLETED, "the handle to see the end");
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(text(client.tasks().getTaskResult(task.taskId(), CallOptions.defaults()))).isEqualTo("worked");
    }

    @Test
    void aFailedToolTaskGivesTheToolsErrorResultAndTheTaskSaysWhy() {
        McpClient client = connect(server().build());

        ToolTask task = client.tasks().callToolAsTask("broken", null);
        CallToolResult result = task.awaitResult(Duration.ofSeconds(5));

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).isEqualTo("the database is down");
        Task state = task.refresh();
        assertThat(state.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(state.statusMessage()).hasValue("the database is down");
    }

    @Test
    void cancellingAHandleStopsTheToolAndAwaitingItThrowsCancelled() {
        McpClient client = connect(server().build());
        ToolTask task = client.tasks().callToolAsTask("work", null);

        Task cancelled = task.cancel();

        assertThat(cancelled.status()).isEqualTo(TaskStatus.CANCELLED);
        Await.until(RawClient.WAIT, sawCancel::get, "the tool to see the cancellation");
        assertThatThrownBy(() -> task.awaitResult(Duration.ofSeconds(5)))
                .isInstanceOf(McpCancelledException.class)
                .hasMessageContaining(task.taskId()).hasMessageContaining("The task was cancelled by request.");
    }

    @Test
    void awaitingPastTheDeadlineNamesTheTaskWhichGoesOnRunning() {
        McpClient client = connect(server().build());
        ToolTask task = client.tasks().callToolAsTask("work", null);

        assertThatThrownBy(() -> task.awaitResult(Duration.ofMillis(200)))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("task " + task.taskId()).hasMessageContaining("has not ended within PT0.2S");

        assertThat(task.refresh().status()).isEqualTo(TaskStatus.WORKING);
        assertThat(sawCancel).isFalse();
        release.complete(null);
        assertThat(text(task.awaitResult(Duration.ofSeconds(5)))).isEqualTo("worked");
    }

    @Test
    void listTasksFollowsEveryPage() {
        McpClient client = connect(server().pageSize(2).build());
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(client.tasks().callToolAsTask("report", null).taskId());
        }

        assertThat(client.tasks().listTasks()).extracting(Task::taskId).isEqualTo(created);
        assertThat(sentMethods().stream().filter("tasks/list"::equals)).hasSize(3);
    }

    @Test
    void aStatusNotificationEndsTheWaitWithoutAnotherPoll() {
        // A poll interval of an hour: only the notification can end the wait in time.
        McpClient client = connect(server().taskPollInterval(Duration.ofHours(1)).build());
        ToolTask task = client.tasks().callToolAsTask("work", null);
        CompletableFuture<CallToolResult> result = task.awaitResultAsync(Duration.ofSeconds(5));

        release.complete(null);

        assertThat(text(result.join())).isEqualTo("worked");
        assertThat(sentMethods()).doesNotContain("tasks/get");
        assertThat(statuses).extracting(Task::taskId, Task::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(task.taskId(), TaskStatus.COMPLETED));
    }

    @Test
    void closingTheClientReleasesAWaiterAtOnce() {
        McpClient client = connect(server().taskPollInterval(Duration.ofHours(1)).build());
        ToolTask task = client.tasks().callToolAsTask("work", null);
        CompletableFuture<CallToolResult> result = task.awaitResultAsync(Duration.ofMinutes(1));

        client.close();

        assertThat(result).failsWithin(Duration.ofSeconds(2)).withThrowableThat()
                .havingCause().isInstanceOf(McpClosedException.class).withMessageContaining("closed while waiting for a task");
    }

    @Test
    void callToolRunsAToolThatRequiresATaskAsOne() {
        McpClient client = connect(server().build());

        CallToolResult result = client.callTool("report", null);

        assertThat(text(result)).isEqualTo("reported");
        JsonRpcRequest call = sent.sent().stream().filter(m -> m instanceof JsonRpcRequest r && r.method().equals("tools/call"))
                .map(JsonRpcRequest.class::cast).findFirst().orElseThrow();
        assertThat(call.params().orElseThrow().path("task").isObject()).isTrue();
        assertThat(sentMethods()).containsSubsequence("tools/list", "tools/call", "tasks/result");
        assertThat(text(client.callTool("plain", null))).isEqualTo("plain"); // and the others stay plain
    }

    @Test
    void aRequiredToolPastTheCallsDeadlineTimesOutAndItsTaskIsCancelled() {
        McpClient client = connect(server().build());

        assertThatThrownBy(() -> client.callTool("slow_report", null, CallOptions.timeout(Duration.ofMillis(300))))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("tool 'slow_report' ran as task").hasMessageContaining("within PT0.3S")
                .hasMessageContaining("the task is cancelled");

        Await.until(RawClient.WAIT, sawCancel::get, "the tool to see the cancellation");
        assertThat(sentMethods()).contains("tasks/cancel");
    }

    @Test
    void cancellingTheCallOfARequiredToolCancelsItsTask() {
        McpClient client = connect(server().build());
        CompletableFuture<CallToolResult> call = client.callToolAsync("slow_report", null);
        Await.until(RawClient.WAIT, () -> sentMethods().contains("tools/call"), "the call to go out");

        call.cancel(true);

        Await.until(RawClient.WAIT, sawCancel::get, "the tool to see the cancellation");
        assertThat(client.tasks().listTasks()).singleElement().extracting(Task::status).isEqualTo(TaskStatus.CANCELLED);
    }

    @Test
    void aToolWithoutTaskSupportIsRefusedBeforeItIsCalled() {
        McpClient client = connect(server().build());

        assertThatThrownBy(() -> client.tasks().callToolAsTask("plain", null))
                .isInstanceOf(McpCapabilityException.class)
                .hasMessageContaining("tool 'plain' cannot run as a task");
        assertThatThrownBy(() -> client.tasks().callToolAsTask("missing", null))
                .isInstanceOf(McpCapabilityException.class).hasMessageContaining("lists no such tool");
        assertThat(sentMethods()).doesNotContain("tools/call");
    }

    @Test
    void aServerWithoutTasksRefusesEveryTaskOperationBeforeSending() {
        McpClient client = connect(Fixtures.echoServer().build());

        assertThatThrownBy(() -> client.tasks().callToolAsTask("echo", null))
                .isInstanceOf(McpCapabilityException.class).hasMessageContaining("'tasks.requests.tools.call'");
        assertThatThrownBy(client.tasks()::listTasks).isInstanceOf(McpCapabilityException.class).hasMessageContaining("'tasks.list'");
        assertThatThrownBy(() -> client.tasks().cancelTask("t-1")).isInstanceOf(McpCapabilityException.class);
        assertThatThrownBy(() -> client.tasks().getTask("t-1")).isInstanceOf(McpCapabilityException.class);
        assertThat(sentMethods()).containsExactly("initialize");
    }

    @Test
    void progressReachesTheCallbackAfterTheTaskWasCreated() {
        McpClient client = connect(server().build());
        List<Progress> progress = new CopyOnWriteArrayList<>();

        ToolTask task = client.tasks().callToolAsTask("count", null, CallOptions.builder().onProgress(progress::add).build(),
                TaskMetadata.keepFor(Duration.ofMinutes(1)));

        assertThat(text(task.awaitResult())).isEqualTo("counted");
        Await.until(RawClient.WAIT, () -> progress.size() == 3, "three progress reports");
        assertThat(progress).extracting(Progress::progress).containsExactly(1.0, 2.0, 3.0);
        assertThat(task.task().ttl()).hasValue(60_000L);
    }

    @Test
    void aTaskThatAsksTheUserIsAnsweredByTheElicitationHandler() {
        McpClient client = connect(server().build(), b -> b.elicitation(ElicitationHandler.blocking(
                request -> ElicitResult.accept(CODEC.newObject().put("name", "Ada")))));

        ToolTask task = client.tasks().callToolAsTask("ask", null);

        assertThat(text(task.awaitResult(Duration.ofSeconds(5)))).isEqualTo("hello Ada");
        Await.until(RawClient.WAIT, () -> statuses.stream().anyMatch(t -> t.status() == TaskStatus.COMPLETED), "the last status");
        assertThat(statuses).extracting(Task::status)
                .containsExactly(TaskStatus.INPUT_REQUIRED, TaskStatus.WORKING, TaskStatus.COMPLETED);
    }

    @Test
    void theDemoServersSlowTaskRunsAsATask() {
        McpClient client = connect(DemoServer.server());

        ToolTask task = client.tasks().callToolAsTask("slow_task", CODEC.newObject().put("steps", 2).put("delayMs", 10));

        assertThat(text(task.awaitResult(Duration.ofSeconds(10)))).isEqualTo("done: 2 steps");
    }

    @Test
    void everyMessageTheClientSentIsValidForTheSpec() {
        McpClient client = connect(server().build(), b -> b.elicitation(ElicitationHandler.blocking(
                request -> ElicitResult.accept(CODEC.newObject().put("name", "Ada")))));
        ToolTask work = client.tasks().callToolAsTask("work", null, CallOptions.builder().onProgress(p -> { }).build(),
                TaskMetadata.keepFor(Duration.ofMinutes(5)));
        work.refresh();
        client.tasks().listTasks();
        work.cancel();
        client.callTool("report", null);
        client.tasks().callToolAsTask("ask", null).awaitResult();

        for (JsonRpcMessage message : sent.sent()) {
            JsonNode json = CODEC.toTree(message);
            switch (message) {
                case JsonRpcRequest r -> WireSchema.assertValid(json, "ClientRequest");
                case JsonRpcNotification n -> WireSchema.assertValid(json, "ClientNotification");
                case JsonRpcResponse r -> WireSchema.assertValid(r.result(), "ClientResult");
                case JsonRpcErrorResponse e -> WireSchema.assertValid(json, "JSONRPCErrorResponse");
            }
        }
        assertThat(sentMethods()).contains("tasks/get", "tasks/list", "tasks/cancel", "tasks/result");
        assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
    }
}
