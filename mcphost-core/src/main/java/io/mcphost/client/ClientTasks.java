package io.mcphost.client;

import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * The experimental tasks of one client (2025-11-25 basic/utilities/tasks): tool calls that run as
 * tasks, and the requests about a task id. Obtained from {@link McpClient#tasks()}; thread-safe, as
 * the client is. A tool that <em>requires</em> a task needs none of this: {@link McpClient#callTool}
 * runs it as one.
 *
 * <p>As on {@link McpClient}, each blocking method blocks the calling thread (cheap on a virtual
 * thread) for at most the request's timeout and its {@code ...Async} twin fails with the same
 * exceptions; interrupting or cancelling sends {@code notifications/cancelled}. Every method throws
 * {@link io.mcphost.protocol.McpCapabilityException}, before anything is sent, when the server did
 * not announce the capability it needs, {@link io.mcphost.protocol.McpTimeoutException} at the
 * deadline and {@link io.mcphost.protocol.McpError} when the server refuses.
 */
public interface ClientTasks {

    /** {@link #callToolAsTask(String, JsonNode, CallOptions, TaskMetadata)} with default options and ttl. */
    default ToolTask callToolAsTask(String name, JsonNode arguments) {
        return callToolAsTask(name, arguments, CallOptions.defaults(), TaskMetadata.create());
    }

    /**
     * Starts a tool as a task: the server answers at once with a task id and runs the tool on its
     * own; the returned handle polls, awaits and cancels it. Needs the server capability
     * {@code tasks.requests.tools.call} and a tool listed with {@code execution.taskSupport}
     * {@code optional} or {@code required} (the tools are listed first if they have not been).
     * Blocks until the server has created the task, at most the options' timeout, which is also the
     * default deadline of {@link ToolTask#awaitResult()}. A progress callback in {@code options}
     * receives the task's progress for its whole life.
     *
     * @param task the {@code task} param, e.g. {@code TaskMetadata.keepFor(Duration.ofMinutes(10))}: how
     *             long the server should keep the task (it may choose otherwise)
     * @throws io.mcphost.protocol.McpCapabilityException before sending, if the server or the tool does not
     *         support tasks
     * @throws IllegalArgumentException if {@code arguments} is neither null nor a JSON object
     */
    ToolTask callToolAsTask(String name, JsonNode arguments, CallOptions options, TaskMetadata task);

    /**
     * {@link #callToolAsTask(String, JsonNode, CallOptions, TaskMetadata)} without blocking. Cancelling
     * the future before the task exists does not stop the creating request: once the server names the
     * task, it is cancelled with {@code tasks/cancel}, since nobody else knows its id.
     */
    CompletableFuture<ToolTask> callToolAsTaskAsync(String name, JsonNode arguments, CallOptions options, TaskMetadata task);

    /**
     * A task's current state ({@code tasks/get}), within the client's request timeout.
     *
     * @throws io.mcphost.protocol.McpError {@code -32602} for an unknown task
     */
    Task getTask(String taskId);

    /** {@link #getTask} without blocking. */
    CompletableFuture<Task> getTaskAsync(String taskId);

    /**
     * A tool task's result ({@code tasks/result}). The server answers only once the task has ended,
     * so give {@code options} a timeout long enough; a failed task's tool error is returned as the
     * {@code isError} result it is, and a task that ended without one gives the server's
     * {@link io.mcphost.protocol.McpError}.
     */
    CallToolResult getTaskResult(String taskId, CallOptions options);

    /** {@link #getTaskResult} without blocking. */
    CompletableFuture<CallToolResult> getTaskResultAsync(String taskId, CallOptions options);

    /**
     * All tasks the server shows this client ({@code tasks/list}), following every page; each page
     * within the request timeout. Needs {@code tasks.list}.
     */
    List<Task> listTasks();

    /** {@link #listTasks} without blocking. */
    CompletableFuture<List<Task>> listTasksAsync();

    /**
     * Cancels a task ({@code tasks/cancel}) and returns its state, {@code cancelled}, within the
     * request timeout. Needs {@code tasks.cancel}.
     *
     * @throws io.mcphost.protocol.McpError {@code -32602} if the task is unknown or has already ended
     */
    Task cancelTask(String taskId);

    /** {@link #cancelTask} without blocking. */
    CompletableFuture<Task> cancelTaskAsync(String taskId);
}
