package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The task requests of one era behind the one {@link io.mcphost.client.ClientTasks} API: the
 * 2025-11-25 core tasks ({@link LegacyTasks}) or the 2026-07-28 tasks extension ({@link ModernTasks}).
 * Each era session has one ({@link EraSession#tasks()}); {@code Tasks} asks the current session's,
 * and keeps the handles in its {@link TaskBook}. Capability checks throw before anything is sent.
 */
sealed interface TaskDialect permits LegacyTasks, ModernTasks {
    /** Whether the server takes tool calls as tasks. */
    boolean offersToolTasks();

    /** Whether the server cancels tasks. */
    boolean canCancel();

    /** {@code callToolAsTask}: the era's checks, then the creating call. */
    CompletableFuture<ToolTask> callToolAsTask(String tool, ObjectNode params, CallOptions options, TaskMetadata task, TaskBook book);

    /**
     * {@code callTool}: runs the call as a task where the era wants one (a tool that requires it; any
     * call a 2026-07-28 server answers with a task handle), awaited within the call's deadline;
     * otherwise {@code plain}.
     */
    CompletableFuture<CallToolResult> callTool(String tool, ObjectNode params, CallOptions options,
                                               Supplier<CompletableFuture<CallToolResult>> plain, TaskBook book);

    CompletableFuture<Task> get(String taskId, CallOptions options, TaskBook book);

    /** The tool's result of an ended task; {@code tool} names it for the structured-output check. */
    CompletableFuture<CallToolResult> result(String taskId, Optional<String> tool, CallOptions options, TaskBook book);

    CompletableFuture<List<Task>> list(TaskBook book);

    CompletableFuture<Task> cancel(String taskId, TaskBook book);

    /**
     * An {@code input_required} task: its new questions answered (2026-07-28 inlines them in
     * {@code tasks/get} and takes the answers with {@code tasks/update}; the future tells whether
     * there was anything new to answer), or empty where the result request is where the server
     * delivers its questions (2025-11-25, tasks "Input Required Status").
     */
    Optional<CompletableFuture<Boolean>> answerInput(String taskId, CallOptions options);

    /** The method whose error answer reports how a task failed ({@code tasks/result} or {@code tasks/get}). */
    String resultMethod();
}
