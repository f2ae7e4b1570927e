package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientTasks;
import io.mcphost.client.Progress;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatusNotificationParams;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool calls run as tasks, in either era: the public {@link ClientTasks} API and the handles
 * ({@link RealToolTask}), status notifications and progress that outlive the creating request. What
 * is sent about a task is the current era session's {@link TaskDialect} (2025-11-25 core tasks or
 * the 2026-07-28 tasks extension); this class keeps the era-neutral bookkeeping ({@link TaskBook}).
 * Thread-safe; the waiting itself lives in {@link RealToolTask}.
 */
final class Tasks implements ClientTasks, TaskBook {
    private static final Logger LOG = LoggerFactory.getLogger(Tasks.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    // One daemon thread for all clients: it only fires deadlines and poll pauses; the work goes to virtual threads.
    static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcphost-task-timers");
        t.setDaemon(true);
        return t;
    });

    private final Exchange exchange;
    /** The task requests of the current session's era. */
    private final Supplier<TaskDialect> dialect;
    private final NotificationQueue notifications;
    private final ClientConfig config;
    private final Executor executor;
    /** Handles whose task was not yet seen ending, so status notifications reach them. */
    private final ConcurrentHashMap<String, RealToolTask> handles = new ConcurrentHashMap<>();
    /** Progress listeners by token, kept until their task ends: the token outlives the creating request. */
    private final ConcurrentHashMap<RequestId, Consumer<Progress>> progress = new ConcurrentHashMap<>();
    private final AtomicLong progressTokens = new AtomicLong();

    Tasks(Exchange exchange, Supplier<TaskDialect> dialect, NotificationQueue notifications) {
        this.exchange = exchange;
        this.dialect = dialect;
        this.notifications = notifications;
        this.config = exchange.config();
        this.executor = work -> Thread.ofVirtual().name("mcphost-task-" + config.name()).start(work);
    }

    String server() {
        return exchange.name();
    }

    Executor executor() {
        return executor;
    }

    <T> T await(CompletableFuture<T> future) {
        return exchange.await(future);
    }

    McpException unwrap(Throwable t) {
        return exchange.unwrap(t);
    }

    boolean canCancel() {
        return dialect.get().canCancel();
    }

    /** See {@link TaskDialect#answerInput}. */
    Optional<CompletableFuture<Boolean>> answerInput(String taskId, CallOptions options) {
        return dialect.get().answerInput(taskId, options);
    }

    /** See {@link TaskDialect#resultMethod}. */
    String resultMethod() {
        return dialect.get().resultMethod();
    }

    // ---- creating tasks -------------------------------------------------------------------------

    @Override
    public ToolTask callToolAsTask(String tool, JsonNode arguments, CallOptions options, TaskMetadata task) {
        return await(callToolAsTaskAsync(tool, arguments, options, task));
    }

    @Override
    public CompletableFuture<ToolTask> callToolAsTaskAsync(String tool, JsonNode arguments, CallOptions options,
                                                           TaskMetadata task) {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(task, "task");
        ObjectNode params = ToolListing.callParams(tool, arguments);
        exchange.require("tools", McpMethod.TOOLS_CALL);
        return dialect.get().callToolAsTask(tool, params, options, task, this);
    }

    /**
     * {@code callTool}: a call the era runs as a task (a tool that requires one; on a 2026-07-28
     * server any call may become one) is awaited within the call's deadline, and the caller gets its
     * result as from any call. Giving up (deadline, cancel, interrupt) cancels the task, since nobody
     * else knows its id. Everything else goes the plain way.
     */
    CompletableFuture<CallToolResult> callTool(String tool, ObjectNode params, CallOptions options,
                                               Supplier<CompletableFuture<CallToolResult>> plain) {
        return dialect.get().callTool(tool, params, options, plain, this);
    }

    /** The input handlers of the call that created task {@code taskId}, while a handle of this client waits on it. */
    Optional<CallOptions> inputsOf(String taskId) {
        return Optional.ofNullable(handles.get(taskId)).map(RealToolTask::inputs);
    }

    // ---- the bookkeeping the dialects write into (TaskBook) -------------------------------------

    @Override
    public ToolTask track(String tool, CreateTaskResult created, Optional<RequestId> progressToken, Duration awaitTimeout,
                          CallOptions creator) {
        RealToolTask handle = new RealToolTask(this, tool, created, progressToken, awaitTimeout,
                Attribution.withInputs(CallOptions.builder(), creator).build());
        if (!handle.task().isTerminal()) {
            handles.put(handle.taskId(), handle);
        }
        return handle;
    }

    @Override
    public RequestId progressToken(Consumer<Progress> listener) {
        RequestId token = RequestId.of("mcphost-task-progress-" + progressTokens.incrementAndGet());
        progress.put(token, listener);
        return token;
    }

    @Override
    public void releaseProgress(RequestId token) {
        progress.remove(token);
    }

    @Override
    public boolean tracks(String taskId) {
        return handles.containsKey(taskId);
    }

    @Override
    public Optional<String> toolOf(String taskId) {
        return Optional.ofNullable(handles.get(taskId)).map(RealToolTask::toolName);
    }

    @Override
    public Optional<CompletableFuture<CallToolResult>> awaitTracked(String taskId) {
        return Optional.ofNullable(handles.get(taskId)).map(handle -> handle.awaitResultAsync(config.requestTimeout()));
    }

    @Override
    public CompletableFuture<CallToolResult> awaitOwned(ToolTask handle, Duration remaining, Duration callTimeout) {
        return ((RealToolTask) handle).await(remaining, callTimeout, true);
    }

    /** Nobody waits for the task that {@code handle} created any more: forget it and cancel it at the server. */
    @Override
    public void abandoned(ToolTask handle) {
        RealToolTask task = (RealToolTask) handle;
        forget(task);
        if (!task.task().isTerminal()) {
            LOG.debug("server '{}': the caller gave up while task {} was being created; cancelling it", server(), task.taskId());
            cancelQuietly(task.taskId());
        }
    }

    @Override
    public void abandonedTask(String taskId) {
        RealToolTask handle = handles.get(taskId);
        if (handle != null) {
            abandoned(handle);
        } else {
            LOG.debug("server '{}': task {} was created for a call given up on; cancelling it", server(), taskId);
            cancelQuietly(taskId);
        }
    }

    @Override
    public Task observed(Task task) {
        RealToolTask handle = handles.get(task.taskId());
        if (handle != null) {
            handle.observe(task);
        }
        return task;
    }

    // ---- requests about a task id ---------------------------------------------------------------

    @Override
    public Task getTask(String taskId) {
        return await(getTaskAsync(taskId));
    }

    @Override
    public CompletableFuture<Task> getTaskAsync(String taskId) {
        return get(taskId, CallOptions.defaults());
    }

    @Override
    public CallToolResult getTaskResult(String taskId, CallOptions options) {
        return await(getTaskResultAsync(taskId, options));
    }

    @Override
    public CompletableFuture<CallToolResult> getTaskResultAsync(String taskId, CallOptions options) {
        return result(taskId, Optional.empty(), options);
    }

    @Override
    public List<Task> listTasks() {
        return await(listTasksAsync());
    }

    @Override
    public CompletableFuture<List<Task>> listTasksAsync() {
        return dialect.get().list(this);
    }

    @Override
    public Task cancelTask(String taskId) {
        return await(cancelTaskAsync(taskId));
    }

    @Override
    public CompletableFuture<Task> cancelTaskAsync(String taskId) {
        return cancel(taskId);
    }

    CompletableFuture<Task> get(String taskId, CallOptions options) {
        return dialect.get().get(taskId, options, this);
    }

    /**
     * The tool's result of an ended task (2025-11-25 {@code tasks/result}, which the server answers
     * only once the task has ended). The structured output is checked against the tool's schema when
     * the tool is known.
     */
    CompletableFuture<CallToolResult> result(String taskId, Optional<String> tool, CallOptions options) {
        return dialect.get().result(taskId, tool, options, this);
    }

    CompletableFuture<Task> cancel(String taskId) {
        return dialect.get().cancel(taskId, this);
    }

    /** Cancels a task nobody waits for any more. Never throws; a failure is only logged. */
    void cancelQuietly(String taskId) {
        if (!canCancel()) {
            LOG.debug("server '{}' cannot cancel tasks; task {} goes on until its ttl", server(), taskId);
            return;
        }
        try {
            cancel(taskId).whenComplete((task, error) -> {
                if (error != null) {
                    LOG.debug("server '{}': cancelling task {} failed: {}", server(), taskId, unwrap(error).getMessage());
                }
            });
        } catch (McpException e) {
            LOG.debug("server '{}': could not cancel task {}: {}", server(), taskId, e.getMessage());
        }
    }

    // ---- what the server tells about tasks ------------------------------------------------------

    /** {@code notifications/tasks/status}. Runs on the reader thread: the handle's update is cheap, the listener queued. */
    void onStatus(JsonNode params) {
        Task task;
        try {
            task = CODEC.treeToValue(params, TaskStatusNotificationParams.class).task();
        } catch (McpException e) {
            LOG.debug("server '{}': malformed task status notification ignored: {}", server(), e.getMessage());
            return;
        }
        observed(task);
        notifications.submit("task status", () -> config.onTaskStatus().accept(task));
    }

    /** The listener of a progress token of a task, if the task has one and has not ended. */
    Optional<Consumer<Progress>> progressListener(RequestId token) {
        return Optional.ofNullable(progress.get(token));
    }

    /** The client closed or failed: whoever waits for a task is told at once, not after the poll pause. */
    void abandonAll(McpException cause) {
        handles.values().forEach(handle -> handle.abandon(cause));
    }

    /** The handle's task ended: no more notifications or progress for it. */
    void forget(RealToolTask handle) {
        handles.remove(handle.taskId(), handle);
        handle.progressToken().ifPresent(progress::remove);
    }

    @Override
    public <A, B> CompletableFuture<B> chain(CompletableFuture<A> first, Function<A, CompletableFuture<B>> next,
                                             Consumer<A> onDropped) {
        return Chain.compose(first, next, onDropped, executor);
    }
}
