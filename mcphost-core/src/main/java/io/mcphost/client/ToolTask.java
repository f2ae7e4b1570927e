package io.mcphost.client;

import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A tool call the server runs as a task (2025-11-25, experimental), from
 * {@link ClientTasks#callToolAsTask}: the server answered at once with a task id, and the result comes
 * later. Thread-safe; one handle may be awaited, refreshed and cancelled from many threads at once.
 *
 * <p>{@link #task()} is the last state the client saw, kept current without I/O by every answer
 * about the task and by the server's {@code notifications/tasks/status}. The other methods talk to
 * the server: blocking ones block the calling thread (cheap on a virtual thread) for at most their
 * deadline, and each has an {@code ...Async} twin failing with the same exceptions.
 *
 * <p>How a task ends shows in {@link #awaitResult}: {@code completed} returns the tool's result;
 * {@code failed} returns the result the tool reported ({@code isError: true}, a result, not an
 * exception) or throws the server's {@link io.mcphost.protocol.McpError} with the task's status
 * message; {@code cancelled} throws {@link io.mcphost.protocol.McpCancelledException}.
 */
public interface ToolTask {

    /** The id the server gave the task. */
    String taskId();

    /** The tool this task runs. */
    String toolName();

    /** The last state the client saw; never blocks. */
    Task task();

    /**
     * The text the server suggests handing a model while the task runs ({@code _meta}
     * {@code io.modelcontextprotocol/model-immediate-response} of the creating answer), if it gave one.
     */
    Optional<String> modelImmediateResponse();

    /**
     * Asks the server for the task's state ({@code tasks/get}); blocks for at most the client's request timeout.
     *
     * @throws io.mcphost.protocol.McpError if the server no longer knows the task (it may drop it after its ttl)
     */
    Task refresh();

    CompletableFuture<Task> refreshAsync();

    /** {@link #awaitResult(Duration)} with the deadline of the call that created the task. */
    CallToolResult awaitResult();

    /**
     * Waits for the task to end and returns the tool's result. Polls {@code tasks/get} at the
     * server's suggested {@code pollInterval} (without one: from 100 ms, doubling up to 2 s), wakes at
     * once on a status notification, and fetches the result with {@code tasks/result} when the task
     * ends or needs input (the server then sends its elicitation or sampling requests, which go to
     * the client's handlers). Blocks for at most {@code timeout}.
     *
     * <p>Giving up does not stop the task: after a timeout or an interrupt it goes on running on the
     * server, and may be awaited again or {@linkplain #cancel() cancelled}.
     *
     * @throws io.mcphost.protocol.McpTimeoutException   if the task has not ended within {@code timeout}; names the task
     * @throws io.mcphost.protocol.McpCancelledException if the task was cancelled, or the waiting thread interrupted
     * @throws io.mcphost.protocol.McpError              if the task failed without a tool result, with its status message
     */
    CallToolResult awaitResult(Duration timeout);

    /**
     * {@link #awaitResult(Duration)} as a future. Cancelling the future stops the waiting (and the
     * request in flight), not the task.
     */
    CompletableFuture<CallToolResult> awaitResultAsync(Duration timeout);

    /**
     * Cancels the task ({@code tasks/cancel}) and returns its state, {@code cancelled}. Blocks for at
     * most the client's request timeout. Whoever awaits the result then gets
     * {@link io.mcphost.protocol.McpCancelledException}.
     *
     * @throws io.mcphost.protocol.McpCapabilityException if the server did not announce {@code tasks.cancel}
     * @throws io.mcphost.protocol.McpError               if the task had already ended ({@code -32602})
     */
    Task cancel();

    CompletableFuture<Task> cancelAsync();
}
