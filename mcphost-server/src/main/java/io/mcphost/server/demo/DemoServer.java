package io.mcphost.server.demo;

import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
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
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolAnnotations;
import io.mcphost.server.McpServer;
import io.mcphost.server.ToolCall;
import io.mcphost.server.http.StreamableHttpServer;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import tools.jackson.databind.JsonNode;

/**
 * The demo server the {@code mcphost} CLI starts when no server is named: a few small, useful
 * tools (echo, add, calculate, a slow task with progress, a failing tool, the time, a greeting that
 * asks the user), a resource, a resource template and a prompt with completions. Runs over stdio (stdout carries only
 * protocol messages) or, with {@link #serveHttp(int)}, over Streamable HTTP.
 */
public final class DemoServer {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String CLOCK = "demo://clock";
    private static final java.util.Set<McpServer> CLOCK_SERVERS = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());
    private static Thread clockTicker; // guarded by CLOCK_SERVERS
    private static final List<String> STYLES = List.of("bullet points", "brief", "detailed", "haiku");
    private static final List<String> NOTES = List.of("groceries", "ideas", "todo");
    private static final JsonNode GREET_FORM = schema("""
            {"type":"object","required":["name"],"properties":{
             "name":{"type":"string","title":"Name","description":"Who to greet","minLength":1,"maxLength":40},
             "style":{"type":"string","title":"Style","default":"friendly","oneOf":[{"const":"friendly","title":"Friendly"},
                      {"const":"formal","title":"Formal"},{"const":"pirate","title":"Pirate"}]},
             "excited":{"type":"boolean","title":"Excited","description":"Shout it","default":false}}}""");

    private DemoServer() {
    }

    /**
     * Serves the demo server on stdin/stdout until stdin ends; with {@code --http [port]}, over
     * Streamable HTTP on 127.0.0.1 instead (port 0 or none: any free port), printing the endpoint
     * to stderr and serving until the process is stopped.
     */
    public static void main(String[] args) throws InterruptedException {
        if (args.length > 0 && args[0].equals("--http")) {
            StreamableHttpServer http = serveHttp(args.length > 1 ? Integer.parseInt(args[1]) : 0);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> http.close(Duration.ofSeconds(2)), "mcphost-demo-stop"));
            System.err.println("mcphost-demo: serving MCP at " + http.endpoint());
            new CountDownLatch(1).await(); // until the process is stopped; the hook closes the server
            return;
        }
        server().serveStdio();
    }

    /**
     * Serves the demo server over Streamable HTTP on 127.0.0.1:{@code port} (0 picks a free port,
     * see {@link StreamableHttpServer#endpoint()}) with the default settings. Returns once the
     * endpoint accepts connections; the caller closes the returned server.
     *
     * @throws java.io.UncheckedIOException if the port cannot be bound
     */
    public static StreamableHttpServer serveHttp(int port) {
        return StreamableHttpServer.builder(server()).port(port).start();
    }

    /**
     * The command line that starts the demo server as a child process with the same Java
     * installation and class path (or module path, when this JVM runs as a module) as this JVM,
     * tuned to start fast rather than to run long. No shell is involved; pass it to
     * {@code StdioTransport.builder(...)} or {@link ProcessBuilder} as is.
     *
     * <p>When the system property {@value #AOT_CACHE_PROPERTY} names a readable file and this is JDK 25 or
     * newer, the child uses it as its AOT cache (the {@code mcphost} launcher trains one beside its own):
     * the server then answers in about half the time. The JVM checks that the cache matches this JDK and
     * class path and, if not, runs without it (silently: {@code -Xlog:aot=off}); {@code -Xshare:auto}
     * is left out then, as the JVM refuses it together with {@code -XX:AOTCache}.
     */
    public static List<String> command() {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(aotOptions(System.getProperty(AOT_CACHE_PROPERTY), Runtime.version().feature()));
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        if (classPath.isEmpty() && !modulePath.isEmpty()) {
            command.addAll(List.of("-p", modulePath, "-m", DemoServer.class.getModule().getName() + "/" + DemoServer.class.getName()));
        } else {
            command.addAll(List.of("-cp", classPath, DemoServer.class.getName()));
        }
        return List.copyOf(command);
    }

    /** The system property naming an AOT cache for the demo server's child JVM; see {@link #command()}. */
    public static final String AOT_CACHE_PROPERTY = "mcphost.demo.aot";

    /** The class-sharing options of the child: the AOT cache when there is a usable one, else the JDK's CDS archive. */
    static List<String> aotOptions(String cache, int jdk) {
        if (cache != null && !cache.isBlank() && jdk >= 25 && java.nio.file.Files.isReadable(java.nio.file.Path.of(cache))) {
            return List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off");
        }
        return List.of("-Xshare:auto");
    }

    /** The demo server, ready to serve any transport. */
    public static McpServer server() {
        McpServer server = McpServer.builder()
                .serverInfo("mcphost-demo", "0.1.0")
                .instructions("A demo server: try echo, add, calculate, slow_task (reports progress) and fail.")
                .tool(Tool.of("echo", "Returns the text it is given.", schema("""
                        {"type":"object","properties":{"text":{"type":"string","description":"What to echo"}},
                         "required":["text"]}""")).withAnnotations(readOnly()),
                        call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .tool(Tool.of("add", "Adds two numbers; returns {\"sum\": a + b}.", schema("""
                        {"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}"""))
                        .withOutputSchema(schema("""
                        {"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}"""))
                        .withAnnotations(readOnly()), call -> {
                            JsonNode a = number(call.arguments(), "a");
                            JsonNode b = number(call.arguments(), "b");
                            if (a.isIntegralNumber() && b.isIntegralNumber()) {
                                // 19 + 23 is 42, not 42.0; exact at any size
                                BigInteger sum = a.bigIntegerValue().add(b.bigIntegerValue());
                                return CallToolResult.structured(CODEC.newObject().put("sum", sum), sum.toString());
                            }
                            double sum = a.doubleValue() + b.doubleValue();
                            return CallToolResult.structured(CODEC.newObject().put("sum", sum), format(sum));
                        })
                .tool(Tool.of("calculate", "Evaluates an arithmetic expression with + - * / and parentheses.", schema("""
                        {"type":"object","properties":{"expression":{"type":"string","examples":["(2 + 3) * 4"]}},
                         "required":["expression"]}""")).withAnnotations(readOnly()), call -> {
                            String expression = call.arguments().path("expression").asString("");
                            try {
                                return CallToolResult.text(expression + " = " + format(Calculator.evaluate(expression)));
                            } catch (IllegalArgumentException e) {
                                return CallToolResult.error("cannot evaluate '" + expression + "': " + e.getMessage());
                            }
                        })
                .tool(Tool.of("slow_task", "Works for a while in steps, reporting progress after each; can be cancelled.",
                        schema("""
                        {"type":"object","properties":{"steps":{"type":"integer","minimum":1,"maximum":100,"default":5},
                         "delayMs":{"type":"integer","minimum":0,"maximum":10000,"default":300}}}"""))
                        .withExecution(ToolExecution.of(ToolExecution.TaskSupport.OPTIONAL)), call -> {
                            int steps = Math.clamp(call.arguments().path("steps").asInt(5), 1, 100);
                            long delay = Math.clamp(call.arguments().path("delayMs").asLong(300), 0, 10_000);
                            for (int step = 1; step <= steps; step++) {
                                if (call.isCancelled()) {
                                    return CallToolResult.error("cancelled after " + (step - 1) + " of " + steps + " steps");
                                }
                                Thread.sleep(delay); // the work being simulated
                                call.progress(step, (double) steps, "step " + step + " of " + steps);
                            }
                            call.log(LoggingLevel.INFO, "slow_task finished " + steps + " steps");
                            return CallToolResult.text("done: " + steps + " steps");
                        })
                .tool(Tool.of("fail", "Always fails, to show how tool errors look.", schema("""
                        {"type":"object","properties":{"reason":{"type":"string"}}}""")),
                        call -> CallToolResult.error("failed on purpose: " + call.arguments().path("reason").asString("no reason given")))
                .tool(Tool.of("time", "The current UTC time, ISO-8601.", schema("{\"type\":\"object\"}")).withAnnotations(readOnly()),
                        call -> CallToolResult.text(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()))
                .tool(Tool.of("greet", "Asks you (elicitation) who to greet and how, then greets them.", schema("{\"type\":\"object\"}")),
                        DemoServer::greet)
                .resource(Resource.of("demo://readme", "readme", "What this demo server offers", "text/markdown"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/markdown", README)))
                .resource(Resource.of(CLOCK, "clock", "The current UTC time; announced as updated every second", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain",
                                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())))
                .resourceTemplate(ResourceTemplate.of("demo://notes/{name}", "note", "A note by name", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain",
                                "This is the note called '" + uri.substring("demo://notes/".length()) + "'.")))
                .prompt(Prompt.of("summarize", "Asks the model to summarise a text.",
                                PromptArgument.of("text", "The text to summarise", true),
                                PromptArgument.of("style", "How: " + String.join(", ", STYLES), false)),
                        arguments -> GetPromptResult.of("Summarise a text", PromptMessage.user("Summarise the following text as "
                                + arguments.getOrDefault("style", "brief") + ":\n\n" + arguments.get("text"))))
                .completions(request -> {
                    List<String> matches = new ArrayList<>();
                    List<String> known = switch (request.argument().name()) {
                        case "style" -> STYLES;
                        case "name" -> NOTES; // demo://notes/{name}
                        default -> List.of();
                    };
                    known.stream().filter(s -> s.startsWith(request.argument().value())).forEach(matches::add);
                    return CompleteResult.of(matches);
                })
                .build();
        startClock(server);
        return server;
    }

    /**
     * Registers {@code server} with the one clock ticker, started on first use: a daemon virtual thread
     * announcing {@code demo://clock} as updated every second to every server built here. Held weakly,
     * so a server nobody uses any more is not kept alive by the ticker.
     */
    private static void startClock(McpServer server) {
        synchronized (CLOCK_SERVERS) { // short, non-blocking critical section
            CLOCK_SERVERS.add(server);
            if (clockTicker == null) {
                clockTicker = Thread.ofVirtual().name("demo-clock").start(DemoServer::tick);
            }
        }
    }

    private static void tick() {
        while (true) {
            try {
                Thread.sleep(Duration.ofSeconds(1));
            } catch (InterruptedException e) {
                return;
            }
            List<McpServer> servers;
            synchronized (CLOCK_SERVERS) {
                servers = List.copyOf(CLOCK_SERVERS);
            }
            servers.forEach(s -> s.notifyResourceUpdated(CLOCK));
        }
    }

    /** The tool that asks the user: the answer shapes the greeting; a refusal is a result, not an error. */
    private static CallToolResult greet(ToolCall call) {
        ElicitResult answer;
        try {
            answer = call.elicit(ElicitRequestFormParams.of("Who should be greeted, and how?", GREET_FORM), Duration.ofMinutes(10));
        } catch (McpCapabilityException e) {
            return CallToolResult.error("greet needs to ask you, and this client cannot ask (it does not support elicitation)");
        }
        return switch (answer.action()) {
            case ACCEPT -> {
                JsonNode form = answer.content().orElseThrow();
                String name = form.path("name").asString();
                String greeting = switch (form.path("style").asString("friendly")) {
                    case "formal" -> "Good day, " + name + ".";
                    case "pirate" -> "Ahoy, " + name + "!";
                    default -> "Hello, " + name + "!";
                };
                yield CallToolResult.text(form.path("excited").asBoolean(false) ? greeting.toUpperCase(Locale.ROOT) + "!!" : greeting);
            }
            case DECLINE -> CallToolResult.text("No greeting: you declined to say who to greet.");
            case CANCEL -> CallToolResult.text("No greeting: the question was dismissed without an answer.");
        };
    }

    private static final String README = """
            # McpHost demo server

            Tools: echo, add (structured output), calculate, slow_task (progress, cancellation), fail, time,
            greet (asks you: elicitation).
            Resources: demo://readme, demo://clock (updated every second: subscribe to it), and
            demo://notes/{name} for any name (completions for name).
            Prompt: summarize (text, style) with completions for style.
            """;

    private static ToolAnnotations readOnly() {
        return new ToolAnnotations(Optional.empty(), Optional.of(true), Optional.of(false), Optional.of(true), Optional.of(false));
    }

    private static JsonNode schema(String json) {
        return CODEC.readTree(json);
    }

    private static JsonNode number(JsonNode arguments, String name) {
        JsonNode value = arguments.path(name);
        if (!value.isNumber()) {
            throw new IllegalArgumentException("'" + name + "' must be a number");
        }
        return value;
    }

    private static String format(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
