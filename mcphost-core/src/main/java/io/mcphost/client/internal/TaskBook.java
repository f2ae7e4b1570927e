package io.mcphost.client.internal;

import io.mcphost.client.Progress;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The era-neutral bookkeeping of a client's tasks that a {@link TaskDialect} writes into: the
 * handles it makes, the progress that outlives a creating request, what the server last said of a
 * task, and the threads task work continues on. {@code Tasks} keeps it; a dialect gets it with each
 * call, so the two eras' requests share one set of handles. Thread-safe.
 */
interface TaskBook {
    /**
     * A handle for a task just created (kept until it ends, so status notifications reach it); the
     * task's questions go to the input handlers of {@code creator}, the options of the creating call.
     */
    ToolTask track(String tool, CreateTaskResult created, Optional<RequestId> progressToken, Duration awaitTimeout,
                   io.mcphost.client.CallOptions creator);

    /** A progress token of our own for a task's whole life, delivering to {@code listener} until the task ends. */
    RequestId progressToken(Consumer<Progress> listener);

    /** The task of {@code token} was not created, or ended at once: the token is dropped. */
    void releaseProgress(RequestId token);

    /** Whether a handle of this client waits on the task. */
    boolean tracks(String taskId);

    /** The tool the task of a handle of this client runs. */
    Optional<String> toolOf(String taskId);

    /** The result of a tracked task, awaited to its end (as 2025-11-25 {@code tasks/result} waits). */
    Optional<CompletableFuture<CallToolResult>> awaitTracked(String taskId);

    /** Awaits a handle's result within {@code remaining}, cancelling the task when the wait is given up. */
    CompletableFuture<CallToolResult> awaitOwned(ToolTask handle, Duration remaining, Duration callTimeout);

    /** Nobody waits for the task that {@code handle} created any more: forget it and cancel it at the server. */
    void abandoned(ToolTask handle);

    /**
     * Nobody waits for the task {@code taskId} that a request given up on created (its answer came late):
     * forget its handle if one was made, and cancel it at the server.
     */
    void abandonedTask(String taskId);

    /** What the server said of a task reaches the handle that waits on it. */
    Task observed(Task task);

    /** {@link Chain#compose} on the task threads; a value the caller no longer wants goes to {@code onDropped}. */
    <A, B> CompletableFuture<B> chain(CompletableFuture<A> first, Function<A, CompletableFuture<B>> next, Consumer<A> onDropped);

    /** What is left until {@code deadlineNanos} ({@link System#nanoTime()}), at least a millisecond. */
    static Duration remaining(long deadlineNanos) {
        return Duration.ofNanos(Math.max(TimeUnit.MILLISECONDS.toNanos(1), deadlineNanos - System.nanoTime()));
    }
}
