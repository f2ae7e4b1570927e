package io.mcphost.protocol.modern;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one place that knows how a message of one protocol era reads in the other: a legacy
 * (2024-11-05 … 2025-11-25) request made modern (2026-07-28) by its per-request {@code _meta}; an
 * {@code input_required} round and the legacy server→client requests (elicitation, sampling, roots)
 * it stands for; a task of the 2026-07-28 tasks extension and the 2025-11-25 core task; and the
 * legacy list-changed notifications and resource subscriptions a {@code subscriptions/listen}
 * filter asks for. The client's modern session speaks through these functions, and a gateway that
 * forwards a request of one era to a server of the other uses the same ones.
 *
 * <p>Pure functions: no I/O, no state; thread-safe. Inputs are never changed (results are copies).
 * What one era cannot express is refused, never dropped silently: see {@link #expressibleInModern}.
 */
public final class EraTranslation {
    private static final JsonCodec CODEC = JsonCodec.get();
    /** The prefix of the request id an input request gets when it is handled as a legacy server→client request. */
    public static final String INPUT_ID_PREFIX = "input:";

    private EraTranslation() {
    }

    // ---- requests: legacy → modern ----------------------------------------------------------------

    /**
     * Whether a legacy method exists in revision 2026-07-28. The ones it removed ({@code initialize},
     * {@code ping}, {@code logging/setLevel}, {@code resources/subscribe} …, see
     * {@link ModernMethods#REMOVED}) cannot be sent to a modern server and are refused before sending.
     */
    public static boolean expressibleInModern(String method) {
        return !ModernMethods.REMOVED.contains(method);
    }

    /**
     * A request's params made modern: a copy with the per-request {@code _meta} of {@code version}
     * (protocol version, client capabilities, client info and, when the client asked for log
     * messages, the log level), merged into any {@code _meta} the params already carry.
     *
     * @param clientCapabilities the modern client capabilities ({@link #modernCapabilities})
     * @param logLevel           the level a legacy client set with {@code logging/setLevel}, if any
     */
    public static ObjectNode withModernMeta(ObjectNode params, ProtocolVersion version, ObjectNode clientCapabilities,
                                            Implementation clientInfo, Optional<LoggingLevel> logLevel) {
        return withModernMeta(params, version, clientCapabilities, (ObjectNode) CODEC.valueToTree(clientInfo), logLevel);
    }

    /**
     * {@link #withModernMeta(ObjectNode, ProtocolVersion, ObjectNode, Implementation, Optional)} with the client
     * info already a tree: a client that sends many requests builds its trees once and passes them here (each
     * request gets a copy of both, so nothing downstream can change the client's own).
     */
    public static ObjectNode withModernMeta(ObjectNode params, ProtocolVersion version, ObjectNode clientCapabilities,
                                            ObjectNode clientInfo, Optional<LoggingLevel> logLevel) {
        ObjectNode copy = params.deepCopy();
        ObjectNode meta = copy.has("_meta") && copy.get("_meta").isObject()
                ? (ObjectNode) copy.get("_meta") : copy.putObject("_meta");
        meta.put(ModernMeta.PROTOCOL_VERSION, version.id());
        meta.set(ModernMeta.CLIENT_CAPABILITIES, clientCapabilities.deepCopy());
        meta.set(ModernMeta.CLIENT_INFO, clientInfo.deepCopy());
        logLevel.ifPresent(level -> meta.put(ModernMeta.LOG_LEVEL, level.wireName()));
        return copy;
    }

    /**
     * The client capabilities a legacy client declared in {@code initialize}, as a modern request
     * declares them: {@code roots} without {@code listChanged} (its notification does not exist in
     * 2026-07-28), and the tasks extension declared, since a modern tool call may be answered with a
     * task handle whether or not the caller asked for one.
     */
    public static ObjectNode modernCapabilities(ObjectNode legacyCapabilities) {
        ObjectNode capabilities = legacyCapabilities.deepCopy();
        if (capabilities.has("roots")) {
            capabilities.putObject("roots");
        }
        JsonNode existing = capabilities.get("extensions");
        ObjectNode extensions = existing instanceof ObjectNode o ? o : capabilities.putObject("extensions");
        if (!extensions.has(ModernMeta.TASKS_EXTENSION)) {
            extensions.putObject(ModernMeta.TASKS_EXTENSION);
        }
        return capabilities;
    }

    // ---- input_required rounds ↔ legacy server→client requests -------------------------------------

    /**
     * The pending round of an {@code input_required} result to {@code method} with {@code params}: what
     * it asks for, and the state to echo. The round's params are the original ones, without the
     * answers and state of an earlier round.
     *
     * @throws McpProtocolException (naming no server) when an input request has no method, or the
     *         result has neither {@code inputRequests} nor {@code requestState}
     */
    public static InputRound inputRound(String method, ObjectNode params, JsonNode inputRequiredResult) {
        Map<String, InputRequest> requests = new LinkedHashMap<>();
        JsonNode asked = inputRequiredResult.path("inputRequests");
        if (asked.isObject()) {
            for (Map.Entry<String, JsonNode> e : asked.properties()) {
                if (!e.getValue().path("method").isString()) {
                    throw new McpProtocolException(null, method + ": input request '" + e.getKey() + "' has no method");
                }
                requests.put(e.getKey(), new InputRequest(e.getValue().path("method").stringValue(), e.getValue().get("params")));
            }
        }
        Optional<String> state = inputRequiredResult.path("requestState").isString()
                ? Optional.of(inputRequiredResult.path("requestState").stringValue()) : Optional.empty();
        if (requests.isEmpty() && state.isEmpty()) {
            throw new McpProtocolException(null, method + ": an input_required result with neither inputRequests nor requestState");
        }
        ObjectNode original = params.deepCopy();
        original.remove("inputResponses"); // a resumed round's request carries the previous round's answers
        original.remove("requestState");
        return new InputRound(method, original, state, requests);
    }

    /**
     * The params of the request that answers {@code round}: the original params with
     * {@code inputResponses} (keyed like the round's input requests) and the {@code requestState}
     * echoed exactly (none when the server sent none).
     */
    public static ObjectNode answered(InputRound round, Map<String, JsonNode> responses) {
        ObjectNode params = round.params();
        ObjectNode answers = params.putObject("inputResponses");
        responses.forEach(answers::set);
        round.requestState().ifPresent(state -> params.put("requestState", state));
        return params;
    }

    /**
     * One input request as the legacy server→client request it stands for: the same method and
     * params, under the id {@code "input:" + key}, so its answer is the input response for {@code key}
     * (the result of an elicitation, sampling or roots request is the same in both eras).
     */
    public static JsonRpcRequest asServerRequest(String key, InputRequest request) {
        return JsonRpcRequest.of(inputRequestId(key), request.method(), request.params());
    }

    /** The request id under which the input request {@code key} is handled like a legacy server request. */
    public static RequestId inputRequestId(String key) {
        return RequestId.of(INPUT_ID_PREFIX + key);
    }

    // ---- tasks: the 2026-07-28 extension ↔ 2025-11-25 core tasks -------------------------------------

    /** Whether a result is a task handle of the tasks extension ({@code resultType: "task"}). */
    public static boolean isTaskHandle(JsonNode result) {
        return "task".equals(result.path("resultType").asString(""));
    }

    /**
     * The 2025-11-25 {@link Task} a flat 2026-07-28 {@code CreateTaskResult} or {@code DetailedTask}
     * describes ({@code ttlMs} and {@code pollIntervalMs} as the core task's {@code ttl} and
     * {@code pollInterval}; a missing {@code createdAt} is now).
     *
     * @throws McpProtocolException (naming no server) without a {@code taskId} or with an unknown status
     */
    public static Task legacyTask(JsonNode flat) {
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
     * The tool's result an ended 2026-07-28 task inlines in its {@code tasks/get} answer: what a
     * 2025-11-25 {@code tasks/result} answers. Empty when it inlines none (see {@link #inlinedError}).
     */
    public static Optional<JsonNode> inlinedResult(JsonNode detailedTask) {
        return detailedTask.path("result").isObject() ? Optional.of(detailedTask.get("result")) : Optional.empty();
    }

    /**
     * The error a failed 2026-07-28 task inlines in its {@code tasks/get} answer: the error a
     * 2025-11-25 {@code tasks/result} answers with (code -32603 and "the task failed" when the inlined
     * error leaves them out).
     */
    public static Optional<JsonRpcError> inlinedError(JsonNode detailedTask) {
        JsonNode error = detailedTask.path("error");
        if (!error.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new JsonRpcError(error.path("code").asInt(JsonRpcError.INTERNAL_ERROR),
                error.path("message").asString("the task failed"), Optional.ofNullable(error.get("data"))));
    }

    /**
     * The input requests an {@code input_required} 2026-07-28 task carries in its {@code tasks/get}
     * answer, by key; entries without a method are left out (nothing could answer them).
     */
    public static Map<String, InputRequest> taskInputRequests(JsonNode detailedTask) {
        Map<String, InputRequest> asked = new LinkedHashMap<>();
        JsonNode requests = detailedTask.path("inputRequests");
        if (requests.isObject()) {
            requests.properties().forEach(e -> {
                if (e.getValue().path("method").isString()) {
                    asked.put(e.getKey(), new InputRequest(e.getValue().path("method").stringValue(), e.getValue().get("params")));
                }
            });
        }
        return asked;
    }

    /** The params of {@code tasks/update} that answer a task's input requests (2026-07-28 tasks extension). */
    public static ObjectNode taskUpdate(String taskId, Map<String, JsonNode> responses) {
        ObjectNode params = CODEC.newObject().put("taskId", taskId);
        ObjectNode answers = params.putObject("inputResponses");
        responses.forEach(answers::set);
        return params;
    }

    // ---- list changes and resource subscriptions ↔ subscriptions/listen -----------------------------

    /**
     * The {@code notifications} filter of a {@code subscriptions/listen} request that delivers what a
     * legacy session received unasked: the list-changed notifications the server's capabilities
     * announce ({@code listChanged}), and the updates of the resources subscribed with
     * {@code resources/subscribe}. Empty when there is nothing to listen for.
     */
    public static ObjectNode listenFilter(JsonNode serverCapabilities, Collection<String> resourceUris) {
        ObjectNode filter = CODEC.newObject();
        if (serverCapabilities.path("tools").path("listChanged").asBoolean(false)) {
            filter.put("toolsListChanged", true);
        }
        if (serverCapabilities.path("prompts").path("listChanged").asBoolean(false)) {
            filter.put("promptsListChanged", true);
        }
        if (serverCapabilities.path("resources").path("listChanged").asBoolean(false)) {
            filter.put("resourcesListChanged", true);
        }
        if (!resourceUris.isEmpty()) {
            new TreeSet<>(resourceUris).forEach(filter.withArray("resourceSubscriptions")::add);
        }
        return filter;
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
        return node.path(field).isNumber() && node.get(field).canConvertToLong() ? Optional.of(node.get(field).asLong()) : Optional.empty();
    }

    private static String abbreviate(JsonNode json) {
        String text = json.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
