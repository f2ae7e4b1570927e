package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.CancelTaskResult;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.GetTaskResult;
import io.mcphost.protocol.tasks.RelatedTaskMetadata;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tasks.TaskStatusNotificationParams;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks of one connection (2025-11-25 basic/utilities/tasks, experimental): a {@code tools/call}
 * that asked for a task is answered at once with a {@link CreateTaskResult} while the tool runs on its
 * own virtual thread; {@code tasks/get}, {@code tasks/result} (blocking until the task ends),
 * {@code tasks/list} and {@code tasks/cancel} follow it, and every status change is announced with
 * {@code notifications/tasks/status}. Thread-safe.
 *
 * <p>Tasks are bound to the connection that created them (spec, "Task Isolation"): no other client
 * can see, list or cancel them, and their ids are random UUIDs. Each is kept for its ttl from creation
 * (the client's wish, capped by the server's maximum) and then dropped, a still running one cancelled
 * first; at most {@value #MAX_TASKS} are kept at once; the connection's end cancels them all.
 */
final class TaskStore {
    static final int MAX_TASKS = 1_000;
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final int MAX_STATUS_MESSAGE_CHARS = 500;

    private final Registry registry;
    private final ServerConnection connection;
    private final ConcurrentHashMap<String, Entry> tasks = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    TaskStore(Registry registry, ServerConnection connection) {
        this.registry = registry;
        this.connection = connection;
    }

    /** One task: its state, the flag its handler watches, and its result once it has one. */
    final class Entry {
        final String id;
        final long sequence;
        final Instant expires;
        /** The handler's {@code isCancelled()}: set by tasks/cancel, expiry and the connection's end. */
        final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicReference<Task> state;
        private final CompletableFuture<Void> ended = new CompletableFuture<>();
        private final AtomicInteger questions = new AtomicInteger();
        private volatile JsonNode result;
        /** The JSON-RPC error the task's request ended with (a protocol-level failure), if it did. */
        private volatile RequestException error;

        Entry(Task task, long sequence, Instant expires) {
            this.id = task.taskId();
            this.sequence = sequence;
            this.expires = expires;
            this.state = new AtomicReference<>(task);
        }

        /** The task's id, for the {@code related-task} {@code _meta} of what its tool sends. */
        String id() {
            return id;
        }

        /** The tool asks the client something: the task needs input until every question is answered. */
        void asking() {
            if (questions.getAndIncrement() == 0) {
                transition(TaskStatus.INPUT_REQUIRED, "waiting for the client to answer");
            }
        }

        void answered() {
            if (questions.decrementAndGet() == 0) {
                transition(TaskStatus.WORKING, null);
            }
        }

        /** The tool returned: a tool error fails the task (spec, "Task Execution Errors"). */
        void finish(CallToolResult toolResult) {
            ObjectNode json = (ObjectNode) CODEC.valueToTree(toolResult);
            // Spec: the tasks/result answer must name its task, since the result itself does not.
            json.withObjectProperty("_meta").set(RelatedTaskMetadata.META_KEY, CODEC.newObject().put("taskId", id));
            result = json;
            transition(toolResult.isError() ? TaskStatus.FAILED : TaskStatus.COMPLETED,
                    toolResult.isError() ? failureMessage(toolResult) : null);
        }

        /**
         * The tool's request failed with a JSON-RPC error: the task fails, and {@code tasks/result} answers
         * with that same error (spec, "Result Retrieval").
         */
        void fail(RequestException failure) {
            error = failure;
            transition(TaskStatus.FAILED, failure.getMessage());
        }

        /**
         * Moves the task to {@code status}, announcing it. Fails (returns false) once the task has ended: a
         * terminal status is final (spec, "Task Status Lifecycle"), so a cancelled task stays cancelled
         * even when its tool finishes afterwards.
         */
        boolean transition(TaskStatus status, String message) {
            Task now;
            Task next;
            do {
                now = state.get();
                if (now.isTerminal()) {
                    return false;
                }
                next = new Task(id, status, Optional.ofNullable(message), now.createdAt(), timestamp(), now.ttl(),
                        now.pollInterval());
            } while (!state.compareAndSet(now, next));
            // The notification goes out before a waiting tasks/result is released, so the client sees it first.
            connection.send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_TASKS_STATUS,
                    CODEC.valueToTree(TaskStatusNotificationParams.of(next))));
            if (next.isTerminal()) {
                ended.complete(null);
            }
            return true;
        }

        Task task() {
            return state.get();
        }
    }

    /** Starts the tool as a task and returns the {@code CreateTaskResult}. */
    JsonNode create(Requests requests, Registry.ToolEntry tool, JsonNode arguments, Optional<JsonNode> meta, JsonNode taskParam) {
        purge();
        if (tasks.size() >= MAX_TASKS) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "this connection already holds " + MAX_TASKS
                    + " tasks; cancel some or let them expire");
        }
        long maxTtl = registry.maxTaskTtl().toMillis();
        JsonNode asked = taskParam.path("ttl");
        long ttl = asked.isIntegralNumber() && asked.canConvertToLong() && asked.longValue() >= 0
                ? Math.min(asked.longValue(), maxTtl) : maxTtl;
        Instant created = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Task task = new Task(registry.taskIdPrefix() + UUID.randomUUID(), TaskStatus.WORKING, Optional.empty(), created.toString(),
                created.toString(), Optional.of(ttl), Optional.of(registry.taskPollInterval().toMillis()));
        Entry entry = new Entry(task, sequence.incrementAndGet(), created.plusMillis(ttl));
        tasks.put(entry.id, entry);
        String name = tool.tool().name();
        Optional<io.mcphost.server.Caller> caller = CallerContext.current(); // the handler's Caller.current()
        Thread.ofVirtual().name("mcphost-server-task-" + name).start(() -> CallerContext.runWith(caller, () -> {
            try {
                entry.finish(requests.run(tool, arguments, meta, entry.stop, Optional.of(entry)));
            } catch (RequestException failure) {
                entry.fail(failure); // e.g. a relaying handler's ErrorReply: the task must end, not stay working
            }
        }));
        return CODEC.valueToTree(CreateTaskResult.of(task));
    }

    JsonNode get(JsonNode params) {
        return CODEC.valueToTree(GetTaskResult.of(find(params).task()));
    }

    /**
     * The task's result, blocking this request's virtual thread until the task has ended (spec,
     * "Result Retrieval"); a cancelled task has none. Gives up when the request is cancelled or the
     * connection ends.
     */
    JsonNode result(JsonNode params, AtomicBoolean requestCancelled) {
        Entry entry = find(params);
        while (!entry.ended.isDone()) {
            if (requestCancelled.get()) {
                throw new RequestException(JsonRpcError.INTERNAL_ERROR, "tasks/result was cancelled");
            }
            try {
                entry.ended.get(100, TimeUnit.MILLISECONDS); // wakes now and then to notice a cancelled request
            } catch (TimeoutException e) {
                // look again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RequestException(JsonRpcError.INTERNAL_ERROR, "tasks/result was interrupted");
            } catch (ExecutionException e) {
                throw new IllegalStateException("never completed exceptionally", e);
            }
        }
        Task task = entry.task();
        if (task.status() == TaskStatus.CANCELLED) {
            // What an expired or deleted task gives too: the spec lets a receiver drop cancelled tasks at once.
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Task " + entry.id + " was cancelled"
                    + task.statusMessage().map(m -> " (" + m + ")").orElse("") + "; it has no result");
        }
        if (entry.error != null) {
            throw entry.error;
        }
        return entry.result;
    }

    /** A page of this connection's tasks, oldest first; the cursor is the last sequence number given. */
    JsonNode list(JsonNode params) {
        purge();
        long after = 0;
        JsonNode cursor = params.path("cursor");
        if (cursor.isString()) {
            try {
                after = Long.parseLong(cursor.stringValue());
            } catch (NumberFormatException e) {
                after = -1;
            }
            if (after < 0) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "invalid cursor: " + cursor.stringValue());
            }
        }
        long from = after;
        List<Entry> rest = tasks.values().stream().filter(e -> e.sequence > from)
                .sorted(Comparator.comparingLong(e -> e.sequence)).toList();
        List<Entry> page = rest.subList(0, Math.min(rest.size(), registry.pageSize()));
        ObjectNode result = CODEC.newObject();
        ArrayNode items = result.putArray("tasks");
        page.forEach(e -> items.add(CODEC.valueToTree(e.task())));
        if (page.size() < rest.size()) {
            result.put("nextCursor", Long.toString(page.getLast().sequence));
        }
        return result;
    }

    JsonNode cancel(JsonNode params) {
        Entry entry = find(params);
        // Cancelled first, then the handler told to stop: whoever sees the handler stop finds the task cancelled.
        boolean cancelled = entry.transition(TaskStatus.CANCELLED, "The task was cancelled by request.");
        entry.stop.set(true);
        if (!cancelled) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Cannot cancel task: already in terminal status '"
                    + entry.task().status().name().toLowerCase(Locale.ROOT) + "'");
        }
        return CODEC.valueToTree(CancelTaskResult.of(entry.task()));
    }

    /** The connection ended: every task stops, and nobody can ask for them any more. */
    void closeAll() {
        for (Entry entry : tasks.values()) {
            entry.transition(TaskStatus.CANCELLED, "the connection ended");
            entry.stop.set(true);
        }
        tasks.clear();
    }

    private Entry find(JsonNode params) {
        JsonNode id = params.path("taskId");
        if (!id.isString()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "the request needs a string \"taskId\"");
        }
        purge();
        Entry entry = tasks.get(id.stringValue());
        if (entry == null) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Failed to retrieve task: Task not found");
        }
        return entry;
    }

    /** Drops the tasks past their ttl (spec, "TTL and Resource Management"); one still running is cancelled. */
    private void purge() {
        Instant now = Instant.now();
        for (Entry entry : tasks.values()) {
            if (!now.isBefore(entry.expires) && tasks.remove(entry.id, entry)) {
                entry.stop.set(true);
                entry.transition(TaskStatus.CANCELLED, "the task expired after its ttl");
            }
        }
    }

    private static String timestamp() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private static String failureMessage(CallToolResult result) {
        String text = result.content().stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .findFirst().orElse("the tool reported an error");
        return text.length() <= MAX_STATUS_MESSAGE_CHARS ? text : text.substring(0, MAX_STATUS_MESSAGE_CHARS) + "...";
    }
}
