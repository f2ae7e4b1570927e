package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.InputRequest;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ResultType;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks extension ({@code io.modelcontextprotocol/tasks}) of revision 2026-07-28: a tool call
 * the handler moves to the background ({@code ToolCall.continueAsTask()}) is answered with a
 * {@code CreateTaskResult} and polled with {@code tasks/get}; its questions make the task
 * {@code input_required} until {@code tasks/update} answers them; {@code tasks/cancel} stops it.
 * Tasks belong to the server, not to a connection (the revision has none), and are found by an
 * unguessable id. Thread-safe.
 */
final class ModernTasks {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, Entry> tasks = new ConcurrentHashMap<>();
    private final Duration ttl;
    private final Duration pollInterval;
    private final java.util.function.Supplier<String> idPrefix;

    ModernTasks(Duration ttl, Duration pollInterval) {
        this(ttl, pollInterval, () -> "");
    }

    /** With {@code idPrefix} before every task id (a replica's origin; see {@link Registry#taskIdPrefix()}). */
    ModernTasks(Duration ttl, Duration pollInterval, java.util.function.Supplier<String> idPrefix) {
        this.ttl = ttl;
        this.pollInterval = pollInterval;
        this.idPrefix = idPrefix;
    }

    /** Whether a request's declared capabilities include the extension. */
    static boolean declared(JsonNode clientCapabilities) {
        return clientCapabilities.path("extensions").path(ModernMeta.TASKS_EXTENSION).isObject();
    }

    /** The -32021 a request gets that needs the extension it did not declare. */
    static RequestException missingExtension(String what) {
        ObjectNode data = CODEC.newObject();
        data.putObject("requiredCapabilities").putObject("extensions").putObject(ModernMeta.TASKS_EXTENSION);
        return new RequestException(ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY,
                "Missing required client capability: the extension " + ModernMeta.TASKS_EXTENSION + " (" + what + ")", data);
    }

    /**
     * Runs a tool call that may move to the background: {@code handler} starts on its own thread; the
     * request is answered with what it returns, or with a CreateTaskResult once it calls
     * {@code continueAsTask()}, after which its outcome goes to the task.
     */
    JsonNode run(ModernScope scope, AtomicBoolean cancelled, Supplier<JsonNode> handler) {
        CompletableFuture<JsonNode> first = new CompletableFuture<>();
        scope.allowTask(() -> {
            Entry entry = create(cancelled);
            first.complete(entry.created());
            return entry;
        });
        // The request's caller goes with the call: its tool is looked up (and its visibility decided) there.
        Optional<io.mcphost.server.Caller> caller = CallerContext.current();
        Thread.ofVirtual().name("mcphost-modern-task").start(() -> CallerContext.runWith(caller, () -> {
            try {
                JsonNode result = handler.get();
                scope.task().ifPresentOrElse(task -> task.complete(result), () -> first.complete(result));
            } catch (Throwable t) {
                scope.task().ifPresentOrElse(task -> task.fail(t), () -> first.completeExceptionally(t));
            }
        }));
        try {
            return first.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelled.set(true);
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "interrupted");
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case RuntimeException r -> throw r;
                case Error err -> throw err;
                default -> throw new RequestException(JsonRpcError.INTERNAL_ERROR, "tools/call failed: " + e.getCause());
            }
        }
    }

    private Entry create(AtomicBoolean cancelled) {
        tasks.values().removeIf(Entry::expired);
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        Entry entry = new Entry(idPrefix.get() + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), cancelled);
        tasks.put(entry.id, entry);
        return entry;
    }

    /** {@code tasks/get}: the task as it is now (DetailedTask). */
    JsonNode get(JsonNode params) {
        return find(params).detailed();
    }

    /** {@code tasks/update}: answers some of the task's questions. */
    JsonNode update(JsonNode params) {
        Entry entry = find(params);
        JsonNode responses = params.path("inputResponses");
        if (!responses.isObject()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "tasks/update needs an object \"inputResponses\"");
        }
        entry.answer(responses);
        return ack();
    }

    /** {@code tasks/cancel}: idempotent; the task's handler sees the cancellation. */
    JsonNode cancel(JsonNode params) {
        find(params).cancel();
        return ack();
    }

    private static JsonNode ack() {
        return CODEC.newObject().put("resultType", ResultType.COMPLETE.wire());
    }

    private Entry find(JsonNode params) {
        String id = params.path("taskId").asString("");
        Entry entry = tasks.get(id);
        if (entry == null || entry.expired()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown taskId: " + id);
        }
        return entry;
    }

    /** One task. Its state changes under {@link #lock}; its handler waits on {@link #changed} for answers. */
    final class Entry {
        private final String id;
        private final Instant created = Instant.now();
        private final AtomicBoolean cancelled;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private final Map<String, InputRequest> pending = new LinkedHashMap<>();
        private final Map<String, JsonNode> answers = new HashMap<>();
        private Instant updated = created;
        private String status = "working";
        private JsonNode result;
        private JsonRpcError error;

        private Entry(String id, AtomicBoolean cancelled) {
            this.id = id;
            this.cancelled = cancelled;
        }

        private boolean expired() {
            return Instant.now().isAfter(created.plus(ttl));
        }

        private boolean terminal() {
            return status.equals("completed") || status.equals("failed") || status.equals("cancelled");
        }

        private ObjectNode base() {
            ObjectNode node = CODEC.newObject();
            node.put("taskId", id);
            node.put("status", status);
            node.put("createdAt", created.toString());
            node.put("lastUpdatedAt", updated.toString());
            node.put("ttlMs", ttl.toMillis());
            node.put("pollIntervalMs", pollInterval.toMillis());
            return node;
        }

        /** The CreateTaskResult: flat, {@code resultType: "task"}. */
        private JsonNode created() {
            lock.lock();
            try {
                ObjectNode node = base();
                node.put("resultType", "task");
                return node;
            } finally {
                lock.unlock();
            }
        }

        private JsonNode detailed() {
            lock.lock();
            try {
                ObjectNode node = base();
                node.put("resultType", ResultType.COMPLETE.wire());
                if (status.equals("input_required")) {
                    ObjectNode requests = node.putObject("inputRequests");
                    pending.forEach((key, request) -> requests.putObject(key).put("method", request.method())
                            .set("params", request.params()));
                } else if (status.equals("completed") && result != null) {
                    node.set("result", result);
                } else if (status.equals("failed") && error != null) {
                    ObjectNode e = node.putObject("error");
                    e.put("code", error.code());
                    e.put("message", error.message());
                    error.data().ifPresent(d -> e.set("data", d));
                }
                return node;
            } finally {
                lock.unlock();
            }
        }

        /** The handler's questions: the task needs input until every one has an answer. */
        List<JsonNode> ask(List<Scope.Ask> asks) {
            lock.lock();
            try {
                for (Scope.Ask ask : asks) {
                    if (!answers.containsKey(ask.key())) {
                        pending.put(ask.key(), new InputRequest(ask.method(), ask.params()));
                    }
                }
                while (!pending.isEmpty() && !cancelled.get()) {
                    if (!status.equals("input_required")) {
                        status = "input_required";
                        updated = Instant.now();
                    }
                    changed.await(200, TimeUnit.MILLISECONDS);
                }
                if (cancelled.get()) {
                    throw new McpClosedException(null, "the task was cancelled while waiting for input");
                }
                if (status.equals("input_required")) {
                    status = "working";
                    updated = Instant.now();
                }
                List<JsonNode> found = new ArrayList<>();
                asks.forEach(a -> found.add(answers.get(a.key())));
                return found;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new McpClosedException(null, "interrupted while waiting for input");
            } finally {
                lock.unlock();
            }
        }

        private void answer(JsonNode responses) {
            lock.lock();
            try {
                // Spec (mrtr, error handling): keys nobody asked for are ignored.
                responses.properties().forEach(e -> {
                    if (pending.remove(e.getKey()) != null) {
                        answers.put(e.getKey(), e.getValue());
                    }
                });
                updated = Instant.now();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        private void cancel() {
            lock.lock();
            try {
                if (!terminal()) {
                    cancelled.set(true);
                    status = "cancelled";
                    pending.clear();
                    updated = Instant.now();
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        private void complete(JsonNode value) {
            settle("completed", value, null);
        }

        private void fail(Throwable t) {
            JsonRpcError e = t instanceof RequestException r ? new JsonRpcError(r.code(), r.getMessage(), r.data())
                    : JsonRpcError.of(JsonRpcError.INTERNAL_ERROR, "the tool failed: " + t);
            settle("failed", null, e);
        }

        private void settle(String to, JsonNode value, JsonRpcError e) {
            lock.lock();
            try {
                if (terminal()) {
                    return; // cancelled meanwhile: that is the outcome
                }
                status = to;
                result = value;
                error = e;
                updated = Instant.now();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        Optional<String> id() {
            return Optional.of(id);
        }
    }
}
