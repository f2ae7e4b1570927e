package io.mcphost.server.internal;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
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
import io.mcphost.server.ToolHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * The server and the client side the toolkit's fuzz targets share: one {@link McpServer} offering
 * something of everything (tools with input schemas, a task tool, tools that elicit, sample and ask
 * for roots, prompts, resources, a template, completions, subscriptions), and a {@link FuzzWire} that
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
        try (FuzzWire wire = new FuzzWire()) {
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

    /**
     * Runs the lines of one execution: replies are queued first, then each line's messages are sent
     * (placeholders replaced) and, unless the line starts with {@code &}, their answers awaited.
     * Lines that are not JSON-RPC are dropped, as a transport drops them before the server sees them.
     *
     * @return the requests sent, in order
     */
    static List<JsonRpcRequest> play(FuzzWire wire, List<String> lines, long deadline) {
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
