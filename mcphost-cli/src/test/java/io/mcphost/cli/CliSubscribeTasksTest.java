package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import org.junit.jupiter.api.Test;

/** {@code subscribe}, {@code call --task} and {@code tasks}, against the demo server and one that offers neither. */
class CliSubscribeTasksTest {
    /** A server with one tool and nothing else: no resources (so no subscribe), no task-capable tool. */
    private static McpServer bare() {
        return McpServer.builder()
                .tool(Tool.of("noop", "Does nothing.", io.mcphost.protocol.Json.newObject().put("type", "object")),
                        call -> CallToolResult.text("ok"))
                .build();
    }

    @Test
    void subscribePrintsEachUpdateOfTheClockAndStopsAfterTheCount() {
        long start = System.nanoTime();
        CliRun r = CliRun.of("subscribe", "demo://clock", "--count", "2", "--for", "PT20S");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("updated demo://clock", "updated demo://clock");
        assertThat(r.err()).contains("subscribed to demo://clock");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(15); // ended by the count, not by --for
    }

    @Test
    void subscribeWithReadPrintsTheNewContents() {
        CliRun r = CliRun.of("subscribe", "demo://clock", "--count", "1", "--read");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("updated demo://clock").containsPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    }

    @Test
    void subscribeEndsAfterTheDurationWhenNothingChanges() {
        CliRun r = CliRun.of("subscribe", "demo://readme", "--for", "0.3");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
    }

    @Test
    void subscribeAndTasksOnAServerWithoutThemAreFailures() {
        try (StreamableHttpServer http = StreamableHttpServer.builder(bare()).start()) {
            String url = http.endpoint().toString();

            CliRun subscribe = CliRun.of("--url", url, "subscribe", "demo://anything", "--count", "1");
            CliRun tasks = CliRun.of("--url", url, "tasks", "list");
            CliRun call = CliRun.of("--url", url, "call", "--task", "noop");

            assertThat(subscribe.code()).isEqualTo(3);
            assertThat(subscribe.err()).contains("does not support resource subscriptions");
            assertThat(tasks.code()).isEqualTo(3);
            assertThat(tasks.err()).contains("does not support tasks");
            assertThat(call.code()).isEqualTo(3);
            assertThat(call.err()).contains("does not support tasks");
        }
    }

    @Test
    void callAsTaskPrintsStatusChangesAndTheResult() {
        // Legacy: the client runs tasks with the 2025-11-25 protocol only (not yet the 2026-07-28 tasks extension).
        CliRun r = CliRun.of("--era", "legacy", "call", "--task", "slow_task", "steps=2", "delayMs=50");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).as(r.err()).startsWith("done: 2 steps");
        assertThat(r.err()).containsPattern("task \\S+: working").containsPattern("task \\S+: completed");
    }

    @Test
    void callAsTaskOfAToolWithoutTaskSupportIsAFailure() {
        CliRun r = CliRun.of("call", "--task", "echo", "text=hi");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void tasksListAndGetAgainstTheDemoOverHttp() {
        try (StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start()) {
            String url = http.endpoint().toString();

            // Legacy: tasks/list exists only in 2025-11-25 (2026-07-28 removed it), and the client's tasks are that revision's.
            CliRun list = CliRun.of("--url", url, "--era", "legacy", "--json", "tasks", "list");
            CliRun table = CliRun.of("--url", url, "--era", "legacy", "tasks", "list");
            CliRun unknown = CliRun.of("--url", url, "--era", "legacy", "tasks", "get", "no-such-task");

            assertThat(list.code()).as(list.err()).isZero();
            assertThat(list.out()).contains("\"tasks\"");
            assertThat(table.code()).as(table.err()).isZero();
            assertThat(table.err()).contains("(no tasks)"); // the demo binds tasks to the session that made them
            assertThat(unknown.code()).isEqualTo(3);
            assertThat(unknown.err()).contains("tasks/get failed", "Task not found");
        }
    }
}
