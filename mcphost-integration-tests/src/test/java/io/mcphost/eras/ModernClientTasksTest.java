package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The client side of the 2026-07-28 tasks extension against our own server toolkit over HTTP: the
 * same {@code callTool}, {@code tasks().callToolAsTask} and {@link ToolTask} as the 2025-11-25 tasks,
 * with unsolicited task handles, {@code tasks/get} polling, questions answered by {@code tasks/update}
 * and cancellation by {@code tasks/cancel}.
 */
@Timeout(20)
class ModernClientTasksTest {
    private static final JsonNode ANY = Json.parse("{\"type\":\"object\"}");
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger elicitations = new AtomicInteger();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    private final McpServer server = McpServer.builder().taskPollInterval(Duration.ofMillis(20))
            .tool(tool("job", TaskSupport.OPTIONAL), call -> {
                call.continueAsTask();
                while (!release.await(10, TimeUnit.MILLISECONDS)) {
                    if (call.isCancelled()) {
                        stopped.countDown();
                        return CallToolResult.text("stopped");
                    }
                }
                return CallToolResult.text("done");
            })
            .tool(tool("asking_job", TaskSupport.OPTIONAL), call -> {
                call.continueAsTask();
                ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", Json.parse(
                        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(5));
                return CallToolResult.text("hello " + answer.content().orElseThrow().path("name").asString());
            })
            .tool(tool("failing_job", TaskSupport.OPTIONAL), call -> {
                call.continueAsTask();
                throw new IllegalStateException("the database is down");
            })
            .tool(Tool.of("plain", "never a task", ANY), call -> CallToolResult.text("plain"))
            .build();

    private static Tool tool(String name, TaskSupport support) {
        return Tool.of(name, "the " + name + " tool", ANY).withExecution(ToolExecution.of(support));
    }

    @AfterEach
    void closeAll() throws Exception {
        release.countDown();
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient connect() {
        StreamableHttpServer http = StreamableHttpServer.builder(server).start();
        toClose.add(http);
        McpClientBuilder builder = McpClient.builder(HttpTransport.builder(http.endpoint()).name("tasks").build())
                .era(Era.MODERN).requestTimeout(Duration.ofSeconds(10))
                .elicitation(ElicitationHandler.blocking(request -> {
                    elicitations.incrementAndGet();
                    return ElicitResult.accept(Json.newObject().put("name", "Ada"));
                }));
        McpClient client = builder.connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(Era.MODERN);
        return client;
    }

    @Test
    void aPlainCallAnsweredWithATaskHandleReturnsTheFinalResult() {
        McpClient client = connect();
        release.countDown();
        CallToolResult result = client.callTool("job", Json.newObject());
        assertThat(result.text()).isEqualTo("done");
        assertThat(client.callTool("plain", Json.newObject()).text()).isEqualTo("plain");
    }

    @Test
    void callToolAsTaskGivesAHandlePolledWithTasksGet() {
        McpClient client = connect();
        ToolTask task = client.tasks().callToolAsTask("job", Json.newObject(), CallOptions.defaults(), TaskMetadata.create());
        assertThat(task.taskId()).isNotBlank();
        assertThat(task.task().status()).isEqualTo(TaskStatus.WORKING);
        assertThat(task.task().pollIntervalDuration()).contains(Duration.ofMillis(20));
        assertThat(task.refresh().status()).isEqualTo(TaskStatus.WORKING);
        release.countDown();
        assertThat(task.awaitResult(Duration.ofSeconds(5)).text()).isEqualTo("done");
        assertThat(task.task().status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.COMPLETED);
    }

    @Test
    void aTasksQuestionGoesToTheElicitationHandlerAndIsAnsweredWithTasksUpdate() {
        McpClient client = connect();
        assertThat(client.callTool("asking_job", Json.newObject()).text()).isEqualTo("hello Ada");
        assertThat(elicitations).hasValue(1);
    }

    @Test
    void aToolErrorInsideATaskIsTheCallsErrorResult() {
        McpClient client = connect();
        CallToolResult result = client.callTool("failing_job", Json.newObject());
        assertThat(result.isError()).isTrue();
        assertThat(result.text()).contains("the database is down");
    }

    @Test
    void cancellingAHandleSendsTasksCancel() throws InterruptedException {
        McpClient client = connect();
        ToolTask task = client.tasks().callToolAsTask("job", Json.newObject(), CallOptions.defaults(), TaskMetadata.create());
        assertThat(task.cancel().status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(stopped.await(5, TimeUnit.SECONDS)).as("the tool saw the cancellation").isTrue();
        assertThat(task.task().status()).isEqualTo(TaskStatus.CANCELLED);
    }

    @Test
    void aCallerWhoGivesUpCancelsTheTaskNobodyElseKnows() throws InterruptedException {
        McpClient client = connect();
        assertThatThrownBy(() -> client.callTool("job", Json.newObject(), CallOptions.timeout(Duration.ofMillis(300))))
                .isInstanceOf(McpTimeoutException.class);
        assertThat(stopped.await(5, TimeUnit.SECONDS)).as("the abandoned task was cancelled at the server").isTrue();
    }

    @Test
    void aServerThatAnswersAtOnceStillGivesAHandle() {
        McpClient client = connect();
        ToolTask task = client.tasks().callToolAsTask("plain", Json.newObject(), CallOptions.defaults(), TaskMetadata.create());
        assertThat(task.task().status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(task.awaitResult().text()).isEqualTo("plain");
    }
}
