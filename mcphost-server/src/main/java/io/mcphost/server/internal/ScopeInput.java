package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.roots.ListRootsResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.tasks.RelatedTaskMetadata;
import io.mcphost.server.ClientInput;
import io.mcphost.server.InputBatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link ClientInput} over a {@link Scope}: numbers unnamed questions per kind in call order, tags
 * what a task asks with the task (2025-11-25 tasks), and decodes answers; and the one implementation
 * of {@link io.mcphost.server.ClientLog} for every kind of request (tool call, prompt, resource read).
 * Thread-safe. Made on the thread that serves the request: that is where its stream is known.
 */
class ScopeInput implements ClientInput {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Scope scope;
    private final BooleanSupplier cancelled;
    private final Optional<TaskStore.Entry> task;
    private final Map<String, Integer> counters = new ConcurrentHashMap<>();
    /** The logger name of {@link #log(LoggingLevel, JsonNode)}: the tool's or prompt's name, or the resource's URI. */
    private final String logger;
    /** Progress and log go on the request's own stream (taken on the thread that serves it). */
    final Consumer<JsonRpcMessage> related;
    /** Set when the handler returned: a log or progress after the response would confuse the client. */
    final AtomicBoolean finished = new AtomicBoolean();

    ScopeInput(Scope scope, String logger, BooleanSupplier cancelled, Optional<TaskStore.Entry> task) {
        this.scope = scope;
        this.logger = Objects.requireNonNull(logger, "logger");
        this.cancelled = cancelled;
        this.task = task;
        this.related = scope.relatedSender();
    }

    @Override
    public void log(LoggingLevel level, JsonNode data) {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(data, "data");
        log(new LoggingMessageNotificationParams(level, Optional.of(logger), data, Optional.empty()));
    }

    @Override
    public void log(LoggingMessageNotificationParams message) {
        Objects.requireNonNull(message, "message");
        Optional<LoggingLevel> floor = scope.logFloor();
        if (floor.isEmpty() || message.level().compareTo(floor.get()) < 0 || finished.get()) {
            return;
        }
        related.accept(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_MESSAGE, related(CODEC.valueToTree(message))));
    }

    @Override
    public Optional<LoggingLevel> logLevel() {
        return scope.logFloor();
    }

    @Override
    public ElicitResult elicit(ElicitRequestParams request, Duration timeout) {
        return elicit(nextKey("elicitation"), request, timeout);
    }

    @Override
    public CreateMessageResult sample(CreateMessageRequestParams request, Duration timeout) {
        return sample(nextKey("sampling"), request, timeout);
    }

    @Override
    public List<Root> roots(Duration timeout) {
        return roots(nextKey("roots"), timeout);
    }

    @Override
    public ElicitResult elicit(String key, ElicitRequestParams request, Duration timeout) {
        return batch().elicit(key, request).send(timeout).elicitation(key);
    }

    @Override
    public CreateMessageResult sample(String key, CreateMessageRequestParams request, Duration timeout) {
        return batch().sample(key, request).send(timeout).sampling(key);
    }

    @Override
    public List<Root> roots(String key, Duration timeout) {
        return batch().roots(key).send(timeout).roots(key);
    }

    @Override
    public InputBatch batch() {
        return new Batch();
    }

    @Override
    public boolean clientSupports(String capability) {
        return scope.clientSupports(capability);
    }

    private String nextKey(String kind) {
        return kind + "-" + counters.merge(kind, 1, Integer::sum);
    }

    /** Spec (tasks, "Associating Task-Related Messages"): what a task's tool sends names the task in {@code _meta}. */
    JsonNode related(JsonNode params) {
        if (task.isEmpty()) {
            return params;
        }
        ObjectNode tagged = ((ObjectNode) params).deepCopy();
        tagged.withObjectProperty("_meta").set(RelatedTaskMetadata.META_KEY,
                CODEC.newObject().put("taskId", task.get().id()));
        return tagged;
    }

    private List<JsonNode> ask(List<Scope.Ask> asks, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (task.isEmpty()) {
            return scope.ask(asks, timeout, cancelled);
        }
        List<Scope.Ask> tagged = asks.stream()
                .map(a -> new Scope.Ask(a.key(), a.method(), related(a.params()), a.capability())).toList();
        // Spec (tasks, "Input Required Status"): the task needs input while the client is being asked.
        task.get().asking();
        try {
            return scope.ask(tagged, timeout, cancelled);
        } finally {
            task.get().answered();
        }
    }

    private final class Batch implements InputBatch {
        private final Map<String, Scope.Ask> asks = new LinkedHashMap<>();

        private InputBatch add(String key, String method, JsonNode params, String capability) {
            Objects.requireNonNull(key, "key");
            if (asks.putIfAbsent(key, new Scope.Ask(key, method, params, capability)) != null) {
                throw new IllegalArgumentException("the key '" + key + "' is used twice in one batch");
            }
            return this;
        }

        @Override
        public InputBatch elicit(String key, ElicitRequestParams request) {
            return add(key, McpMethod.ELICITATION_CREATE, CODEC.valueToTree(Objects.requireNonNull(request, "request")),
                    "elicitation");
        }

        @Override
        public InputBatch sample(String key, CreateMessageRequestParams request) {
            return add(key, McpMethod.SAMPLING_CREATE_MESSAGE,
                    CODEC.valueToTree(Objects.requireNonNull(request, "request")), "sampling");
        }

        @Override
        public InputBatch roots(String key) {
            return add(key, McpMethod.ROOTS_LIST, CODEC.newObject(), "roots");
        }

        @Override
        public Answers send(Duration timeout) {
            List<Scope.Ask> list = new ArrayList<>(asks.values());
            List<JsonNode> raw = ask(list, timeout);
            Map<String, JsonNode> byKey = new HashMap<>();
            for (int i = 0; i < list.size(); i++) {
                byKey.put(list.get(i).key(), raw.get(i));
            }
            return new Answers() {
                @Override
                public ElicitResult elicitation(String key) {
                    return decode(key, McpMethod.ELICITATION_CREATE, ElicitResult.class);
                }

                @Override
                public CreateMessageResult sampling(String key) {
                    return decode(key, McpMethod.SAMPLING_CREATE_MESSAGE, CreateMessageResult.class);
                }

                @Override
                public List<Root> roots(String key) {
                    return decode(key, McpMethod.ROOTS_LIST, ListRootsResult.class).roots();
                }

                private <T> T decode(String key, String method, Class<T> type) {
                    Scope.Ask asked = asks.get(key);
                    if (asked == null || !asked.method().equals(method)) {
                        throw new IllegalArgumentException("no " + method + " was asked under the key '" + key + "'");
                    }
                    T value;
                    try {
                        value = CODEC.treeToValue(byKey.get(key), type);
                    } catch (McpException | IllegalArgumentException | NullPointerException e) {
                        throw scope.malformedAnswer(key, method, e);
                    }
                    if (value == null) {
                        // JSON null (a legacy "result": null, an inputResponses entry of null) decodes to no
                        // value: a malformed answer, not a null the handler was promised it never gets.
                        throw scope.malformedAnswer(key, method, new McpProtocolException(null,
                                "the client answered " + method + " with null instead of a result"));
                    }
                    return value;
                }
            };
        }
    }
}
