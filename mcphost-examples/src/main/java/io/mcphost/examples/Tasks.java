package io.mcphost.examples;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;

/** The tasks sample of docs/library.md: run a tool as a task, watch it, await its result. */
public final class Tasks {
    private Tasks() {
    }

    static String runAsTask(McpClientBuilder server) {
        try (McpClient client = server
                .onTaskStatus(t -> System.err.println(t.taskId() + " " + t.status()))
                .connect()) {
            ToolTask task = client.tasks().callToolAsTask("slow_task", Json.parse("{\"steps\": 3, \"delayMs\": 100}"),
                    CallOptions.builder().onProgress(p -> System.err.println(p.progress() + "/" + p.total())).build(),
                    TaskMetadata.keepFor(Duration.ofMinutes(30)));     // ttl asked of the server
            System.err.println(task.task().status());                   // last known state, no I/O
            CallToolResult result = task.awaitResult(Duration.ofMinutes(5));
            return result.text();
        }
    }
}
