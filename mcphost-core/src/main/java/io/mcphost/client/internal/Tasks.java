package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientTasks;
import io.mcphost.client.Progress;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.CancelTaskResult;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.GetTaskResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatusNotificationParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool calls run as tasks (2025-11-25 basic/utilities/tasks, experimental): the capability and
 * per-tool checks, creating a task, the requests about a task id ({@code tasks/get}, {@code tasks/result},
 * {@code tasks/list}, {@code tasks/cancel}), status notifications and progress that outlive the creating
 * request, and the path by which {@code callTool} runs a tool that requires a task. Thread-safe; the
 * waiting itself lives in {@link RealToolTask}.
 */
final class Tasks implements ClientTasks {
    private static final Logger LOG = LoggerFactory.getLogger(Tasks.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    // One daemon thread for all clients: it only fires deadlines and poll pauses; the work goes to virtual threads.
    static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcphost-task-timers");
        t.setDaemon(true);
        return t;
    });

    private final Exchange exchange;
    private final Operations operations;
    private final NotificationQueue notifications;
    private final ClientConfig config;
    private final Executor executor;
    /** Task support of each tool as last listed; null until the tools were listed. */
    private volatile Map<String, TaskSupport> toolSupport;
    /** Handles whose task was not yet seen ending, so status notifications reach them. */
    private final ConcurrentHashMap<String, RealToolTask> handles = new ConcurrentHashMap<>();
    /** Progress listeners by token, kept until their task ends: the token outlives the creating request. */
    private final ConcurrentHashMap<RequestId, Consumer<Progress>> progress = new ConcurrentHashMap<>();
    private final AtomicLong progressTokens = new AtomicLong();
    /** The 2026-07-28 tasks extension: the same handles, other requests (ModernTasks). */
    private final ModernTasks modern;

    Tasks(Exchange exchange, Operations operations, NotificationQueue notifications) {
        this.exchange = exchange;
        this.operations = operations;
        this.notifications = notifications;
        this.config = exchange.config();
        this.executor = work -> Thread.ofVirtual().name("mcphost-task-" + config.name()).start(work);
        this.modern = new ModernTasks(exchange);
    }

    ModernTasks modern() {
        return modern;
    }

    /** Whether the session speaks 2026-07-28, whose tasks are the extension's. */
    boolean isModern() {
        return modern.active();
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

    // ---- capabilities ---------------------------------------------------------------------------

    /** Whether the server takes task-augmented {@code tools/call}: capability {@code tasks.requests.tools.call}. */
    boolean offersToolTasks() {
        if (isModern()) {
            return modern.offered();
        }
        return tasksCapability().path("requests").path("tools").has("call");
    }

    boolean canCancel() {
        if (isModern()) {
            return modern.offered();
        }
        return tasksCapability().has("cancel");
    }

    /** The server's {@code tasks} capability; missing before 2025-11-25, the revision that introduced tasks. */
    private JsonNode tasksCapability() {
        Session session = exchange.session();
        return session.version().isAtLeast(ProtocolVersion.V2025_11_25)
                ? session.capabilitiesJson().path("tasks") : MissingNode.getInstance();
    }

    private void require(String capability, boolean present, String what) {
        if (!present) {
            throw new McpCapabilityException(server(), what + " needs the server capability '" + capability
                    + "', which this server did not announce (protocol revision " + exchange.session().version().id() + ")");
        }
    }

    private void requireExtension(String what) {
        require("extensions." + io.mcphost.protocol.modern.ModernMeta.TASKS_EXTENSION, modern.offered(), what);
    }

    /** Remembers each tool's {@code execution.taskSupport}; called with every full tools listing. */
    void toolsListed(List<Tool> tools) {
        Map<String, TaskSupport> support = new HashMap<>();
        for (Tool tool : tools) {
            support.put(tool.name(), tool.execution().map(ToolExecution::effectiveTaskSupport).orElse(TaskSupport.FORBIDDEN));
        }
        toolSupport = Map.copyOf(support);
    }

    /** The tool's task support, listing the tools when it is not known yet; empty for a tool the server does not list. */
    private CompletableFuture<Optional<TaskSupport>> supportOf(String tool) {
        Map<String, TaskSupport> known = toolSupport;
        if (known != null && known.containsKey(tool)) {
            return CompletableFuture.completedFuture(Optional.of(known.get(tool)));
        }
        // Never listed, or listed before the tool appeared: only the server's list can tell.
        return operations.listTools().thenApply(tools -> tools.stream().filter(t -> t.name().equals(tool)).findFirst()
                .map(t -> t.execution().map(ToolExecution::effectiveTaskSupport).orElse(TaskSupport.FORBIDDEN)));
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
        ObjectNode params = Operations.toolCallParams(tool, arguments);
        exchange.require("tools", McpMethod.TOOLS_CALL);
        // Spec (tasks, tool-level negotiation): without the capability, no tool may be called as a task.
        if (isModern()) {
            requireExtension("calling tool '" + tool + "' as a task");
            // No per-request opt-in in this revision: the server decides; an answer at once is an ended handle.
            return create(tool, params, options, task);
        }
        require("tasks.requests.tools.call", offersToolTasks(), "calling tool '" + tool + "' as a task");
        return chain(supportOf(tool), support -> {
            if (support.isEmpty()) {
                throw new McpCapabilityException(server(), "cannot call tool '" + tool + "' as a task: the server lists no such tool");
            }
            if (support.get() == TaskSupport.FORBIDDEN) {
                throw new McpCapabilityException(server(), "tool '" + tool + "' cannot run as a task: "
                        + "the server lists it without execution.taskSupport 'optional' or 'required'");
            }
            return create(tool, params, options, task);
        });
    }

    private CompletableFuture<ToolTask> create(String tool, ObjectNode params, CallOptions options, TaskMetadata task) {
        boolean isModern = isModern();
        if (!isModern) {
            params.set("task", CODEC.valueToTree(task));
        }
        // 2026-07-28: the call goes as the caller asked (progress, deadline rules, input rounds before the task
        // exists); progress arrives on the request's own stream, which ends with the answer.
        CallOptions.Builder sent = isModern ? options.toBuilder() : CallOptions.builder();
        options.requestTimeout().ifPresent(sent::timeout);
        options.meta().ifPresent(sent::meta);
        Optional<RequestId> token = isModern ? Optional.empty() : options.onProgress().map(listener -> {
            // Our own token, not the request id: progress goes on for the task's whole life (tasks, "Task
            // Progress Notifications"), long after the creating request was answered.
            String value = "mcphost-task-progress-" + progressTokens.incrementAndGet();
            progress.put(RequestId.of(value), listener);
            params.putObject("_meta").put("progressToken", value);
            return RequestId.of(value);
        });
        Duration awaitTimeout = options.requestTimeout().orElse(config.requestTimeout());
        // Created "detached" (Exchange.sendCreating): a caller who gives up while the server creates the task
        // must not leave it running, and only the answer names it, so it is cancelled once the answer arrives.
        java.util.function.Function<JsonNode, ToolTask> decode = result -> {
            if (isModern) {
                return modernHandle(tool, result, awaitTimeout);
            }
            if (!result.path("task").isObject()) {
                // No server name here: send() wraps this in an exception that names it.
                throw new McpProtocolException(null, "tools/call of '" + tool
                        + "' asked for a task, but the answer carries none: " + abbreviate(result));
            }
            RealToolTask handle = new RealToolTask(this, tool, CODEC.treeToValue(result, CreateTaskResult.class), token,
                    awaitTimeout);
            if (!handle.task().isTerminal()) {
                handles.put(handle.taskId(), handle);
            }
            return handle;
        };
        // 2026-07-28: every tool call may come back as a task, so most are plain calls; a caller who gives up
        // cancels the request as for any call (notifications/cancelled; over HTTP its stream closes), so the
        // server stops the work. A 2025-11-25 task request is "detached" instead (see sendCreating).
        CompletableFuture<ToolTask> created = isModern
                ? exchange.send(McpMethod.TOOLS_CALL, params, sent.build(), decode)
                : exchange.sendCreating(McpMethod.TOOLS_CALL, params, sent.build(), decode, this::abandoned);
        created.whenComplete((handle, error) -> {
            if (error != null || handle.task().isTerminal()) {
                token.ifPresent(progress::remove);
            }
        });
        return created;
    }

    /**
     * {@code callTool}: a tool that requires a task runs as one, within the call's deadline, and the
     * caller gets its result as from any call (tasks, tool-level negotiation: such a tool must not be
     * called plainly). Giving up (deadline, cancel, interrupt) cancels the task, since nobody else
     * knows its id. Everything else goes the plain way. On a 2026-07-28 server any call may become a task.
     */
    CompletableFuture<CallToolResult> callTool(String tool, ObjectNode params, CallOptions options,
                                               Supplier<CompletableFuture<CallToolResult>> plain) {
        Duration timeout = options.requestTimeout().orElse(config.requestTimeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        if (isModern()) {
            // 2026-07-28 (extension io.modelcontextprotocol/tasks): any call may come back as a task handle,
            // unsolicited; it is polled to its result within the call's deadline, unseen by the caller.
            // Sent like a plain call (not detached as create() does): a caller who gives up during the call's
            // own input rounds stops them. An answer at once is the result, however little of the deadline is left.
            return !modern.offered() ? plain.get() : chain(exchange.send(McpMethod.TOOLS_CALL, params,
                    options.toBuilder().timeout(timeout).build(), result -> modernHandle(tool, result, timeout)), handle -> handle.taskId().startsWith(ModernTasks.IMMEDIATE_PREFIX)
                            ? result(handle.taskId(), Optional.of(tool), CallOptions.defaults())
                            : ((RealToolTask) handle).await(RealToolTask.remaining(deadline), timeout, true), this::abandoned);
        }
        Map<String, TaskSupport> known = toolSupport;
        if (!offersToolTasks() || (known != null && known.containsKey(tool) && known.get(tool) != TaskSupport.REQUIRED)) {
            return plain.get();
        }
        return chain(supportOf(tool), support -> {
            if (support.orElse(TaskSupport.FORBIDDEN) != TaskSupport.REQUIRED) {
                return plain.get();
            }
            CallOptions.Builder bounded = CallOptions.builder().timeout(RealToolTask.remaining(deadline));
            options.onProgress().ifPresent(bounded::onProgress);
            options.meta().ifPresent(bounded::meta);
            // A caller who gave up just as the task was created (the cancel raced the answer past sendCreating's
            // check) leaves the handle to chain's onDropped: the task is cancelled, not leaked.
            return chain(create(tool, params, bounded.build(), TaskMetadata.create()),
                    handle -> ((RealToolTask) handle).await(RealToolTask.remaining(deadline), timeout, true),
                    this::abandoned);
        });
    }

    /** The handle of a 2026-07-28 tools/call answer: a task handle, or an ended one holding the result at once. */
    private ToolTask modernHandle(String tool, JsonNode result, Duration awaitTimeout) {
        Task made = ModernTasks.isTaskHandle(result) ? ModernTasks.task(result) : modern.immediate(result);
        RealToolTask handle = new RealToolTask(this, tool, CreateTaskResult.of(made), Optional.empty(), awaitTimeout);
        if (!made.isTerminal()) {
            handles.put(handle.taskId(), handle);
        }
        return handle;
    }

    /** Nobody waits for the task that {@code handle} created any more: forget it and cancel it at the server. */
    private void abandoned(ToolTask handle) {
        RealToolTask task = (RealToolTask) handle;
        forget(task);
        if (!task.task().isTerminal()) {
            LOG.debug("server '{}': the caller gave up while task {} was being created; cancelling it", server(), task.taskId());
            cancelQuietly(task.taskId());
        }
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
        return list();
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
        if (isModern()) {
            requireExtension(McpMethod.TASKS_GET);
            return modern.get(taskId, options, handles.containsKey(taskId)).thenApply(this::observed);
        }
        require("tasks", tasksCapability().isObject(), McpMethod.TASKS_GET);
        return exchange.send(McpMethod.TASKS_GET, idParams(taskId), options,
                result -> observed(CODEC.treeToValue(result, GetTaskResult.class).task()));
    }

    /**
     * {@code tasks/result}, which the server answers only once the task has ended. The structured
     * output is checked against the tool's schema when the tool is known.
     */
    CompletableFuture<CallToolResult> result(String taskId, Optional<String> tool, CallOptions options) {
        if (isModern()) {
            requireExtension(McpMethod.TASKS_GET);
            RealToolTask handle = handles.get(taskId);
            if (tool.isEmpty() && handle != null) {
                // The public getTaskResult waits for the end, as tasks/result does in 2025-11-25.
                return handle.awaitResultAsync(config.requestTimeout());
            }
            Optional<String> name = tool.or(() -> Optional.ofNullable(handle).map(RealToolTask::toolName));
            return modern.result(taskId, options).thenApply(decoded -> {
                name.ifPresent(n -> operations.checkStructuredContent(n, decoded));
                return decoded;
            });
        }
        require("tasks", tasksCapability().isObject(), McpMethod.TASKS_RESULT);
        Optional<String> toolName = tool.or(() -> Optional.ofNullable(handles.get(taskId)).map(RealToolTask::toolName));
        return exchange.send(McpMethod.TASKS_RESULT, idParams(taskId), options, result -> {
            CallToolResult decoded = CODEC.treeToValue(result, CallToolResult.class);
            toolName.ifPresent(name -> operations.checkStructuredContent(name, decoded));
            return decoded;
        });
    }

    CompletableFuture<List<Task>> list() {
        require("tasks.list", tasksCapability().has("list"), McpMethod.TASKS_LIST);
        return operations.pages(McpMethod.TASKS_LIST, "tasks", Task.class).thenApply(tasks -> {
            tasks.forEach(this::observed);
            return tasks;
        });
    }

    CompletableFuture<Task> cancel(String taskId) {
        if (isModern()) {
            requireExtension(McpMethod.TASKS_CANCEL);
            return modern.cancel(taskId).thenApply(this::observed);
        }
        require("tasks.cancel", canCancel(), McpMethod.TASKS_CANCEL);
        return exchange.send(McpMethod.TASKS_CANCEL, idParams(taskId), CallOptions.defaults(),
                result -> observed(CODEC.treeToValue(result, CancelTaskResult.class).task()));
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

    private static ObjectNode idParams(String taskId) {
        return CODEC.newObject().put("taskId", Objects.requireNonNull(taskId, "taskId"));
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

    private Task observed(Task task) {
        RealToolTask handle = handles.get(task.taskId());
        if (handle != null) {
            handle.observe(task);
        }
        return task;
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

    /** {@link Chain#compose} on this client's task threads; nothing is dropped that needs handling. */
    <A, B> CompletableFuture<B> chain(CompletableFuture<A> first, Function<A, CompletableFuture<B>> next) {
        return Chain.compose(first, next, dropped -> { }, executor);
    }

    /** {@link Chain#compose} on this client's task threads; a value the caller no longer wants goes to {@code onDropped}. */
    <A, B> CompletableFuture<B> chain(CompletableFuture<A> first, Function<A, CompletableFuture<B>> next,
                                      Consumer<A> onDropped) {
        return Chain.compose(first, next, onDropped, executor);
    }

    private static String abbreviate(JsonNode json) {
        String text = json.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
