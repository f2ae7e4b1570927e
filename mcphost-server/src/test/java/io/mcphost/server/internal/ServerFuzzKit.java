package io.mcphost.server.internal;

import io.mcphost.protocol.EraRule;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.InputBatch;
import io.mcphost.server.McpServer;
import io.mcphost.server.ServerSession;
import io.mcphost.server.ToolHandler;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The server and the client side the toolkit's fuzz targets share: one {@link McpServer} offering
 * something of everything (tools with input schemas, a task tool, tools that elicit, sample and ask
 * for roots, prompts, resources, a template, completions, subscriptions), and a {@link Wire} that
 * plays a client over the in-memory pair, checking that every request gets exactly one answer.
 *
 * <p>Fuzz input is text, one JSON-RPC message (or batch) a line, as a stdio client would send it:
 * <ul>
 * <li>a line starting with {@code &} is sent without waiting for its answers (requests in flight
 *     together: cancellation, reused ids); other lines wait for theirs;</li>
 * <li>a line starting with {@code >} answers the next request the server sends the client: the JSON
 *     value after it is the result, after {@code >!} the error object, and {@code >-} leaves it
 *     unanswered; without such lines the client declines or answers with an empty list;</li>
 * <li>{@code $STATE} and {@code $TASK} in a line stand for the last {@code requestState} and task id
 *     the server handed out.</li>
 * </ul>
 */
final class ServerFuzzKit {
    static final JsonCodec CODEC = JsonCodec.get();
    /** How long a handler waits for the client: the client always answers at once unless told not to. */
    static final Duration ASK = Duration.ofMillis(300);
    /** Nothing here waits on I/O: an execution whose answers take longer than this hangs (a finding). */
    static final long DEADLINE_NANOS = Duration.ofSeconds(15).toNanos();
    /** The warm-up's deadline: on a cold JVM the agent instruments every class on first use, slowly. */
    private static final long WARM_UP_NANOS = Duration.ofSeconds(120).toNanos();
    static final int MAX_LINES = 48;

    /** An exception a handler saw from the toolkit that its API does not document: a finding. */
    static final AtomicReference<Throwable> UNEXPECTED = new AtomicReference<>();

    /** What the blanket catch in the request handling makes of an exception: a bug escaped a handler. */
    private static final Pattern LEAKED = Pattern.compile(
            "(java|javax|jdk|sun|tools\\.jackson|com\\.fasterxml)\\.[\\w.$]+(Exception|Error)");
    private static final Set<Integer> SPEC_CODES = Set.of(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST,
            JsonRpcError.METHOD_NOT_FOUND, JsonRpcError.INVALID_PARAMS, JsonRpcError.INTERNAL_ERROR,
            JsonRpcError.RESOURCE_NOT_FOUND, JsonRpcError.URL_ELICITATION_REQUIRED, ModernErrors.HEADER_MISMATCH,
            ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY, ModernErrors.UNSUPPORTED_PROTOCOL_VERSION);

    static final McpServer SERVER = server();
    private static volatile boolean warm;

    private ServerFuzzKit() {
    }

    /**
     * Runs one request of each kind in both eras once, without the per-execution deadline: the first
     * use of each class (Jackson's serializers, the agent instrumenting our classes) takes seconds on a
     * loaded machine, which must not pass for a hang in the first executions.
     */
    static void warmUp() {
        if (warm) {
            return;
        }
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"w\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{},\"roots\":{},\"sampling\":{},"
                + "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
        List<String> lines = new ArrayList<>();
        for (String method : List.of("server/discover", "tools/list", "prompts/list", "resources/list",
                "resources/templates/list")) {
            lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-" + method + "\",\"method\":\"" + method + "\",\"params\":{" + meta + "}}");
        }
        for (String tool : List.of("echo", "add", "ask", "ask_twice", "sample", "gather", "progress", "job", "task_only")) {
            lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-" + tool + "\",\"method\":\"tools/call\",\"params\":{\"name\":\""
                    + tool + "\",\"arguments\":{\"text\":\"t\",\"a\":1,\"b\":2}," + meta + "}}");
            lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"wl-" + tool + "\",\"method\":\"tools/call\",\"params\":{\"name\":\""
                    + tool + "\",\"arguments\":{\"text\":\"t\",\"a\":1,\"b\":2},\"task\":{}}}");
        }
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-t\",\"method\":\"tasks/get\",\"params\":{\"taskId\":\"$TASK\"}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-r\",\"method\":\"tasks/result\",\"params\":{\"taskId\":\"$TASK\"}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-p\",\"method\":\"prompts/get\",\"params\":{\"name\":\"greet\",\"arguments\":{\"who\":\"a\"}}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-q\",\"method\":\"prompts/get\",\"params\":{\"name\":\"rooted\"," + meta + "}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-r1\",\"method\":\"resources/read\",\"params\":{\"uri\":\"mem://items/1\"}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-r2\",\"method\":\"resources/read\",\"params\":{\"uri\":\"mem://x\"," + meta + "}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-c\",\"method\":\"completion/complete\",\"params\":{\"ref\":{\"type\":"
                + "\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"who\",\"value\":\"\"}}}");
        lines.add("{\"jsonrpc\":\"2.0\",\"id\":\"w-s\",\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"mem://a\"}}");
        long deadline = System.nanoTime() + WARM_UP_NANOS;
        try (Wire wire = new Wire()) {
            wire.call(JsonRpcRequest.of(RequestId.of("w-init"), McpMethod.INITIALIZE, Json.parse("""
                    {"protocolVersion":"2025-11-25","capabilities":{"elicitation":{},"sampling":{},"roots":{}},
                     "clientInfo":{"name":"w","version":"1"}}""")), deadline);
            play(wire, lines, deadline);
            wire.awaitAll(deadline);
        }
        UNEXPECTED.set(null);
        warm = true;
    }

    private static McpServer server() {
        return McpServer.builder().serverInfo("fuzz", "1.0").instructions("fuzzing")
                .tool(Tool.of("echo", "echoes", Json.parse("""
                        {"type":"object","properties":{"text":{"type":"string","maxLength":64,"x-mcp-header":"Text"},
                         "times":{"type":"integer","minimum":1,"maximum":3}},"required":["text"]}""")),
                        guarded(call -> CallToolResult.text(call.arguments().path("text").asString("").repeat(
                                Math.max(1, Math.min(3, call.arguments().path("times").asInt(1)))))))
                .tool(Tool.of("add", "adds", Json.parse("""
                        {"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"},
                         "tags":{"type":"array","items":{"enum":["x","y"]},"uniqueItems":true},
                         "opts":{"type":"object","additionalProperties":false,"properties":{"round":{"type":"boolean"}}}},
                         "required":["a","b"]}""")),
                        guarded(call -> CallToolResult.structured(CODEC.newObject().put("sum",
                                call.arguments().path("a").asDouble() + call.arguments().path("b").asDouble()), "sum")))
                .tool(Tool.of("ask", "elicits a name", object()), guarded(call -> {
                    ElicitResult answer = call.elicit("name", elicitation(), ASK);
                    return CallToolResult.text("hello " + answer.action() + " "
                            + answer.content().map(c -> c.path("name").asString("")).orElse("?"));
                }))
                .tool(Tool.of("ask_twice", "elicits twice, unnamed", object()), guarded(call -> {
                    call.elicit(elicitation(), ASK);
                    call.elicit(elicitation(), ASK);
                    return CallToolResult.text("twice");
                }))
                .tool(Tool.of("sample", "samples", object()), guarded(call -> {
                    return CallToolResult.text("sampled " + call.sample(sampling(), ASK).role());
                }))
                .tool(Tool.of("gather", "asks a batch", object()), guarded(call -> {
                    InputBatch.Answers answers = call.batch().elicit("e", elicitation()).roots("r").send(ASK);
                    List<Root> roots = answers.roots("r");
                    return CallToolResult.text(answers.elicitation("e").action() + " " + roots.size());
                }))
                .tool(Tool.of("progress", "reports and logs", object()), guarded(call -> {
                    call.progress(1, 2.0, "half");
                    call.log(LoggingLevel.WARNING, CODEC.newObject().put("at", "half"));
                    return CallToolResult.text("done");
                }))
                .tool(Tool.of("job", "may run as a task", object()).withExecution(ToolExecution.of(TaskSupport.OPTIONAL)),
                        guarded(call -> {
                            call.continueAsTask();
                            if (call.arguments().path("ask").asBoolean(false)) {
                                call.elicit("go", elicitation(), ASK);
                            }
                            return CallToolResult.text("job done");
                        }))
                .tool(Tool.of("task_only", "runs only as a task", object()).withExecution(ToolExecution.of(TaskSupport.REQUIRED)),
                        guarded(call -> {
                            call.continueAsTask();
                            return CallToolResult.text("ran");
                        }))
                .prompt(Prompt.of("greet", "greets", PromptArgument.of("who", "whom", true),
                        PromptArgument.of("style", "how", false)),
                        args -> GetPromptResult.of("greeting", PromptMessage.user("hi " + args.get("who"))))
                .prompt(Prompt.of("rooted", "asks for roots"), (args, input) -> {
                    try {
                        return GetPromptResult.of(null, PromptMessage.user("roots: " + input.roots(ASK).size()));
                    } catch (McpException e) {
                        return GetPromptResult.of(null, PromptMessage.user("no roots: " + e.getMessage()));
                    } catch (InputRequiredSignal | RequestException protocol) {
                        throw protocol;
                    } catch (RuntimeException e) {
                        throw unexpected(e);
                    }
                })
                .resource(Resource.of("mem://a", "a", "a resource", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "A")))
                .resource(Resource.of("file:///notes/b.txt", "b", "another", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "B")))
                .resourceTemplate(ResourceTemplate.of("mem://items/{id}{?page}", "item", "an item", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "item")))
                .resourceTemplate(ResourceTemplate.of("mem://tree{/path*}", "tree", "a path", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "tree")))
                .completions(request -> CompleteResult.of(List.of("one", "two", request.argument().value())))
                .subscriptionListener(new io.mcphost.server.SubscriptionListener() {
                    @Override
                    public void firstSubscribed(String uri) {
                    }

                    @Override
                    public void lastUnsubscribed(String uri) {
                    }
                })
                .pageSize(2)
                .taskPollInterval(Duration.ofMillis(10))
                .maxTaskTtl(Duration.ofSeconds(2))
                .build();
    }

    private static JsonNode object() {
        return Json.parse("{\"type\":\"object\",\"properties\":{\"ask\":{\"type\":\"boolean\"}}}");
    }

    /**
     * A tool handler that keeps what the toolkit documents (a clean McpException when the client does
     * not answer well, the unchecked signal of an input round, a protocol error) and reports anything else.
     */
    private static ToolHandler guarded(ToolHandler handler) {
        return call -> {
            try {
                return handler.call(call);
            } catch (McpException e) {
                return CallToolResult.error(e.getMessage());
            } catch (InputRequiredSignal | RequestException protocol) {
                throw protocol;
            } catch (RuntimeException e) {
                throw unexpected(e);
            }
        };
    }

    private static RuntimeException unexpected(RuntimeException e) {
        UNEXPECTED.compareAndSet(null, e);
        return e;
    }

    static ElicitRequestParams elicitation() {
        return Json.treeToValue(Json.parse("""
                {"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}"""),
                ElicitRequestParams.class);
    }

    static CreateMessageRequestParams sampling() {
        return Json.treeToValue(Json.parse("""
                {"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}"""),
                CreateMessageRequestParams.class);
    }

    /** The fuzz input's lines: at most {@link #MAX_LINES}, invalid UTF-8 replaced. */
    static List<String> lines(byte[] data) {
        String[] all = new String(data, StandardCharsets.UTF_8).split("\n", -1);
        List<String> lines = new ArrayList<>();
        for (String line : all) {
            if (!line.isBlank() && lines.size() < MAX_LINES) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    /** Throws the finding a handler recorded, if any (and forgets it). */
    static void rethrowUnexpected() {
        Throwable t = UNEXPECTED.getAndSet(null);
        if (t != null) {
            throw new AssertionError("a handler got an undocumented exception from the toolkit: " + t, t);
        }
    }

    /** The client side of one connection, with the bookkeeping of what it sent and what came back. */
    static final class Wire implements AutoCloseable {
        private final Transport client;
        private final ServerSession session;
        private final Object lock = new Object();
        /** Requests sent per id, and answers received per id. */
        private final Map<RequestId, Integer> sent = new HashMap<>();
        private final Map<RequestId, List<JsonRpcMessage>> answers = new HashMap<>();
        /** Ids that may go unanswered: cancelled, or an open subscriptions/listen stream. */
        private final Set<RequestId> mayGoUnanswered = new HashSet<>();
        /** How the client answers the server's requests, in order. */
        private final ArrayDeque<String> replies = new ArrayDeque<>();
        private final List<String> problems = new ArrayList<>();
        volatile String lastState;
        volatile String lastTask;

        Wire() {
            MemoryTransport.Pair pair = MemoryTransport.pair();
            session = SERVER.serve(pair.server());
            client = pair.client();
            client.start(new InboundHandler() {
                @Override
                public void onMessage(JsonRpcMessage message) {
                    received(message);
                }

                @Override
                public void onClosed(McpTransportException cause) {
                }
            });
        }

        /** Queues the client's answer to the next server request (the text after {@code >}). */
        void scriptReply(String reply) {
            synchronized (lock) {
                replies.add(reply);
            }
        }

        private void received(JsonRpcMessage message) {
            switch (message) {
                case JsonRpcResponse r -> {
                    answered(r.id(), r);
                    JsonNode result = r.result();
                    if (result.path("requestState").isString()) {
                        lastState = result.get("requestState").stringValue();
                    }
                    JsonNode task = result.path("task").path("taskId").isString() ? result.path("task").path("taskId")
                            : result.path("taskId");
                    if (task.isString()) {
                        lastTask = task.stringValue();
                    }
                }
                case JsonRpcErrorResponse e -> {
                    if (e.id().isEmpty()) {
                        problem("an error response without an id: " + e);
                    } else {
                        answered(e.id().get(), e);
                    }
                }
                case JsonRpcRequest r -> answerServer(r);
                case JsonRpcNotification n -> {
                    // progress, log, cancelled, resource updates, list changes: nothing to answer
                }
            }
        }

        private void answered(RequestId id, JsonRpcMessage answer) {
            synchronized (lock) {
                if (!sent.containsKey(id)) {
                    problem("an answer to " + id + ", which no request of the client carried: " + answer);
                }
                answers.computeIfAbsent(id, k -> new ArrayList<>()).add(answer);
                lock.notifyAll();
            }
        }

        private void answerServer(JsonRpcRequest request) {
            String reply;
            synchronized (lock) {
                reply = replies.poll();
            }
            JsonRpcMessage answer;
            if (reply == null) {
                answer = new JsonRpcResponse(request.id(), request.method().equals(McpMethod.ROOTS_LIST)
                        ? Json.parse("{\"roots\":[{\"uri\":\"file:///tmp\"}]}")
                        : request.method().equals(McpMethod.ELICITATION_CREATE) ? Json.parse("{\"action\":\"decline\"}")
                        : Json.parse("{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"x\"},\"model\":\"m\"}"));
            } else if (reply.startsWith("-")) {
                return; // unanswered: the handler's wait ends by its timeout
            } else {
                try {
                    if (reply.startsWith("!")) {
                        JsonNode error = CODEC.readTree(reply.substring(1));
                        answer = CODEC.toMessage(CODEC.newObject().put("jsonrpc", "2.0")
                                .set("id", CODEC.valueToTree(idValue(request.id()))).set("error", error));
                    } else {
                        answer = new JsonRpcResponse(request.id(), CODEC.readTree(reply));
                    }
                } catch (RuntimeException notJson) {
                    answer = new JsonRpcResponse(request.id(), CODEC.newObject());
                }
            }
            try {
                client.send(answer);
            } catch (McpException closed) {
                // the execution is over
            }
        }

        private static Object idValue(RequestId id) {
            return switch (id) {
                case RequestId.StringId s -> s.value();
                case RequestId.NumberId n -> n.value();
            };
        }

        private void problem(String what) {
            synchronized (lock) {
                problems.add(what);
            }
        }

        /** Sends one message; a request is expected to be answered exactly once (see {@link #mayGoUnanswered}). */
        void send(JsonRpcMessage message) {
            synchronized (lock) {
                switch (message) {
                    case JsonRpcRequest r -> {
                        sent.merge(r.id(), 1, Integer::sum);
                        if (r.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
                            mayGoUnanswered.add(r.id()); // open until cancelled
                        }
                    }
                    case JsonRpcNotification n when n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED) ->
                            n.params().map(p -> p.path("requestId")).ifPresent(id -> {
                                if (id.isString()) {
                                    mayGoUnanswered.add(RequestId.of(id.stringValue()));
                                } else if (id.isIntegralNumber() && id.canConvertToLong()) {
                                    mayGoUnanswered.add(RequestId.of(id.longValue()));
                                }
                            });
                    default -> {
                    }
                }
            }
            try {
                client.send(message);
            } catch (McpException e) {
                throw new AssertionError("the in-memory connection failed: " + e, e);
            }
        }

        /** Sends a request and waits for its answer (the last one under its id), or fails at the deadline. */
        JsonRpcMessage call(JsonRpcRequest request, long deadline) {
            send(request);
            awaitAnswers(List.of(request.id()), deadline);
            synchronized (lock) {
                return answers.get(request.id()).getLast();
            }
        }

        /** Waits until every id given has as many answers as requests (cancelled ones aside). */
        void awaitAnswers(List<RequestId> ids, long deadline) {
            synchronized (lock) {
                while (true) {
                    List<RequestId> waiting = ids.stream().filter(id -> !mayGoUnanswered.contains(id)
                            && answers.getOrDefault(id, List.of()).size() < sent.getOrDefault(id, 0)).toList();
                    if (waiting.isEmpty()) {
                        return;
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("no answer within the deadline to " + waiting + " (a hang)");
                    }
                    try {
                        lock.wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError("interrupted");
                    }
                }
            }
        }

        /** Waits for every request sent so far. */
        void awaitAll(long deadline) {
            List<RequestId> ids;
            synchronized (lock) {
                ids = List.copyOf(sent.keySet());
            }
            awaitAnswers(ids, deadline);
        }

        /** Checks every answer so far: one per request, the same id, a result object or a spec error code. */
        void check() {
            synchronized (lock) {
                for (Map.Entry<RequestId, List<JsonRpcMessage>> e : answers.entrySet()) {
                    int requests = sent.getOrDefault(e.getKey(), 0);
                    if (e.getValue().size() > requests) {
                        problems.add(e.getValue().size() + " answers to " + requests + " request(s) with id " + e.getKey()
                                + ": " + e.getValue());
                    }
                    for (JsonRpcMessage answer : e.getValue()) {
                        checkAnswer(answer);
                    }
                }
                if (!problems.isEmpty()) {
                    throw new AssertionError(String.join("\n", problems));
                }
            }
        }

        private void checkAnswer(JsonRpcMessage answer) {
            switch (answer) {
                case JsonRpcResponse r when !r.result().isObject() -> problems.add("a result that is not an object: " + r);
                case JsonRpcErrorResponse e -> {
                    int code = e.error().code();
                    if (!SPEC_CODES.contains(code)) {
                        problems.add("an error code the spec does not define: " + e);
                    }
                    if (code == JsonRpcError.INTERNAL_ERROR && LEAKED.matcher(e.error().message()).find()) {
                        problems.add("an exception escaped the request handling: " + e.error().message());
                    }
                }
                default -> {
                }
            }
        }

        /** Sends a ping and asserts its plain answer: the connection still serves. */
        void assertPingServed(long deadline) {
            RequestId id = RequestId.of("mcphost-fuzz-final-ping");
            boolean reused;
            synchronized (lock) {
                reused = sent.containsKey(id);
            }
            JsonRpcMessage answer = call(JsonRpcRequest.of(id, McpMethod.PING, null), deadline);
            if (!reused && !(answer instanceof JsonRpcResponse r && r.result().isObject() && r.result().isEmpty())) {
                throw new AssertionError("the final ping was not answered with {}: " + answer);
            }
        }

        /** How many requests the client sent under {@code id}. */
        int requestsWith(RequestId id) {
            synchronized (lock) {
                return sent.getOrDefault(id, 0);
            }
        }

        /** The answers received under {@code id}. */
        List<JsonRpcMessage> answersTo(RequestId id) {
            synchronized (lock) {
                return List.copyOf(answers.getOrDefault(id, List.of()));
            }
        }

        /** Whether the dispatcher takes this request for a 2026-07-28 one. */
        static boolean modern(JsonRpcRequest request) {
            return EraRule.of(request.method(), request.params(), Optional.empty()) == Era.MODERN;
        }

        @Override
        public void close() {
            client.close(Duration.ofSeconds(1));
            session.close(Duration.ofSeconds(1));
        }
    }

    /**
     * Runs the lines of one execution: replies are queued first, then each line's messages are sent
     * (placeholders replaced) and, unless the line starts with {@code &}, their answers awaited.
     * Lines that are not JSON-RPC are dropped, as a transport drops them before the server sees them.
     *
     * @return the requests sent, in order
     */
    static List<JsonRpcRequest> play(Wire wire, List<String> lines, long deadline) {
        List<JsonRpcRequest> requests = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith(">")) {
                wire.scriptReply(line.substring(1));
            }
        }
        for (String line : lines) {
            if (line.startsWith(">")) {
                continue;
            }
            boolean pipelined = line.startsWith("&");
            String text = (pipelined ? line.substring(1) : line)
                    .replace("$STATE", Optional.ofNullable(wire.lastState).orElse(""))
                    .replace("$TASK", Optional.ofNullable(wire.lastTask).orElse(""));
            List<JsonRpcMessage> messages;
            try {
                messages = CODEC.decode(text);
            } catch (McpException notJsonRpc) {
                continue;
            }
            List<RequestId> ids = new ArrayList<>();
            for (JsonRpcMessage message : messages) {
                wire.send(message);
                if (message instanceof JsonRpcRequest r) {
                    requests.add(r);
                    ids.add(r.id());
                }
            }
            if (!pipelined) {
                wire.awaitAnswers(ids, deadline);
            }
        }
        return requests;
    }
}
