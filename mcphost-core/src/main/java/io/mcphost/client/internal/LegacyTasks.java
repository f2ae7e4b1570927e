package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.McpCapabilityException;
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
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.internal.FastResults;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks of revision 2025-11-25 (basic/utilities/tasks, experimental), seen from the client: the
 * {@code tasks} capability and each tool's {@code execution.taskSupport} decide; a task is created
 * by a {@code tools/call} carrying a {@code task} param, followed with {@code tasks/get},
 * {@code tasks/result}, {@code tasks/list} and {@code tasks/cancel}; progress goes on under a token
 * of our own for the task's whole life. Thread-safe; stateless apart from what {@link TaskBook} keeps
 * and the last session's answer to {@link #offersToolTasks}.
 */
final class LegacyTasks implements TaskDialect {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final ToolListing tools;
    /** The answer of {@link #offersToolTasks} for the last session that asked (a race computes it twice, alike). */
    private volatile ToolTasksOffer toolTasksOffer;

    LegacyTasks(Exchange exchange, ToolListing tools) {
        this.exchange = exchange;
        this.tools = tools;
    }


    /** Whether the server takes task-augmented {@code tools/call}: capability {@code tasks.requests.tools.call}. */
    @Override
    public boolean offersToolTasks() {
        Session session = exchange.session();
        ToolTasksOffer known = toolTasksOffer;
        if (known == null || known.session() != session) {
            known = new ToolTasksOffer(session, tasksCapability().path("requests").path("tools").has("call"));
            toolTasksOffer = known;
        }
        return known.offered();
    }

    /**
     * Whether this session's server takes task-augmented tool calls. Every {@code tools/call} asks: three
     * lookups in the capabilities' tree per call before; a new session (a re-handshake) asks its own.
     */
    private record ToolTasksOffer(Session session, boolean offered) {
    }

    @Override
    public boolean canCancel() {
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
            throw new McpCapabilityException(exchange.name(), what + " needs the server capability '" + capability
                    + "', which this server did not announce (protocol revision " + exchange.session().version().id() + ")");
        }
    }

    @Override
    public CompletableFuture<ToolTask> callToolAsTask(String tool, ObjectNode params, CallOptions options, TaskMetadata task,
                                                      TaskBook book) {
        // Spec (tasks, tool-level negotiation): without the capability, no tool may be called as a task.
        require("tasks.requests.tools.call", offersToolTasks(), "calling tool '" + tool + "' as a task");
        return book.chain(tools.taskSupport(tool), support -> {
            if (support.isEmpty()) {
                throw new McpCapabilityException(exchange.name(), "cannot call tool '" + tool + "' as a task: the server lists no such tool");
            }
            if (support.get() == TaskSupport.FORBIDDEN) {
                throw new McpCapabilityException(exchange.name(), "tool '" + tool + "' cannot run as a task: "
                        + "the server lists it without execution.taskSupport 'optional' or 'required'");
            }
            return create(tool, params, options, task, book);
        }, dropped -> { });
    }

    private CompletableFuture<ToolTask> create(String tool, ObjectNode params, CallOptions options, TaskMetadata task,
                                               TaskBook book) {
        params.set("task", CODEC.valueToTree(task));
        CallOptions.Builder sent = Attribution.withInputs(CallOptions.builder(), options);
        options.requestTimeout().ifPresent(sent::timeout);
        options.meta().ifPresent(sent::meta);
        Optional<RequestId> token = options.onProgress().map(listener -> {
            // Our own token, not the request id: progress goes on for the task's whole life (tasks, "Task
            // Progress Notifications"), long after the creating request was answered.
            RequestId value = book.progressToken(listener);
            params.putObject("_meta").put("progressToken", ((RequestId.StringId) value).value());
            return value;
        });
        Duration awaitTimeout = options.requestTimeout().orElse(exchange.config().requestTimeout());
        Function<JsonNode, ToolTask> decode = result -> {
            if (!result.path("task").isObject()) {
                // No server name here: send() wraps this in an exception that names it.
                throw new McpProtocolException(null, "tools/call of '" + tool
                        + "' asked for a task, but the answer carries none: " + abbreviate(result));
            }
            return book.track(tool, CODEC.treeToValue(result, CreateTaskResult.class), token, awaitTimeout, options);
        };
        // Created "detached" (Exchange.sendCreating): a caller who gives up while the server creates the task
        // must not leave it running, and only the answer names it, so it is cancelled once the answer arrives.
        CompletableFuture<ToolTask> created = exchange.sendCreating(McpMethod.TOOLS_CALL, params, sent.build(), decode,
                book::abandoned);
        created.whenComplete((handle, error) -> {
            if (error != null || handle.task().isTerminal()) {
                token.ifPresent(book::releaseProgress);
            }
        });
        return created;
    }

    /**
     * A tool that requires a task runs as one, within the call's deadline (tasks, tool-level
     * negotiation: such a tool must not be called plainly). Everything else goes the plain way.
     */
    @Override
    public CompletableFuture<CallToolResult> callTool(String tool, ObjectNode params, CallOptions options,
                                                      Supplier<CompletableFuture<CallToolResult>> plain, TaskBook book) {
        Duration timeout = options.requestTimeout().orElse(exchange.config().requestTimeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, TaskSupport> known = tools.knownTaskSupport();
        if (!offersToolTasks() || (known != null && known.containsKey(tool) && known.get(tool) != TaskSupport.REQUIRED)) {
            return plain.get();
        }
        return book.chain(tools.taskSupport(tool), support -> {
            if (support.orElse(TaskSupport.FORBIDDEN) != TaskSupport.REQUIRED) {
                return plain.get();
            }
            CallOptions.Builder bounded = Attribution.withInputs(CallOptions.builder(), options).timeout(TaskBook.remaining(deadline));
            options.onProgress().ifPresent(bounded::onProgress);
            options.meta().ifPresent(bounded::meta);
            // A caller who gave up just as the task was created (the cancel raced the answer past sendCreating's
            // check) leaves the handle to chain's onDropped: the task is cancelled, not leaked.
            return book.chain(create(tool, params, bounded.build(), TaskMetadata.create(), book),
                    handle -> book.awaitOwned(handle, TaskBook.remaining(deadline), timeout), book::abandoned);
        }, dropped -> { });
    }

    @Override
    public CompletableFuture<Task> get(String taskId, CallOptions options, TaskBook book) {
        require("tasks", tasksCapability().isObject(), McpMethod.TASKS_GET);
        return exchange.send(McpMethod.TASKS_GET, idParams(taskId), options,
                result -> book.observed(CODEC.treeToValue(result, GetTaskResult.class).task()));
    }

    /**
     * {@code tasks/result}, which the server answers only once the task has ended. The structured
     * output is checked against the tool's schema when the tool is known.
     */
    @Override
    public CompletableFuture<CallToolResult> result(String taskId, Optional<String> tool, CallOptions options, TaskBook book) {
        require("tasks", tasksCapability().isObject(), McpMethod.TASKS_RESULT);
        Optional<String> toolName = tool.or(() -> book.toolOf(taskId));
        return exchange.send(McpMethod.TASKS_RESULT, idParams(taskId), options, result -> {
            CallToolResult decoded = CODEC.treeToValue(result, CallToolResult.class, FastResults::callToolResult);
            toolName.ifPresent(name -> tools.checkStructuredContent(name, decoded));
            return decoded;
        });
    }

    @Override
    public CompletableFuture<List<Task>> list(TaskBook book) {
        require("tasks.list", tasksCapability().has("list"), McpMethod.TASKS_LIST);
        return Paging.all(exchange, McpMethod.TASKS_LIST, "tasks", Task.class).thenApply(tasks -> {
            tasks.forEach(book::observed);
            return tasks;
        });
    }

    @Override
    public CompletableFuture<Task> cancel(String taskId, TaskBook book) {
        require("tasks.cancel", canCancel(), McpMethod.TASKS_CANCEL);
        return exchange.send(McpMethod.TASKS_CANCEL, idParams(taskId), CallOptions.defaults(),
                result -> book.observed(CODEC.treeToValue(result, CancelTaskResult.class).task()));
    }

    /** tasks/result is where a 2025-11-25 server delivers an input_required task's questions: nothing to answer here. */
    @Override
    public Optional<CompletableFuture<Boolean>> answerInput(String taskId, CallOptions options) {
        return Optional.empty();
    }

    @Override
    public String resultMethod() {
        return McpMethod.TASKS_RESULT;
    }

    private static ObjectNode idParams(String taskId) {
        return CODEC.newObject().put("taskId", Objects.requireNonNull(taskId, "taskId"));
    }

    private static String abbreviate(JsonNode json) {
        String text = json.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
