package io.mcphost.server.modern;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/** A small server for the 2026-07-28 tests, and request builders. */
final class ModernFixtures {
    static final Duration ASK = Duration.ofSeconds(5);

    private ModernFixtures() {
    }

    static McpServer server() {
        JsonNode none = Json.parse("{\"type\":\"object\"}");
        return McpServer.builder().serverInfo("modern-test", "2.0")
                .tool(Tool.of("echo", "echoes", Json.parse(
                        "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\",\"x-mcp-header\":\"Text\"}}}")),
                        call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .tool(Tool.of("ask", "asks the user's name", none), call -> {
                    ElicitResult answer = call.elicit("name", elicitation("Your name?"), ASK);
                    return CallToolResult.text("Hello " + answer.content().map(c -> c.path("name").asString()).orElse("?"));
                })
                .tool(Tool.of("two_rounds", "asks twice", none), call -> {
                    String first = call.elicit(elicitation("First?"), ASK).content().orElseThrow().path("name").asString();
                    String second = call.elicit(elicitation("Second?"), ASK).content().orElseThrow().path("name").asString();
                    return CallToolResult.text(first + "+" + second);
                })
                .tool(Tool.of("needs_sampling", "samples", none), call -> {
                    call.sample(sampling(), ASK);
                    return CallToolResult.text("sampled");
                })
                .tool(Tool.of("logs", "logs once", none), call -> {
                    call.log(LoggingLevel.INFO, "working");
                    return CallToolResult.text("logged");
                })
                .prompt(Prompt.of("greet", "a prompt"), args -> GetPromptResult.of(null, PromptMessage.user("hi")))
                .resource(Resource.of("mem://a", "a", "a resource", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "A")))
                .build();
    }

    static ElicitRequestParams elicitation(String message) {
        return Json.treeToValue(Json.parse("""
                {"message":"%s","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}"""
                .formatted(message)), ElicitRequestParams.class);
    }

    static CreateMessageRequestParams sampling() {
        return Json.treeToValue(Json.parse("""
                {"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}"""),
                CreateMessageRequestParams.class);
    }

    /** {@code _meta} of a 2026-07-28 request declaring {@code capabilities} (JSON) and more fields (JSON members, or ""). */
    static String meta(String capabilities, String more) {
        return """
                "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                 "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
                 "io.modelcontextprotocol/clientCapabilities":%s%s}""".formatted(capabilities, more.isEmpty() ? "" : "," + more);
    }

    /** Params: {@code body} members (or "") plus a 2026-07-28 _meta declaring {@code capabilities}. */
    static String params(String body, String capabilities) {
        return "{" + (body.isEmpty() ? "" : body + ",") + meta(capabilities, "") + "}";
    }
}
