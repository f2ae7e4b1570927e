package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tasks against server-everything over stdio: its {@code simulate-research-query} requires a task,
 * takes four one-second stages, reports each in {@code notifications/tasks/status}, and, asked an
 * ambiguous question, sends its elicitation only through {@code tasks/result}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EverythingTasksTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String RESEARCH = "simulate-research-query";

    private final List<Task> statuses = new CopyOnWriteArrayList<>();
    private final AtomicReference<ElicitRequestParams> asked = new AtomicReference<>();
    private RecordingTransport transport;
    private McpClient client;

    @BeforeAll
    void connect() {
        List<String> command = NpmFixtures.everythingStdio();
        transport = new RecordingTransport(StdioTransport.builder(command.getFirst(),
                command.subList(1, command.size()).toArray(String[]::new)).name("everything").build());
        client = McpClient.builder(transport).name("everything").requestTimeout(Duration.ofSeconds(20))
                .onTaskStatus(statuses::add)
                .elicitation(ElicitationHandler.blocking(request -> {
                    asked.set(request);
                    return ElicitResult.accept(CODEC.newObject().put("interpretation", "snake"));
                }))
                .connect();
    }

    @AfterAll
    void close() {
        client.close();
    }

    private static ObjectNode research(String topic, boolean ambiguous) {
        return CODEC.newObject().put("topic", topic).put("ambiguous", ambiguous);
    }

    private static String text(CallToolResult result) {
        return result.content().stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .reduce("", String::concat);
    }

    @Test
    void theServerAnnouncesTasksAndTheResearchToolRequiresOne() {
        assertThat(client.serverCapabilities().tasks()).isPresent();
        Tool tool = client.listTools().stream().filter(t -> t.name().equals(RESEARCH)).findFirst().orElseThrow();

        assertThat(tool.execution().orElseThrow().effectiveTaskSupport()).isEqualTo(TaskSupport.REQUIRED);
    }

    @Test
    void callToolRunsTheResearchAsATaskAndReturnsItsReport() {
        CallToolResult result = client.callTool(RESEARCH, research("MCP transports", false),
                CallOptions.timeout(Duration.ofSeconds(30)));

        assertThat(text(result)).contains("# Research Report: MCP transports", "Stage 4: Generating report");
        assertThat(transport.sent()).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(JsonRpcRequest.class, r -> {
            assertThat(r.method()).isEqualTo("tools/call");
            assertThat(r.params().orElseThrow().path("task").isObject()).isTrue();
        }));
    }

    @Test
    void anAmbiguousQueryAsksTheUserThroughTheTaskAndUsesTheAnswer() {
        ToolTask task = client.tasks().callToolAsTask(RESEARCH, research("python", true));

        CallToolResult result = task.awaitResult(Duration.ofSeconds(30));

        assertThat(text(result)).contains("# Research Report: python (snake)");
        assertThat(asked.get()).isInstanceOfSatisfying(ElicitRequestFormParams.class,
                form -> assertThat(form.message()).contains("could have multiple interpretations"));
        assertThat(statuses).filteredOn(t -> t.taskId().equals(task.taskId())).extracting(Task::status)
                .contains(TaskStatus.INPUT_REQUIRED, TaskStatus.WORKING);
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(client.tasks().listTasks()).extracting(Task::taskId).contains(task.taskId());
    }

    @Test
    void aCancelledResearchTaskEndsCancelled() {
        ToolTask task = client.tasks().callToolAsTask(RESEARCH, research("cancellation", false));

        assertThat(task.cancel().status()).isEqualTo(TaskStatus.CANCELLED);
        assertThatThrownBy(() -> task.awaitResult(Duration.ofSeconds(10)))
                .isInstanceOf(McpCancelledException.class).hasMessageContaining(task.taskId());
    }

    @Test
    void aToolWithoutTaskSupportIsNotCalledAsATask() {
        int before = transport.sent().size();

        assertThatThrownBy(() -> client.tasks().callToolAsTask("echo", CODEC.newObject().put("message", "hi")))
                .isInstanceOf(McpCapabilityException.class).hasMessageContaining("tool 'echo' cannot run as a task");
        assertThat(transport.sent().subList(before, transport.sent().size()))
                .noneMatch(m -> m instanceof JsonRpcRequest r && r.method().equals("tools/call"));
    }

    @Test
    void everyMessageTheClientSentIsValidForTheNegotiatedRevision() {
        ToolTask task = client.tasks().callToolAsTask(RESEARCH, research("validation", false));
        task.refresh();
        task.cancel();

        for (JsonRpcMessage message : transport.sent()) {
            SpecSchemas.assertValidMessage(CODEC.toTree(message), client.protocolVersion());
        }
    }
}
