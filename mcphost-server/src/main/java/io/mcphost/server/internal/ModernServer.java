package io.mcphost.server.internal;

import io.mcphost.protocol.EraRule;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.modern.CacheScope;
import io.mcphost.protocol.modern.InputRequest;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.modern.ModernResults;
import io.mcphost.protocol.modern.ResultType;
import io.mcphost.protocol.skills.SkillsProtocol;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.server.ServerRequestObserver;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves revision 2026-07-28 requests: stateless, each one carrying its version and the client's
 * capabilities in {@code _meta} (spec: basic/versioning, server/discover, basic/patterns/mrtr,
 * basic/patterns/subscriptions, server/utilities/caching). One per server, reached only through
 * its {@link Dispatcher}, which sends it the requests {@link EraRule} calls modern; the transport
 * supplies where a request's notifications go. Thread-safe; {@link #serve}
 * runs the handler on the calling thread.
 */
public final class ModernServer {
    private static final Logger LOG = LoggerFactory.getLogger(ModernServer.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** The revision served statelessly here. */
    public static final ProtocolVersion VERSION = ProtocolVersion.V2026_07_28;
    /** Every revision this server speaks, newest first: the modern one here, the handshake ones by ServerConnection. */
    public static final List<String> SUPPORTED_VERSIONS = Arrays.stream(ProtocolVersion.values())
            .sorted(Comparator.reverseOrder()).map(ProtocolVersion::id).toList();
    /** The requests that may answer with input_required (spec: mrtr, "Supported Requests"). */
    private static final Set<String> INPUT_METHODS = Set.of(McpMethod.TOOLS_CALL, McpMethod.PROMPTS_GET,
            McpMethod.RESOURCES_READ);

    private final Registry registry;
    private final Subscriptions subscriptions;
    private final RequestStates states;
    private final ModernTasks tasks;

    ModernServer(Registry registry, Subscriptions subscriptions) {
        this.registry = registry;
        this.subscriptions = subscriptions;
        this.states = new RequestStates(registry.sealing());
        this.tasks = new ModernTasks(registry.maxTaskTtl(), registry.taskPollInterval(), registry::taskIdPrefix);
    }

    /** The version the request's {@code _meta} names, if it names one as a string. */
    public static Optional<String> declaredVersion(JsonRpcRequest request) {
        return EraRule.declaredVersion(request.params());
    }

    /** The {@code -32602} a request with missing or malformed {@code _meta} gets (spec: basic/index, _meta). */
    Optional<JsonRpcError> checkMeta(JsonRpcRequest request) {
        JsonNode params = request.params().orElse(null);
        if (params == null || !params.isObject()) {
            return invalid("Invalid params: a 2026-07-28 request needs params with _meta");
        }
        JsonNode meta = params.get("_meta");
        if (meta == null || !meta.isObject()) {
            return invalid("Invalid params: _meta is missing");
        }
        if (!meta.path(ModernMeta.PROTOCOL_VERSION).isString()) {
            return invalid("Invalid params: _meta needs the string " + ModernMeta.PROTOCOL_VERSION);
        }
        if (!meta.path(ModernMeta.CLIENT_CAPABILITIES).isObject()) {
            return invalid("Invalid params: _meta needs the object " + ModernMeta.CLIENT_CAPABILITIES);
        }
        if (meta.has(ModernMeta.LOG_LEVEL) && logLevel(meta).isEmpty()) {
            return invalid("Invalid params: unknown " + ModernMeta.LOG_LEVEL + " " + meta.get(ModernMeta.LOG_LEVEL));
        }
        return Optional.empty();
    }

    /** The {@code -32022} a request at a revision this server does not serve statelessly gets. */
    Optional<JsonRpcError> checkVersion(JsonRpcRequest request) {
        String asked = declaredVersion(request).orElse("");
        if (ProtocolVersion.fromId(asked).filter(v -> v.isAtLeast(VERSION)).isPresent()) {
            return Optional.empty();
        }
        ObjectNode data = CODEC.newObject();
        SUPPORTED_VERSIONS.forEach(data.putArray("supported")::add);
        data.put("requested", asked);
        return Optional.of(new JsonRpcError(ModernErrors.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                Optional.of(data)));
    }

    private static Optional<JsonRpcError> invalid(String message) {
        return Optional.of(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, message));
    }

    private static Optional<LoggingLevel> logLevel(JsonNode meta) {
        JsonNode level = meta.path(ModernMeta.LOG_LEVEL);
        if (!level.isString()) {
            return Optional.empty();
        }
        return Arrays.stream(LoggingLevel.values()).filter(l -> l.wireName().equals(level.stringValue())).findFirst();
    }

    /**
     * Serves one request: checks its {@code _meta} and version, runs its handler and returns the
     * reply; empty when none is due (a cancelled request, a listen stream the client closed).
     * Notifications related to the request go to {@code sink} meanwhile. Blocks for as long as the
     * handler runs; a {@code subscriptions/listen} blocks until {@code cancelled} or the server ends
     * it, and when {@code closing} turns true it ends gracefully, with its result (spec:
     * subscriptions, "Graceful Closure").
     */
    Optional<JsonRpcMessage> serve(JsonRpcRequest request, Consumer<JsonRpcMessage> sink, AtomicBoolean cancelled,
                                          BooleanSupplier closing) {
        ServerRequestObserver.Completion observation = RequestObservation.start(registry, request, Optional.of(VERSION), Optional.empty());
        JsonRpcMessage reply;
        try {
            reply = answer(request, sink, cancelled, closing);
        } catch (RequestException e) {
            reply = JsonRpcErrorResponse.of(request.id(), new JsonRpcError(e.code(), e.getMessage(), e.data()));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.warn("{} (id {}) failed", request.method(), request.id(), e);
            reply = JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                    request.method() + " failed: " + e));
        }
        RequestObservation.finish(observation, request, reply);
        return cancelled.get() || reply == null ? Optional.empty() : Optional.of(reply);
    }

    private JsonRpcMessage answer(JsonRpcRequest request, Consumer<JsonRpcMessage> sink, AtomicBoolean cancelled,
                                  BooleanSupplier closing) {
        Optional<JsonRpcError> refused = checkMeta(request).or(() -> checkVersion(request));
        if (refused.isPresent()) {
            return JsonRpcErrorResponse.of(request.id(), refused.get());
        }
        String method = request.method();
        JsonNode params = request.params().orElseThrow();
        JsonNode meta = params.get("_meta");
        Map<String, JsonNode> answers = INPUT_METHODS.contains(method) ? answers(method, params) : Map.of();
        ModernScope scope = new ModernScope(meta.get(ModernMeta.CLIENT_CAPABILITIES), logLevel(meta), sink, cancelled, answers);
        Requests requests = new Requests(registry, scope);
        JsonNode result = switch (method) {
            case ModernMethods.SERVER_DISCOVER -> cacheable(discover(), CacheScope.PUBLIC);
            case McpMethod.TOOLS_LIST -> cacheable(requests.listTools(require(registry.offersTools(), method, params)),
                    listScope());
            case McpMethod.PROMPTS_LIST -> cacheable(requests.listPrompts(require(registry.offersPrompts(), method, params)),
                    listScope());
            case McpMethod.RESOURCES_LIST -> cacheable(requests.listResources(require(hasResources(), method, params)),
                    listScope());
            case McpMethod.RESOURCES_TEMPLATES_LIST -> cacheable(requests.listTemplates(require(hasResources(), method, params)),
                    listScope());
            case McpMethod.RESOURCES_READ -> rounds(method, params, scope,
                    () -> cacheable(requests.readResource(require(hasResources(), method, params), cancelled), CacheScope.PRIVATE));
            case McpMethod.SKILLS_LIST -> cacheable(requests.listSkills(params), CacheScope.PUBLIC);
            case McpMethod.SKILLS_GET -> cacheable(requests.getSkill(params), CacheScope.PUBLIC);
            case McpMethod.RESOURCES_DIRECTORY_READ -> requests.readDirectory(params);
            case McpMethod.TOOLS_CALL -> rounds(method, params, scope,
                    () -> callTool(require(registry.offersTools(), method, params), scope, requests, cancelled));
            case McpMethod.TASKS_GET -> tasks.get(requireTasks(scope, method, params));
            case ModernMethods.TASKS_UPDATE -> tasks.update(requireTasks(scope, method, params));
            case McpMethod.TASKS_CANCEL -> tasks.cancel(requireTasks(scope, method, params));
            case McpMethod.PROMPTS_GET -> rounds(method, params, scope,
                    () -> requests.getPrompt(require(registry.offersPrompts(), method, params), cancelled));
            case McpMethod.COMPLETION_COMPLETE -> requests.complete(params);
            case ModernMethods.SUBSCRIPTIONS_LISTEN -> {
                yield listen(request, params, scope, cancelled, closing);
            }
            // Spec (2026-07-28): ping, logging/setLevel, resources/(un)subscribe, initialize... are gone.
            default -> throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method);
        };
        if (result == null) {
            return null;
        }
        if (result instanceof ObjectNode object) {
            decorate(object);
        }
        return new JsonRpcResponse(request.id(), result);
    }

    private static JsonNode require(boolean offered, String method, JsonNode params) {
        if (!offered) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method
                    + " (this server offers none)");
        }
        return params;
    }

    /**
     * A tool call, which may become a task (tasks extension): a tool that runs only as a task needs the
     * extension declared; one that may, runs as one only if its handler asks to (continueAsTask).
     */
    private JsonNode callTool(JsonNode params, ModernScope scope, Requests requests, AtomicBoolean cancelled) {
        // A look at the tool's task support only, not yet a use: Requests.callTool decides (and is heard) once.
        Registry.ToolEntry entry = registry.tool(params.path("name").asString(""), "tools/list").orElse(null);
        ToolExecution.TaskSupport support = entry == null ? ToolExecution.TaskSupport.FORBIDDEN
                : entry.tool().taskSupport();
        boolean declared = ModernTasks.declared(scope.clientCapabilities());
        if (support == ToolExecution.TaskSupport.REQUIRED && !declared) {
            throw ModernTasks.missingExtension("tool '" + entry.tool().name() + "' runs only as a task");
        }
        if (support == ToolExecution.TaskSupport.FORBIDDEN || !declared) {
            return requests.callTool(params, cancelled);
        }
        return tasks.run(scope, cancelled, () -> requests.callTool(params, cancelled));
    }

    private JsonNode requireTasks(ModernScope scope, String method, JsonNode params) {
        if (!registry.hasTaskTools()) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method + " (this server runs no tasks)");
        }
        if (!ModernTasks.declared(scope.clientCapabilities())) {
            throw ModernTasks.missingExtension(method);
        }
        return params;
    }

    private boolean hasResources() {
        return registry.offersResources();
    }

    /** Every result: resultType (complete unless set) and who answered (spec: basic/index, serverInfo in results). */
    private void decorate(ObjectNode result) {
        ModernResults.markComplete(result);
        result.withObjectProperty("_meta").set(ModernMeta.SERVER_INFO, CODEC.valueToTree(registry.info()));
    }

    /** A list is the same for everyone (public) unless a visibility makes it the caller's own (private). */
    private CacheScope listScope() {
        return registry.perCaller() ? CacheScope.PRIVATE : CacheScope.PUBLIC;
    }

    private static JsonNode cacheable(JsonNode result, CacheScope scope) {
        // ttlMs 0: every list may change whenever the application announces it, so freshness is not promised.
        return ModernResults.withCacheHints((ObjectNode) result, 0, scope);
    }

    private ObjectNode discover() {
        ObjectNode result = CODEC.newObject();
        SUPPORTED_VERSIONS.forEach(result.putArray("supportedVersions")::add);
        result.set("capabilities", capabilities(registry, VERSION));
        registry.instructions().ifPresent(text -> result.put("instructions", text));
        return result;
    }

    /**
     * The capabilities this server announces at {@code version}: only what it has something for.
     * Shared by {@code initialize} and {@code server/discover}.
     */
    static ObjectNode capabilities(Registry registry, ProtocolVersion version) {
        ObjectNode caps = CODEC.newObject();
        caps.putObject("logging");
        if (registry.completions().isPresent() && version.isAtLeast(ProtocolVersion.V2025_03_26)) {
            caps.putObject("completions"); // the capability appeared in 2025-03-26
        }
        // listChanged and subscribe: the application may announce changes through McpServer.notify...
        if (registry.offersPrompts()) {
            caps.putObject("prompts").put("listChanged", true);
        }
        if (registry.offersResources()) {
            caps.putObject("resources").put("subscribe", true).put("listChanged", true);
        }
        if (registry.offersTools()) {
            caps.putObject("tools").put("listChanged", true);
        }
        // Tasks: a capability of 2025-11-25; from 2026-07-28 on an extension.
        if (registry.hasTaskTools() && version.isAtLeast(VERSION)) {
            caps.withObjectProperty("extensions").putObject(ModernMeta.TASKS_EXTENSION);
        }
        // Skills: an extension in every revision (the suite's handshake-era mocks announce it in initialize too);
        // resources/directory/read is served for every skill directory. offersResources() holds, as skills are resources.
        if (!registry.skills().isEmpty()) {
            caps.withObjectProperty("extensions").putObject(SkillsProtocol.EXTENSION_ID).put(SkillsProtocol.DIRECTORY_READ, true);
        }
        if (registry.hasTaskTools() && version == ProtocolVersion.V2025_11_25) {
            ObjectNode tasksCap = caps.putObject("tasks");
            tasksCap.putObject("list");   // safe: tasks are bound to their connection (TaskStore)
            tasksCap.putObject("cancel");
            tasksCap.putObject("requests").putObject("tools").putObject("call");
        }
        return caps;
    }

    /** The answers of earlier rounds (verified requestState) and of this retry (inputResponses). */
    private Map<String, JsonNode> answers(String method, JsonNode params) {
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        JsonNode state = params.get("requestState");
        if (state != null && !state.isNull()) {
            if (!state.isString()) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "Invalid requestState: it must be a string");
            }
            answers.putAll(states.open(state.stringValue(), binding(method, params)));
        }
        JsonNode responses = params.get("inputResponses");
        if (responses != null && !responses.isNull()) {
            if (!responses.isObject()) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "Invalid params: inputResponses must be an object");
            }
            responses.properties().forEach(e -> answers.put(e.getKey(), e.getValue()));
        }
        return answers;
    }

    /** What a requestState is bound to: the method, its target and its arguments (spec: mrtr, replay). */
    private static String binding(String method, JsonNode params) {
        String target = params.path(method.equals(McpMethod.RESOURCES_READ) ? "uri" : "name").asString("");
        JsonNode arguments = params.path("arguments").isObject() ? params.get("arguments") : CODEC.newObject();
        return method + "\n" + target + "\n" + CODEC.mapper().writeValueAsString(arguments);
    }

    /** Runs a handler that may ask the client for input; an unanswered question becomes input_required. */
    private JsonNode rounds(String method, JsonNode params, ModernScope scope, Supplier<JsonNode> handler) {
        try {
            return handler.get();
        } catch (InputRequiredSignal signal) {
            ObjectNode result = CODEC.newObject();
            result.put("resultType", ResultType.INPUT_REQUIRED.wire());
            ObjectNode requests = result.putObject("inputRequests");
            for (Map.Entry<String, InputRequest> e : signal.requests().entrySet()) {
                ObjectNode request = requests.putObject(e.getKey());
                request.put("method", e.getValue().method());
                request.set("params", e.getValue().params());
            }
            result.put("requestState", states.seal(binding(method, params), scope.used()));
            return result;
        }
    }

    private JsonNode listen(JsonRpcRequest request, JsonNode params, ModernScope scope, AtomicBoolean cancelled,
                            BooleanSupplier closing) {
        boolean[] capable = {registry.offersTools(), registry.offersPrompts(), hasResources()};
        // With a visibility, a URI the caller may not read is left out of what the stream watches, as a
        // URI the server does not know would be: decided here, on the request's thread, where its caller is.
        java.util.function.Predicate<String> mayWatch = registry.perCaller()
                ? uri -> registry.readerFor(uri, ModernMethods.SUBSCRIPTIONS_LISTEN).isPresent() : uri -> true;
        Subscriptions.Subscription subscription = subscriptions.open(request.id(), params, capable, mayWatch, scope::send,
                cancelled::get, closing);
        try {
            subscription.awaitEnd(); // the server ended it, the client cancelled it, or the server is closing
            if (!cancelled.get() && closing.getAsBoolean()) {
                return subscription.closingResponse().result();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            subscriptions.close(subscription);
        }
        return subscription.endedByServer() ? subscription.closingResponse().result() : null;
    }
}
