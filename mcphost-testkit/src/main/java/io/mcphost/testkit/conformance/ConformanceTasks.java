package io.mcphost.testkit.conformance;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.InputBatch;
import io.mcphost.server.McpServer;
import io.mcphost.server.ToolCall;
import java.time.Duration;

/**
 * The tools the suite's tasks-extension scenarios ({@code io.modelcontextprotocol/tasks}, 2026-07-28)
 * call. Each task tool moves itself to the background with {@link ToolCall#continueAsTask()}.
 */
final class ConformanceTasks {
    private static final Duration ASK = Duration.ofMinutes(5);

    private ConformanceTasks() {
    }

    static void register(McpServer.Builder b) {
        b.tool(Tool.of("greet", "Greets synchronously", Json.parse(
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")),
                call -> CallToolResult.text("Hello, " + call.arguments().path("name").asString("World") + "!"));
        b.tool(task("slow_compute", "Sleeps the given seconds as a task, then answers", TaskSupport.OPTIONAL, """
                {"type":"object","properties":{"seconds":{"type":"number"},"label":{"type":"string"}}}"""), call -> {
            call.continueAsTask();
            long until = System.nanoTime() + (long) (call.arguments().path("seconds").asDouble(0) * 1e9);
            while (System.nanoTime() < until && !call.isCancelled()) {
                Thread.sleep(20);
            }
            return CallToolResult.text("computed " + call.arguments().path("label").asString(""));
        });
        b.tool(task("failing_job", "Runs only as a task, and fails as a tool", TaskSupport.REQUIRED, null), call -> {
            call.continueAsTask();
            Thread.sleep(1000);
            return CallToolResult.error("failing_job failed, as it always does");
        });
        b.tool(task("protocol_error_job", "A task whose handler crashes (a protocol-level failure)",
                TaskSupport.OPTIONAL, null), call -> {
            call.continueAsTask();
            throw new Error("protocol_error_job crashed on purpose");
        });
        b.tool(task("confirm_delete", "A task that asks for confirmation", TaskSupport.OPTIONAL, null), call -> {
            call.continueAsTask();
            ElicitResult answer = call.elicit("confirm", ConformanceTools.elicitation("Delete it?", ConformanceSchemas.OK), ASK);
            return CallToolResult.text("confirm_delete: " + ConformanceTools.describe(answer));
        });
        b.tool(task("multi_input", "A task that asks two questions at once", TaskSupport.OPTIONAL, null), call -> {
            call.continueAsTask();
            InputBatch.Answers answers = call.batch()
                    .elicit("first", ConformanceTools.elicitation("First?", ConformanceSchemas.NAME))
                    .elicit("second", ConformanceTools.elicitation("Second?", ConformanceSchemas.NAME))
                    .send(ASK);
            return CallToolResult.text("multi_input: " + ConformanceTools.describe(answers.elicitation("first")) + " / "
                    + ConformanceTools.describe(answers.elicitation("second")));
        });
        b.tool(task("test_tool_with_task", "Asks for a name in an input round, then continues as a task",
                TaskSupport.REQUIRED, null), call -> {
            ElicitResult answer = call.elicit("user_name", ConformanceTools.elicitation("What is your name?",
                    ConformanceSchemas.NAME), ASK);
            call.continueAsTask();
            Thread.sleep(100);
            return CallToolResult.text("Hello, " + answer.content().map(c -> c.path("name").asString("?")).orElse("?") + "!");
        });
    }

    private static Tool task(String name, String description, TaskSupport support, String schema) {
        return Tool.of(name, description, Json.parse(schema == null ? "{\"type\":\"object\"}" : schema))
                .withExecution(ToolExecution.of(support));
    }
}
