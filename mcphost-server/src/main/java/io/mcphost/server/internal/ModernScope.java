package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.modern.InputRequest;
import io.mcphost.protocol.modern.ModernErrors;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One stateless 2026-07-28 request: its declared client capabilities and log level, where its
 * notifications go, and the answers of earlier input rounds (spec: basic/patterns/mrtr). A question
 * with an answer at hand gets it; otherwise the handler is unwound with {@link InputRequiredSignal}.
 * Thread-safe.
 */
final class ModernScope implements Scope {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final JsonNode clientCapabilities;
    private final Optional<LoggingLevel> logLevel;
    private final Consumer<JsonRpcMessage> sink;
    private final AtomicBoolean cancelled;
    private final Map<String, JsonNode> answers;
    /** The answers the handler used, in order: they go into the next round's requestState. */
    private final Map<String, JsonNode> used = new ConcurrentHashMap<>();

    /** Creates the task this call continues as; set while the call may still become one. */
    private final AtomicReference<Supplier<ModernTasks.Entry>> detacher =
            new AtomicReference<>();
    private volatile ModernTasks.Entry task;

    ModernScope(JsonNode clientCapabilities, Optional<LoggingLevel> logLevel, Consumer<JsonRpcMessage> sink,
                AtomicBoolean cancelled, Map<String, JsonNode> answers) {
        this.clientCapabilities = clientCapabilities;
        this.logLevel = logLevel;
        this.sink = sink;
        this.cancelled = cancelled;
        this.answers = answers;
    }

    JsonNode clientCapabilities() {
        return clientCapabilities;
    }

    /** The call may become a task: {@code create} makes it one (and answers the request). */
    void allowTask(Supplier<ModernTasks.Entry> create) {
        detacher.set(create);
    }

    Optional<ModernTasks.Entry> task() {
        return Optional.ofNullable(task);
    }

    @Override
    public boolean continueAsTask() {
        if (task != null) {
            return true;
        }
        Supplier<ModernTasks.Entry> create = detacher.getAndSet(null);
        if (create == null) {
            return false;
        }
        task = create.get();
        return true;
    }

    Map<String, JsonNode> used() {
        return new LinkedHashMap<>(used);
    }

    @Override
    public void send(JsonRpcMessage message) {
        // A task's request was answered long ago: what its handler reports has no stream to go to.
        if (!cancelled.get() && task == null) {
            sink.accept(message);
        }
    }

    @Override
    public Optional<LoggingLevel> logFloor() {
        return logLevel;
    }

    @Override
    public boolean clientSupports(String capability) {
        return clientCapabilities.has(capability) && clientCapabilities.get(capability).isObject();
    }

    @Override
    public List<JsonNode> ask(List<Ask> asks, Duration timeout, BooleanSupplier cancelledToo) {
        for (Ask ask : asks) {
            if (!clientSupports(ask.capability())) {
                // Spec (2026-07-28, versioning / schema MissingRequiredClientCapabilityError).
                ObjectNode data = CODEC.newObject();
                data.putObject("requiredCapabilities").putObject(ask.capability());
                throw new RequestException(ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability: "
                        + ask.capability() + " (needed for " + ask.method() + ")", data);
            }
        }
        ModernTasks.Entry current = task;
        if (current != null) {
            return current.ask(asks); // the task waits, input_required, for tasks/update
        }
        Map<String, InputRequest> missing = new LinkedHashMap<>();
        List<JsonNode> found = new ArrayList<>();
        for (Ask ask : asks) {
            JsonNode answer = answers.get(ask.key());
            if (answer == null) {
                missing.put(ask.key(), new InputRequest(ask.method(), ask.params()));
            } else {
                used.put(ask.key(), answer);
                found.add(answer);
            }
        }
        if (!missing.isEmpty()) {
            throw new InputRequiredSignal(missing);
        }
        return found;
    }

    @Override
    public boolean tasksEnabled() {
        return false;
    }

    @Override
    public TaskStore tasks() {
        throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: this server runs no tasks at 2026-07-28");
    }

    @Override
    public int resourceNotFoundCode() {
        return JsonRpcError.INVALID_PARAMS;
    }

    @Override
    public RuntimeException malformedAnswer(String key, String method, RuntimeException cause) {
        return new RequestException(JsonRpcError.INVALID_PARAMS, "inputResponses['" + key + "'] is not a valid "
                + method + " result");
    }
}
