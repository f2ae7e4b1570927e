package io.mcphost.server;

import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import tools.jackson.databind.JsonNode;

/** Small building blocks for the server tests. */
public final class Fixtures {
    private Fixtures() {
    }

    public static JsonNode schema(String json) {
        return JsonCodec.get().mapper().readTree(json);
    }

    public static final JsonNode ANY_OBJECT = schema("{\"type\":\"object\"}");

    public static Tool tool(String name) {
        return Tool.of(name, "The " + name + " tool", ANY_OBJECT);
    }

    public static McpServer.Builder echoServer() {
        return McpServer.builder().name("test").version("1.0")
                .tool(Tool.of("echo", "Echoes", schema("""
                        {"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}""")),
                        call -> CallToolResult.text(call.arguments().path("text").asString()));
    }

    /** A server with one of everything. */
    public static McpServer.Builder fullServer() {
        return echoServer()
                .resource(Resource.of("test://readme", "readme", "The readme", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "read me")))
                .resourceTemplate(ResourceTemplate.of("test://notes/{name}", "note", "A note", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "note at " + uri)))
                .prompt(Prompt.of("greet", "Greets someone", PromptArgument.of("name", "Who", true),
                                PromptArgument.of("mood", "How", false)),
                        args -> GetPromptResult.of("A greeting", PromptMessage.user(
                                "Say hello to " + args.get("name") + " " + args.getOrDefault("mood", "kindly"))))
                .completions(request -> CompleteResult.of(java.util.List.of("happy", "hungry")));
    }
}
