package io.mcphost.testkit.eras;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The protocol logic of the era test servers ({@link EraStdioServer}, {@link EraHttpServer}): one
 * server of each {@link EraMode}, in raw JSON-RPC so that it can do what no correct toolkit does
 * (stay silent, answer junk). Modern requests are recognised by their {@code _meta} protocol version.
 *
 * <p>Tools: {@code echo} ({@code {text}} → {@code "echo <text> (<era>)"}) and, on modern requests,
 * {@code confirm}, which asks for a form elicitation with an {@code input_required} result carrying
 * {@code requestState}, and on the retry answers {@code "confirmed <content> state=<state>"}.
 * Thread-safe.
 */
public final class EraScript {
    static final ObjectMapper JSON = JsonMapper.builder().build();
    static final String MODERN = "2026-07-28";

    /** What to do with one request. */
    public sealed interface Reply {
        /** Send this message. */
        record Answer(JsonNode message) implements Reply {
        }

        /** Send this line, which is not JSON-RPC. */
        record Junk(String line) implements Reply {
        }

        /** Send nothing. */
        record Silence() implements Reply {
        }

        /**
         * A {@code subscriptions/listen} stream opens: send {@code ack} first, then keep the stream and
         * {@link #listen register} its sink (HTTP: the request's SSE stream; stdio: stdout).
         */
        record Listen(JsonNode id, JsonNode filter, JsonNode ack) implements Reply {
        }
    }

    /** One open listen stream: its id, what it asked for, where its notifications go. */
    private record Sink(JsonNode id, JsonNode filter, java.util.function.Consumer<JsonNode> out) {
    }

    private final java.util.List<Sink> sinks = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Registers the sink of a listen stream; returns the handle that removes it. */
    public Runnable listen(Reply.Listen stream, java.util.function.Consumer<JsonNode> out) {
        Sink sink = new Sink(stream.id(), stream.filter(), out);
        sinks.add(sink);
        return () -> sinks.remove(sink);
    }

    /** How many listen streams are open now. */
    public int listeners() {
        return sinks.size();
    }

    /** A notification tagged for the listen stream {@code id}. */
    private static ObjectNode tagged(String method, JsonNode id) {
        ObjectNode n = JSON.createObjectNode();
        n.put("jsonrpc", "2.0");
        n.put("method", method);
        n.putObject("params").putObject("_meta").set("io.modelcontextprotocol/subscriptionId", id);
        return n;
    }

    /** Tells every stream that asked for it that {@code uri} changed, and that the tools changed. */
    private void touch(String uri) {
        for (Sink sink : sinks) {
            for (JsonNode wanted : sink.filter().path("resourceSubscriptions")) {
                if (wanted.asString("").equals(uri)) {
                    ObjectNode n = tagged("notifications/resources/updated", sink.id());
                    ((ObjectNode) n.get("params")).put("uri", uri);
                    sink.out().accept(n);
                }
            }
            if (sink.filter().path("toolsListChanged").asBoolean(false)) {
                sink.out().accept(tagged("notifications/tools/list_changed", sink.id()));
            }
        }
    }

    private final EraMode mode;
    private final AtomicBoolean initialized = new AtomicBoolean();
    private final AtomicInteger rounds = new AtomicInteger();

    public EraScript(EraMode mode) {
        this.mode = mode;
    }

    public EraMode mode() {
        return mode;
    }

    /** Whether {@code request} declares a modern protocol version in its {@code _meta}. */
    public static boolean isModern(JsonNode request) {
        return request.path("params").path("_meta").path("io.modelcontextprotocol/protocolVersion").isString();
    }

    /** The reply to one request (null id: a notification, which gets {@link Reply.Silence}). */
    public Reply handle(JsonNode request) {
        JsonNode id = request.get("id");
        String method = request.path("method").asString("");
        if (id == null || id.isNull()) {
            if (method.equals("notifications/cancelled")) {
                // stdio: cancelling a listen request ends its stream
                JsonNode cancelled = request.path("params").path("requestId");
                sinks.removeIf(sink -> sink.id().equals(cancelled));
            }
            return new Reply.Silence();
        }
        boolean modern = isModern(request);
        if (method.equals("initialize")) {
            if (!mode.speaksLegacy()) {
                ObjectNode data = JSON.createObjectNode();
                data.putArray("supported").add(MODERN);
                data.put("requested", request.path("params").path("protocolVersion").asString(""));
                return error(id, -32022, "this server speaks only " + MODERN + "; initialize is not a method of it", data);
            }
            initialized.set(true);
            ObjectNode result = JSON.createObjectNode();
            result.put("protocolVersion", "2025-11-25");
            result.putObject("capabilities").putObject("tools");
            result.putObject("serverInfo").put("name", "era-" + mode.name().toLowerCase()).put("version", "1.0");
            return answer(id, result);
        }
        if (modern && mode.speaksModern()) {
            return modern(id, method, request.path("params"));
        }
        if (!initialized.get()) {
            // A legacy server before initialize: each mode's own way of refusing an unknown request.
            return switch (mode) {
                case LEGACY_32602 -> error(id, -32602, "Invalid request parameters", null);
                case LEGACY_SILENT -> new Reply.Silence();
                case LEGACY_JUNK -> new Reply.Junk("Traceback (most recent call last): not JSON {{{");
                default -> error(id, -32601, "Method not found: " + method, null);
            };
        }
        return legacy(id, method, request.path("params"));
    }

    private Reply modern(JsonNode id, String method, JsonNode params) {
        String version = params.path("_meta").path("io.modelcontextprotocol/protocolVersion").asString("");
        if (!version.equals(MODERN)) {
            ObjectNode data = JSON.createObjectNode();
            data.putArray("supported").add(MODERN);
            data.put("requested", version);
            return error(id, -32022, "Unsupported protocol version", data);
        }
        if (!params.path("_meta").path("io.modelcontextprotocol/clientCapabilities").isObject()) {
            return error(id, -32602, "Invalid params: _meta lacks clientCapabilities", null);
        }
        ObjectNode result = JSON.createObjectNode();
        result.put("resultType", "complete");
        switch (method) {
            case "server/discover" -> {
                result.putArray("supportedVersions").add(MODERN);
                ObjectNode caps = result.putObject("capabilities");
                caps.putObject("tools").put("listChanged", true);
                caps.putObject("resources").put("subscribe", true);
                result.putObject("_meta").putObject("io.modelcontextprotocol/serverInfo")
                        .put("name", "era-" + mode.name().toLowerCase()).put("version", "1.0");
                result.put("ttlMs", 0).put("cacheScope", "public");
            }
            case "tools/list" -> {
                tools(result.putArray("tools"), true);
                result.put("ttlMs", 0).put("cacheScope", "public");
            }
            case "tools/call" -> {
                return modernCall(id, params, result);
            }
            case "subscriptions/listen" -> {
                JsonNode filter = params.path("notifications");
                ObjectNode ack = tagged("notifications/subscriptions/acknowledged", id);
                ((ObjectNode) ack.get("params")).set("notifications", filter);
                return new Reply.Listen(id, filter, ack);
            }
            default -> {
                return error(id, -32601, "Method not found: " + method, null);
            }
        }
        return answer(id, result);
    }

    private Reply modernCall(JsonNode id, JsonNode params, ObjectNode result) {
        String tool = params.path("name").asString("");
        if (tool.equals("echo")) {
            text(result, "echo " + params.path("arguments").path("text").asString("") + " (modern)");
            return answer(id, result);
        }
        if (tool.equals("touch")) {
            touch(params.path("arguments").path("uri").asString(""));
            text(result, "touched");
            return answer(id, result);
        }
        if (!tool.equals("confirm")) {
            return error(id, -32602, "Unknown tool: " + tool, null);
        }
        JsonNode responses = params.path("inputResponses");
        if (!responses.path("ask").isObject()) {
            ObjectNode pending = JSON.createObjectNode();
            pending.put("resultType", "input_required");
            ObjectNode ask = pending.putObject("inputRequests").putObject("ask");
            ask.put("method", "elicitation/create");
            ObjectNode p = ask.putObject("params");
            p.put("mode", "form").put("message", "Proceed?");
            ObjectNode schema = p.putObject("requestedSchema");
            schema.put("type", "object");
            schema.putObject("properties").putObject("ok").put("type", "boolean");
            pending.put("requestState", "state-" + rounds.incrementAndGet());
            return answer(id, pending);
        }
        text(result, "confirmed " + responses.path("ask").path("content") + " state=" + params.path("requestState").asString("none"));
        return answer(id, result);
    }

    private Reply legacy(JsonNode id, String method, JsonNode params) {
        ObjectNode result = JSON.createObjectNode();
        switch (method) {
            case "tools/list" -> tools(result.putArray("tools"), false);
            case "tools/call" -> {
                if (!params.path("name").asString("").equals("echo")) {
                    return error(id, -32602, "Unknown tool", null);
                }
                text(result, "echo " + params.path("arguments").path("text").asString("") + " (legacy)");
            }
            case "ping" -> { }
            default -> {
                return error(id, -32601, "Method not found: " + method, null);
            }
        }
        return answer(id, result);
    }

    private static void tools(tools.jackson.databind.node.ArrayNode tools, boolean modern) {
        ObjectNode echo = tools.addObject();
        echo.put("name", "echo");
        ObjectNode schema = echo.putObject("inputSchema");
        schema.put("type", "object");
        ObjectNode text = schema.putObject("properties").putObject("text");
        text.put("type", "string");
        if (modern) {
            text.put("x-mcp-header", "Text");
            ObjectNode confirm = tools.addObject();
            confirm.put("name", "confirm");
            confirm.putObject("inputSchema").put("type", "object");
        }
    }

    private static void text(ObjectNode result, String text) {
        result.putArray("content").addObject().put("type", "text").put("text", text);
    }

    private static Reply answer(JsonNode id, JsonNode result) {
        ObjectNode message = JSON.createObjectNode();
        message.put("jsonrpc", "2.0");
        message.set("id", id);
        message.set("result", result);
        return new Reply.Answer(message);
    }

    static Reply error(JsonNode id, int code, String text, JsonNode data) {
        ObjectNode message = JSON.createObjectNode();
        message.put("jsonrpc", "2.0");
        message.set("id", id);
        ObjectNode error = message.putObject("error");
        error.put("code", code).put("message", text);
        Optional.ofNullable(data).ifPresent(d -> error.set("data", d));
        return new Reply.Answer(message);
    }
}
