package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpInputRequiredException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.EraTranslation;
import io.mcphost.protocol.modern.InputRequest;
import io.mcphost.protocol.modern.InputRound;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.internal.FastResults;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks extension ({@code io.modelcontextprotocol/tasks}) of revision 2026-07-28, seen from the
 * client, behind the same {@link io.mcphost.client.ToolTask} as the 2025-11-25 tasks: a tool call may
 * be answered with a flat {@code CreateTaskResult} ({@code resultType: "task"}) whether or not the
 * caller asked for a task; {@code tasks/get} returns the task with its result or error inlined once it
 * ended, and its questions ({@code inputRequests}) while it is {@code input_required}; those are
 * answered with the application's handlers and sent back with {@code tasks/update}. There is no
 * {@code tasks/result} or {@code tasks/list}; {@code tasks/cancel} is a bare acknowledgement.
 * Thread-safe.
 */
final class ModernTasks implements TaskDialect {
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Ids of handles made for a call the server answered at once: never sent to the server. */
    static final String IMMEDIATE_PREFIX = "mcphost-immediate-";
    private static final AtomicLong IMMEDIATE_IDS = new AtomicLong();

    private final Exchange exchange;
    private final ToolListing tools;
    private final ServerRequests handlers;
    private final ClientConfig config;
    /** How each task waited for ended (the inlined result or error), kept until its result is fetched once. */
    private final Map<String, JsonNode> outcomes = new ConcurrentHashMap<>();
    /** The input request keys of each task already answered, so a poll that still shows them does not ask again. */
    private final Map<String, Set<String>> answered = new ConcurrentHashMap<>();

    /**
     * @param handlers the handlers that answer a task's questions: those of elicitation, sampling and
     *                 roots, as for a legacy server's requests
     */
    ModernTasks(Exchange exchange, ToolListing tools, ServerRequests handlers) {
        this.exchange = exchange;
        this.tools = tools;
        this.handlers = handlers;
        this.config = exchange.config();
    }

    /** Whether the server announced the extension in {@code server/discover}. */
    private boolean offered() {
        return exchange.session().capabilitiesJson().path("extensions").has(ModernMeta.TASKS_EXTENSION);
    }

    /** Every call may come back as a task when the server announced the extension. */
    @Override
    public boolean offersToolTasks() {
        return offered();
    }

    @Override
    public boolean canCancel() {
        return offered();
    }

    private void requireExtension(String what) {
        if (!offered()) {
            throw new McpCapabilityException(exchange.name(), what + " needs the server capability 'extensions."
                    + ModernMeta.TASKS_EXTENSION + "', which this server did not announce (protocol revision "
                    + exchange.session().version().id() + ")");
        }
    }

    @Override
    public CompletableFuture<ToolTask> callToolAsTask(String tool, ObjectNode params, CallOptions options, TaskMetadata task,
                                                      TaskBook book) {
        requireExtension("calling tool '" + tool + "' as a task");
        // No per-request opt-in in this revision: the server decides; an answer at once is an ended handle.
        // The call goes as the caller asked (progress, deadline rules, input rounds before the task exists);
        // progress arrives on the request's own stream, which ends with the answer. A caller who gives up
        // cancels the request as for any call (notifications/cancelled; over HTTP its stream closes).
        Duration awaitTimeout = options.requestTimeout().orElse(config.requestTimeout());
        CallOptions.Builder sent = options.toBuilder();
        options.requestTimeout().ifPresent(sent::timeout);
        options.meta().ifPresent(sent::meta);
        return exchange.sendUndoable(McpMethod.TOOLS_CALL, params, sent.build(),
                result -> handle(tool, result, awaitTimeout, book, options), answer -> abandoned(answer, book));
    }

    /**
     * Any call may come back as a task handle, unsolicited; it is polled to its result within the
     * call's deadline, unseen by the caller. Sent like a plain call: a caller who gives up during the
     * call's own input rounds stops them. An answer at once is the result, however little of the
     * deadline is left.
     */
    @Override
    public CompletableFuture<CallToolResult> callTool(String tool, ObjectNode params, CallOptions options,
                                                      Supplier<CompletableFuture<CallToolResult>> plain, TaskBook book) {
        if (!offered()) {
            return plain.get();
        }
        Duration timeout = options.requestTimeout().orElse(config.requestTimeout());
        long deadline = System.nanoTime() + timeout.toNanos();
        // Given up while the server answered with a task (the answer on its way, or arriving late): the
        // task is cancelled, not left running (sendUndoable); once the handle is made, Chain's onDropped.
        return book.chain(exchange.sendUndoable(McpMethod.TOOLS_CALL, params, options.toBuilder().timeout(timeout).build(),
                        result -> handle(tool, result, timeout, book, options), answer -> abandoned(answer, book)),
                handle -> handle.taskId().startsWith(IMMEDIATE_PREFIX)
                        ? result(handle.taskId(), Optional.of(tool), CallOptions.defaults(), book)
                        : book.awaitOwned(handle, TaskBook.remaining(deadline), timeout), book::abandoned);
    }

    /** A tools/call answer nobody got: if it made a task, the task is cancelled (an input round or a result made nothing). */
    private void abandoned(JsonNode answer, TaskBook book) {
        if (EraTranslation.isTaskHandle(answer)) {
            book.abandonedTask(EraTranslation.legacyTask(answer).taskId());
        }
    }

    /** The handle of a tools/call answer: a task handle, or an ended one holding the result at once. */
    private ToolTask handle(String tool, JsonNode result, Duration awaitTimeout, TaskBook book, CallOptions creator) {
        Task made = EraTranslation.isTaskHandle(result) ? EraTranslation.legacyTask(result) : immediate(result);
        return book.track(tool, CreateTaskResult.of(made), Optional.empty(), awaitTimeout, creator);
    }

    /**
     * A handle for a call the server answered at once: already completed, its result kept here. Keeps
     * {@code callToolAsTask} working against a server that chose not to make a task.
     */
    Task immediate(JsonNode result) {
        String id = IMMEDIATE_PREFIX + IMMEDIATE_IDS.incrementAndGet();
        outcomes.put(id, result);
        String now = Instant.now().toString();
        return new Task(id, TaskStatus.COMPLETED, Optional.empty(), now, now, Optional.empty(), Optional.empty());
    }

    @Override
    public CompletableFuture<Task> get(String taskId, CallOptions options, TaskBook book) {
        requireExtension(McpMethod.TASKS_GET);
        return get(taskId, options, book.tracks(taskId)).thenApply(book::observed);
    }

    /** {@code tasks/get}: the task now; an inlined outcome is kept for {@link #result} when {@code keep}. */
    private CompletableFuture<Task> get(String taskId, CallOptions options, boolean keep) {
        if (taskId.startsWith(IMMEDIATE_PREFIX)) {
            String now = Instant.now().toString();
            return CompletableFuture.completedFuture(
                    new Task(taskId, TaskStatus.COMPLETED, Optional.empty(), now, now, Optional.empty(), Optional.empty()));
        }
        return exchange.send(McpMethod.TASKS_GET, idParams(taskId), options, detailed -> {
            Task task = EraTranslation.legacyTask(detailed);
            if (keep && task.isTerminal()) {
                outcomes.put(taskId, detailed);
            }
            if (task.status() == TaskStatus.INPUT_REQUIRED) {
                outcomes.put(taskId, detailed); // the questions, for answer()
            }
            return task;
        });
    }

    @Override
    public CompletableFuture<CallToolResult> result(String taskId, Optional<String> tool, CallOptions options, TaskBook book) {
        requireExtension(McpMethod.TASKS_GET);
        if (tool.isEmpty()) {
            // The public getTaskResult waits for the end, as tasks/result does in 2025-11-25.
            Optional<CompletableFuture<CallToolResult>> awaited = book.awaitTracked(taskId);
            if (awaited.isPresent()) {
                return awaited.get();
            }
        }
        Optional<String> name = tool.or(() -> book.toolOf(taskId));
        return result(taskId, options).thenApply(decoded -> {
            name.ifPresent(n -> tools.checkStructuredContent(n, decoded));
            return decoded;
        });
    }

    /** tasks/list does not exist in this revision: refused before anything is sent, as any removed method. */
    @Override
    public CompletableFuture<List<Task>> list(TaskBook book) {
        throw new McpCapabilityException(exchange.name(), McpMethod.TASKS_LIST + " needs the server capability 'tasks.list', "
                + "which this server did not announce (protocol revision " + exchange.session().version().id() + ")");
    }

    /**
     * The tool's result of an ended task, from what the last {@code tasks/get} inlined (asking again
     * when nothing is kept): its {@code result}, or its {@code error} as an {@link McpError}.
     */
    private CompletableFuture<CallToolResult> result(String taskId, CallOptions options) {
        JsonNode kept = outcomes.remove(taskId);
        answered.remove(taskId);
        if (kept != null && (taskId.startsWith(IMMEDIATE_PREFIX) || EraTranslation.legacyTask(kept).isTerminal())) {
            try {
                return CompletableFuture.completedFuture(decode(taskId, kept));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return exchange.send(McpMethod.TASKS_GET, idParams(taskId), options, detailed -> decode(taskId, detailed));
    }

    private CallToolResult decode(String taskId, JsonNode detailed) {
        if (taskId.startsWith(IMMEDIATE_PREFIX)) {
            return CODEC.treeToValue(detailed, CallToolResult.class, FastResults::callToolResult);
        }
        Optional<JsonNode> result = EraTranslation.inlinedResult(detailed);
        if (result.isPresent()) {
            return CODEC.treeToValue(result.get(), CallToolResult.class, FastResults::callToolResult);
        }
        Optional<JsonRpcError> error = EraTranslation.inlinedError(detailed);
        if (error.isPresent()) {
            throw new McpError(exchange.name(), McpMethod.TASKS_GET, error.get());
        }
        Task task = EraTranslation.legacyTask(detailed);
        throw new McpProtocolException(exchange.name(), "task " + taskId + " is " + task.status().name().toLowerCase(Locale.ROOT)
                + ", and tasks/get inlined neither a result nor an error");
    }

    @Override
    public Optional<CompletableFuture<Boolean>> answerInput(String taskId, CallOptions options) {
        return Optional.of(answer(taskId, options));
    }

    @Override
    public String resultMethod() {
        return McpMethod.TASKS_GET;
    }

    /**
     * Answers the questions of an {@code input_required} task that were not answered yet, with one
     * {@code tasks/update}. Completes with false when there was nothing new to answer (the server has
     * not yet seen the last answers), so the caller pauses and polls again.
     */
    private CompletableFuture<Boolean> answer(String taskId, CallOptions options) {
        JsonNode detailed = outcomes.get(taskId);
        ServerRequests current = handlers;
        if (detailed == null || current == null || !detailed.path("inputRequests").isObject()) {
            return CompletableFuture.completedFuture(false);
        }
        Set<String> done = answered.computeIfAbsent(taskId, k -> ConcurrentHashMap.newKeySet());
        Map<String, InputRequest> asked = new LinkedHashMap<>(EraTranslation.taskInputRequests(detailed));
        asked.keySet().removeAll(done);
        if (asked.isEmpty()) {
            return CompletableFuture.completedFuture(false);
        }
        Map<String, CompletableFuture<JsonNode>> futures = new LinkedHashMap<>();
        for (Map.Entry<String, InputRequest> e : asked.entrySet()) {
            Optional<CompletableFuture<JsonNode>> f = current.answerInput(e.getKey(), e.getValue().method(), e.getValue().params(),
                    options);
            if (f.isEmpty()) {
                futures.values().forEach(x -> x.cancel(false));
                return CompletableFuture.failedFuture(new McpInputRequiredException(exchange.name(), "task " + taskId
                        + " asks for " + e.getKey() + " (" + e.getValue().method() + "), which no registered handler answers",
                        new InputRound(ModernMethods.TASKS_UPDATE, idParams(taskId), Optional.empty(), asked)));
            }
            futures.put(e.getKey(), f.get());
        }
        return CompletableFuture.allOf(futures.values().toArray(CompletableFuture[]::new)).thenCompose(all -> {
            Map<String, JsonNode> responses = new LinkedHashMap<>();
            futures.forEach((key, f) -> responses.put(key, f.join()));
            return exchange.send(ModernMethods.TASKS_UPDATE, EraTranslation.taskUpdate(taskId, responses), options, ack -> {
                done.addAll(futures.keySet());
                return true;
            });
        });
    }

    @Override
    public CompletableFuture<Task> cancel(String taskId, TaskBook book) {
        requireExtension(McpMethod.TASKS_CANCEL);
        return cancel(taskId).thenApply(book::observed);
    }

    /** {@code tasks/cancel} (a bare acknowledgement), then the task as it is now. */
    private CompletableFuture<Task> cancel(String taskId) {
        if (taskId.startsWith(IMMEDIATE_PREFIX)) {
            return get(taskId, CallOptions.defaults(), false);
        }
        return exchange.send(McpMethod.TASKS_CANCEL, idParams(taskId), CallOptions.defaults(), ack -> ack)
                .thenCompose(ack -> get(taskId, CallOptions.defaults(), false));
    }

    private static ObjectNode idParams(String taskId) {
        return CODEC.newObject().put("taskId", taskId);
    }
}
