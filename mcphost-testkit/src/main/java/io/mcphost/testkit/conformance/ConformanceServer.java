package io.mcphost.testkit.conformance;

import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.Role;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The server the official conformance suite's server scenarios test ({@code @modelcontextprotocol/conformance},
 * {@code server} command), built with the McpHost server toolkit and serving both protocol eras on one
 * Streamable HTTP endpoint: the handshake revisions with sessions, 2026-07-28 statelessly. It offers
 * what the scenarios call: {@code test_*} tools, {@code test://} resources and template, {@code test_*}
 * prompts and completions, and one skill (Skills extension, {@link ConformanceSkill}).
 *
 * <p>Run it with {@code --port N} (0 or nothing: a free port); the first line on standard output is
 * {@code listening http://127.0.0.1:PORT/mcp}, after which it serves until the process is killed.
 * With {@code --stdio} it serves its stdin and stdout instead, as a child process of a host.
 */
public final class ConformanceServer {
    private ConformanceServer() {
    }

    /** Builds the fixture server; {@code http} is the HTTP server it runs on, for the tool that drops streams. */
    public static McpServer build(AtomicReference<StreamableHttpServer> http) {
        AtomicReference<McpServer> self = new AtomicReference<>();
        McpServer.Builder b = McpServer.builder().serverInfo("mcphost-conformance-server", "1.0.0")
                .instructions("The McpHost fixture for the MCP conformance suite.");
        new ConformanceTools(self, http).register(b);
        ConformanceTasks.register(b);
        resources(b);
        b.skill(ConformanceSkill.load());
        prompts(b);
        b.completions(request -> {
            List<String> all = List.of("paris", "park", "party");
            String prefix = request.argument().value();
            return CompleteResult.of(all.stream().filter(v -> v.startsWith(prefix)).toList());
        });
        McpServer server = b.build();
        self.set(server);
        return server;
    }

    /** Starts the fixture on {@code port} (0: any free one) of the loopback interface. */
    public static StreamableHttpServer start(int port) {
        AtomicReference<StreamableHttpServer> http = new AtomicReference<>();
        StreamableHttpServer started = StreamableHttpServer.builder(build(http)).port(port).start();
        http.set(started);
        return started;
    }

    private static void resources(McpServer.Builder b) {
        b.resource(Resource.of("test://static-text", "static-text", "A static text resource", "text/plain"),
                uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain",
                        "This is the content of the static text resource.")));
        b.resource(Resource.of("test://static-binary", "static-binary", "A static binary resource (a PNG)", "image/png"),
                uri -> ReadResourceResult.of(BlobResourceContents.of(uri, "image/png", ConformanceTools.PNG)));
        b.resource(Resource.of("test://watched-resource", "watched-resource", "A resource clients subscribe to",
                "text/plain"), uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "Watched resource content")));
        b.resourceTemplate(ResourceTemplate.of("test://template/{id}/data", "template", "Data by id", "application/json"),
                uri -> {
                    String id = uri.substring("test://template/".length(), uri.length() - "/data".length());
                    return ReadResourceResult.of(TextResourceContents.of(uri, "application/json",
                            "{\"id\":\"" + id + "\",\"templateTest\":true,\"data\":\"Data for ID: " + id + "\"}"));
                });
    }

    private static void prompts(McpServer.Builder b) {
        b.prompt(Prompt.of("test_simple_prompt", "A simple prompt without arguments"),
                args -> GetPromptResult.of(null, PromptMessage.user("This is a simple prompt for testing.")));
        b.prompt(Prompt.of("test_prompt_with_arguments", "A prompt with two arguments",
                        PromptArgument.of("arg1", "First test argument", true),
                        PromptArgument.of("arg2", "Second test argument", true)),
                args -> GetPromptResult.of(null, PromptMessage.user("Prompt with arguments: arg1='" + args.get("arg1")
                        + "', arg2='" + args.get("arg2") + "'")));
        b.prompt(Prompt.of("test_prompt_with_embedded_resource", "A prompt embedding a resource",
                        PromptArgument.of("resourceUri", "URI of the resource to embed", true)),
                args -> GetPromptResult.of(null,
                        new PromptMessage(Role.USER, EmbeddedResource.of(TextResourceContents.of(args.get("resourceUri"),
                                "text/plain", "Embedded resource content for testing."))),
                        PromptMessage.user("Please process the embedded resource above.")));
        b.prompt(Prompt.of("test_prompt_with_image", "A prompt with an image"),
                args -> GetPromptResult.of(null, new PromptMessage(Role.USER, ImageContent.of(ConformanceTools.PNG, "image/png")),
                        PromptMessage.user("Please analyze the image above.")));
        b.prompt(Prompt.of("test_input_required_result_prompt", "A prompt that asks the user for context first"),
                (args, input) -> {
                    ElicitResult answer = input.elicit("user_context", ConformanceTools.elicitation(
                            "What context should the prompt use?", ConformanceSchemas.CONTEXT), Duration.ofSeconds(30));
                    String context = answer.content().map(c -> c.path("context").asString("")).orElse("");
                    return GetPromptResult.of(null, PromptMessage.user("Use this context: " + context));
                });
    }

    /**
     * {@code --port N}: serves HTTP until killed; the first stdout line names the endpoint and
     * nothing else is written to stdout. {@code --stdio}: serves this process's stdin and stdout
     * instead (for a host or gateway that starts it as a child), until stdin ends; the tool that drops
     * HTTP streams then only waits.
     */
    public static void main(String[] args) throws InterruptedException {
        int port = 0;
        boolean stdio = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--port") && i + 1 < args.length) {
                port = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--stdio")) {
                stdio = true;
            } else {
                System.err.println("usage: ConformanceServer [--port N | --stdio]");
                System.exit(2);
            }
        }
        if (stdio) {
            build(new AtomicReference<>()).serveStdio();
            return;
        }
        StreamableHttpServer server = start(port);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println("listening http://127.0.0.1:" + server.endpoint().getPort() + "/mcp");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.close(Duration.ofSeconds(2))));
        Thread.currentThread().join();
    }
}
