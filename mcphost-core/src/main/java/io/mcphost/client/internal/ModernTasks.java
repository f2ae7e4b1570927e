package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpInputRequiredException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.InputRequest;
import io.mcphost.protocol.modern.InputRound;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
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
final class ModernTasks {
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Ids of handles made for a call the server answered at once: never sent to the server. */
    static final String IMMEDIATE_PREFIX = "mcphost-immediate-";
    private static final AtomicLong IMMEDIATE_IDS = new AtomicLong();

    private final Exchange exchange;
    private volatile ServerRequests handlers;
    /** How each task waited for ended (the inlined result or error), kept until its result is fetched once. */
    private final Map<String, JsonNode> outcomes = new ConcurrentHashMap<>();
    /** The input request keys of each task already answered, so a poll that still shows them does not ask again. */
    private final Map<String, Set<String>> answered = new ConcurrentHashMap<>();

    ModernTasks(Exchange exchange) {
        this.exchange = exchange;
    }

    /** The handlers that answer a task's questions: those of elicitation, sampling and roots. */
    void handlers(ServerRequests handlers) {
        this.handlers = handlers;
    }

    /** Whether the session speaks revision 2026-07-28 (the tasks extension, not the 2025-11-25 tasks). */
    boolean active() {
        return exchange.session().modern();
    }

    /** Whether the server announced the extension in {@code server/discover}. */
    boolean offered() {
        return exchange.session().capabilitiesJson().path("extensions").has(ModernMeta.TASKS_EXTENSION);
    }

    /** Declares the extension in a modern request's client capabilities: we accept task handles on every call. */
    static void declare(ObjectNode capabilities) {
        JsonNode existing = capabilities.get("extensions");
        ObjectNode extensions = existing instanceof ObjectNode o ? o : capabilities.putObject("extensions");
        if (!extensions.has(ModernMeta.TASKS_EXTENSION)) {
            extensions.putObject(ModernMeta.TASKS_EXTENSION);
        }
    }

    static boolean isTaskHandle(JsonNode result) {
        return "task".equals(result.path("resultType").asString(""));
    }

    /** The task a flat CreateTaskResult or DetailedTask describes, in the shape the public API has. */
    static Task task(JsonNode flat) {
        String id = flat.path("taskId").asString("");
        if (id.isEmpty()) {
            throw new McpProtocolException(null, "a task without a taskId: " + abbreviate(flat));
        }
        TaskStatus status = status(flat.path("status").asString(""));
        return new Task(id, status, text(flat, "statusMessage"), flat.path("createdAt").asString(Instant.now().toString()),
                flat.path("lastUpdatedAt").asString(flat.path("createdAt").asString(Instant.now().toString())),
                millis(flat, "ttlMs"), millis(flat, "pollIntervalMs"));
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

    /** {@code tasks/get}: the task now; an inlined outcome is kept for {@link #result} when {@code keep}. */
    CompletableFuture<Task> get(String taskId, CallOptions options, boolean keep) {
        if (taskId.startsWith(IMMEDIATE_PREFIX)) {
            String now = Instant.now().toString();
            return CompletableFuture.completedFuture(
                    new Task(taskId, TaskStatus.COMPLETED, Optional.empty(), now, now, Optional.empty(), Optional.empty()));
        }
        return exchange.send(McpMethod.TASKS_GET, idParams(taskId), options, detailed -> {
            Task task = task(detailed);
            if (keep && task.isTerminal()) {
                outcomes.put(taskId, detailed);
            }
            if (task.status() == TaskStatus.INPUT_REQUIRED) {
                outcomes.put(taskId, detailed); // the questions, for answer()
            }
            return task;
        });
    }

    /**
     * The tool's result of an ended task, from what the last {@code tasks/get} inlined (asking again
     * when nothing is kept): its {@code result}, or its {@code error} as an {@link McpError}.
     */
    CompletableFuture<CallToolResult> result(String taskId, CallOptions options) {
        JsonNode kept = outcomes.remove(taskId);
        answered.remove(taskId);
        if (kept != null && (taskId.startsWith(IMMEDIATE_PREFIX) || task(kept).isTerminal())) {
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
            return CODEC.treeToValue(detailed, CallToolResult.class);
        }
        if (detailed.path("result").isObject()) {
            return CODEC.treeToValue(detailed.get("result"), CallToolResult.class);
        }
        JsonNode error = detailed.path("error");
        if (error.isObject()) {
            throw new McpError(exchange.name(), McpMethod.TASKS_GET, new JsonRpcError(error.path("code").asInt(JsonRpcError.INTERNAL_ERROR),
                    error.path("message").asString("the task failed"), Optional.ofNullable(error.get("data"))));
        }
        Task task = task(detailed);
        throw new McpProtocolException(exchange.name(), "task " + taskId + " is " + task.status().name().toLowerCase(Locale.ROOT)
                + ", and tasks/get inlined neither a result nor an error");
    }

    /**
     * Answers the questions of an {@code input_required} task that were not answered yet, with one
     * {@code tasks/update}. Completes with false when there was nothing new to answer (the server has
     * not yet seen the last answers), so the caller pauses and polls again.
     */
    CompletableFuture<Boolean> answer(String taskId, CallOptions options) {
        JsonNode detailed = outcomes.get(taskId);
        ServerRequests current = handlers;
        if (detailed == null || current == null || !detailed.path("inputRequests").isObject()) {
            return CompletableFuture.completedFuture(false);
        }
        Set<String> done = answered.computeIfAbsent(taskId, k -> ConcurrentHashMap.newKeySet());
        Map<String, InputRequest> asked = new LinkedHashMap<>();
        detailed.get("inputRequests").properties().forEach(e -> {
            if (!done.contains(e.getKey()) && e.getValue().path("method").isString()) {
                asked.put(e.getKey(), new InputRequest(e.getValue().path("method").stringValue(), e.getValue().get("params")));
            }
        });
        if (asked.isEmpty()) {
            return CompletableFuture.completedFuture(false);
        }
        Map<String, CompletableFuture<JsonNode>> futures = new LinkedHashMap<>();
        for (Map.Entry<String, InputRequest> e : asked.entrySet()) {
            Optional<CompletableFuture<JsonNode>> f = current.answerInput(e.getKey(), e.getValue().method(), e.getValue().params());
            if (f.isEmpty()) {
                futures.values().forEach(x -> x.cancel(false));
                return CompletableFuture.failedFuture(new McpInputRequiredException(exchange.name(), "task " + taskId
                        + " asks for " + e.getKey() + " (" + e.getValue().method() + "), which no registered handler answers",
                        new InputRound(ModernMethods.TASKS_UPDATE, idParams(taskId), Optional.empty(), asked)));
            }
            futures.put(e.getKey(), f.get());
        }
        return CompletableFuture.allOf(futures.values().toArray(CompletableFuture[]::new)).thenCompose(all -> {
            ObjectNode params = idParams(taskId);
            ObjectNode responses = params.putObject("inputResponses");
            futures.forEach((key, f) -> responses.set(key, f.join()));
            return exchange.send(ModernMethods.TASKS_UPDATE, params, options, ack -> {
                done.addAll(futures.keySet());
                return true;
            });
        });
    }

    /** {@code tasks/cancel} (a bare acknowledgement), then the task as it is now. */
    CompletableFuture<Task> cancel(String taskId) {
        if (taskId.startsWith(IMMEDIATE_PREFIX)) {
            return get(taskId, CallOptions.defaults(), false);
        }
        return exchange.send(McpMethod.TASKS_CANCEL, idParams(taskId), CallOptions.defaults(), ack -> ack)
                .thenCompose(ack -> get(taskId, CallOptions.defaults(), false));
    }

    /** The handle's task ended or was given up: nothing kept for it. */
    void forget(String taskId) {
        answered.remove(taskId);
        outcomes.remove(taskId);
    }

    private static ObjectNode idParams(String taskId) {
        return CODEC.newObject().put("taskId", taskId);
    }

    private static TaskStatus status(String wire) {
        for (TaskStatus s : TaskStatus.values()) {
            if (s.name().equalsIgnoreCase(wire)) {
                return s;
            }
        }
        throw new McpProtocolException(null, "a task with an unknown status '" + wire + "'");
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.path(field).isString() ? Optional.of(node.get(field).stringValue()) : Optional.empty();
    }

    private static Optional<Long> millis(JsonNode node, String field) {
        return node.path(field).isNumber() ? Optional.of(node.get(field).asLong()) : Optional.empty();
    }

    private static String abbreviate(JsonNode json) {
        String text = json.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
