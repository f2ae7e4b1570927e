package io.mcphost.testkit.conformance;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.InputBatch;
import io.mcphost.server.McpServer;
import io.mcphost.server.ToolCall;
import io.mcphost.server.http.StreamableHttpServer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * The tools the conformance suite's server scenarios call, for both protocol eras: content kinds,
 * logging, progress, errors, questions to the client (server-to-client requests under the handshake
 * revisions, input_required rounds under 2026-07-28), and hooks that change the lists.
 */
final class ConformanceTools {
    static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    /** A WAV header with no samples. */
    static final String WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";
    private static final Duration ASK = Duration.ofSeconds(30);
    private static final JsonNode NO_ARGS = Json.parse("{\"type\":\"object\",\"properties\":{}}");

    private final AtomicReference<McpServer> server;
    private final AtomicReference<StreamableHttpServer> http;

    ConformanceTools(AtomicReference<McpServer> server, AtomicReference<StreamableHttpServer> http) {
        this.server = server;
        this.http = http;
    }

    void register(McpServer.Builder b) {
        b.tool(tool("test_simple_text", "Returns simple text"),
                call -> CallToolResult.text("This is a simple text response for testing."));
        b.tool(tool("test_image_content", "Returns an image"), call -> result(ImageContent.of(PNG, "image/png")));
        b.tool(tool("test_audio_content", "Returns audio"), call -> result(AudioContent.of(WAV, "audio/wav")));
        b.tool(tool("test_embedded_resource", "Returns an embedded resource"), call -> result(EmbeddedResource.of(
                TextResourceContents.of("test://embedded-resource", "text/plain", "This is an embedded resource content."))));
        b.tool(tool("test_multiple_content_types", "Returns text, an image and a resource"), call -> new CallToolResult(List.of(
                TextContent.of("Multiple content types test:"), ImageContent.of(PNG, "image/png"),
                EmbeddedResource.of(TextResourceContents.of("test://mixed-content-resource", "application/json",
                        "{\"test\":\"data\",\"value\":123}"))), Optional.empty(), false, Optional.empty()));
        b.tool(tool("test_tool_with_logging", "Logs three messages while it runs"), this::logging);
        b.tool(tool("test_logging_tool", "Logs while it runs, when the request asks for logs"), this::logging);
        b.tool(tool("test_error_handling", "Always fails"), call -> {
            throw new IllegalStateException("This tool intentionally returns an error for testing");
        });
        b.tool(tool("test_tool_with_progress", "Reports progress 0, 50, 100"), call -> {
            for (int step = 0; step <= 100; step += 50) {
                call.progress(step, 100.0, null);
                if (step < 100) {
                    Thread.sleep(50);
                }
            }
            return CallToolResult.text("Progress test completed");
        });
        b.tool(Tool.of("test_sampling", "Asks the client's model", schema(
                "{\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\"}},\"required\":[\"prompt\"]}")),
                call -> CallToolResult.text("LLM response: " + text(call.sample(sampling(
                        call.arguments().path("prompt").asString(""), 100), ASK))));
        b.tool(Tool.of("test_elicitation", "Asks the user", schema(
                "{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\"}},\"required\":[\"message\"]}")),
                call -> CallToolResult.text("User response: " + describe(call.elicit(elicitation(
                        call.arguments().path("message").asString(""), ConformanceSchemas.USER_AND_EMAIL), ASK))));
        b.tool(tool("test_elicitation_sep1034_defaults", "Asks with defaults"), call -> CallToolResult.text(
                "Elicitation completed: " + describe(call.elicit(elicitation("Please review your details",
                        ConformanceSchemas.DEFAULTS), ASK))));
        b.tool(tool("test_elicitation_sep1330_enums", "Asks with every enum form"), call -> CallToolResult.text(
                "Elicitation completed: " + describe(call.elicit(elicitation("Please choose", ConformanceSchemas.ENUMS), ASK))));
        b.tool(Tool.of("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features",
                schema(ConformanceSchemas.JSON_SCHEMA_2020_12)), call -> CallToolResult.text("ok"));
        b.tool(tool("test_reconnection", "Drops its SSE stream mid-call, then answers"), call -> {
            Thread.sleep(100);
            StreamableHttpServer h = http.get();
            if (h != null) {
                h.dropStreams();
            }
            Thread.sleep(300);
            return CallToolResult.text("Reconnection test completed");
        });
        b.tool(Tool.of("test_custom_headers", "Mirrors its region argument into the Mcp-Param-Region header", schema("""
                {"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},
                 "query":{"type":"string"}},"required":["region"]}""")),
                call -> CallToolResult.text("region=" + call.arguments().path("region").asString("")));
        registerStateless(b);
    }

    /** The 2026-07-28 diagnostics and input_required rounds. */
    private void registerStateless(McpServer.Builder b) {
        b.tool(tool("test_missing_capability", "Needs sampling: refused (-32021) when the request lacks it"),
                call -> CallToolResult.text("sampled: " + text(call.sample(sampling("Say hi", 10), ASK))));
        b.tool(tool("test_streaming_elicitation", "Asks the user (an input round at 2026-07-28)"),
                call -> CallToolResult.text("User response: " + describe(call.elicit(elicitation("Your name?",
                        ConformanceSchemas.NAME), ASK))));
        b.tool(tool("test_trigger_tool_change", "Announces a change of the tool list"), call -> {
            server.get().notifyToolsListChanged();
            return CallToolResult.text("tools list changed");
        });
        b.tool(tool("test_trigger_prompt_change", "Announces a change of the prompt list"), call -> {
            server.get().notifyPromptsListChanged();
            return CallToolResult.text("prompts list changed");
        });
        b.tool(tool("test_input_required_result_elicitation", "One elicitation round"), call -> {
            ElicitResult answer = call.elicit("user_name", elicitation("What is your name?", ConformanceSchemas.NAME), ASK);
            return CallToolResult.text("Hello, " + answer.content().map(c -> c.path("name").asString("stranger"))
                    .orElse("stranger") + "!");
        });
        b.tool(tool("test_input_required_result_sampling", "One sampling round"), call ->
                CallToolResult.text("Sampled: " + text(call.sample("capital_question",
                        sampling("What is the capital of France?", 100), ASK))));
        b.tool(tool("test_input_required_result_list_roots", "One roots round"), call ->
                CallToolResult.text("Roots: " + call.roots("client_roots", ASK).stream().map(Root::uri)
                        .collect(Collectors.joining(", "))));
        b.tool(tool("test_input_required_result_request_state", "A round whose state is verified"), call -> {
            ElicitResult answer = call.elicit("confirm", elicitation("Please confirm", ConformanceSchemas.OK), ASK);
            // Reaching here means the echoed requestState passed its integrity check.
            return CallToolResult.text("state-ok: " + answer.action().toString().toLowerCase(Locale.ROOT));
        });
        b.tool(tool("test_input_required_result_multiple_inputs", "Three questions in one round"), call -> {
            InputBatch.Answers answers = call.batch()
                    .elicit("user_name", elicitation("What is your name?", ConformanceSchemas.NAME))
                    .sample("greeting", sampling("Generate a greeting", 50))
                    .roots("client_roots")
                    .send(ASK);
            return CallToolResult.text(text(answers.sampling("greeting")) + " "
                    + describe(answers.elicitation("user_name")) + " roots=" + answers.roots("client_roots").size());
        });
        b.tool(tool("test_input_required_result_multi_round", "Two rounds"), call -> {
            ElicitResult name = call.elicit("step1", elicitation("Step 1: What is your name?", ConformanceSchemas.NAME), ASK);
            ElicitResult color = call.elicit("step2", elicitation("Step 2: What is your favorite color?",
                    ConformanceSchemas.COLOR), ASK);
            return CallToolResult.text("Done: " + describe(name) + " " + describe(color));
        });
        b.tool(tool("test_input_required_result_tampered_state", "A round whose state must not be tampered with"),
                call -> CallToolResult.text("confirmed: " + describe(call.elicit("confirm",
                        elicitation("Please confirm", ConformanceSchemas.OK), ASK))));
        b.tool(tool("test_input_required_result_capabilities", "Asks only what the client declared"), call -> {
            InputBatch batch = call.batch();
            boolean any = false;
            if (call.clientSupports("sampling")) {
                batch.sample("sampling_question", sampling("What is 2+2?", 10));
                any = true;
            }
            if (call.clientSupports("elicitation")) {
                batch.elicit("elicitation_question", elicitation("What is your name?", ConformanceSchemas.NAME));
                any = true;
            }
            if (!any) {
                return CallToolResult.text("the client declared neither sampling nor elicitation");
            }
            batch.send(ASK);
            return CallToolResult.text("answered");
        });
    }

    private CallToolResult logging(ToolCall call) throws InterruptedException {
        call.log(LoggingLevel.INFO, "Tool execution started");
        Thread.sleep(50);
        call.log(LoggingLevel.INFO, "Tool processing data");
        Thread.sleep(50);
        call.log(LoggingLevel.INFO, "Tool execution completed");
        return CallToolResult.text("Logging test completed");
    }

    private static Tool tool(String name, String description) {
        return Tool.of(name, description, NO_ARGS);
    }

    private static JsonNode schema(String json) {
        return Json.parse(json);
    }

    private static CallToolResult result(io.mcphost.protocol.content.ContentBlock block) {
        return new CallToolResult(List.of(block), Optional.empty(), false, Optional.empty());
    }

    static ElicitRequestParams elicitation(String message, String requestedSchema) {
        var params = Json.newObject();
        params.put("message", message);
        params.set("requestedSchema", Json.parse(requestedSchema));
        return Json.treeToValue(params, ElicitRequestParams.class);
    }

    static CreateMessageRequestParams sampling(String prompt, int maxTokens) {
        var params = Json.newObject();
        var message = params.putArray("messages").addObject();
        message.put("role", "user");
        message.putObject("content").put("type", "text").put("text", prompt);
        params.put("maxTokens", maxTokens);
        return Json.treeToValue(params, CreateMessageRequestParams.class);
    }

    private static String text(CreateMessageResult result) {
        try {
            return Json.valueToTree(result).path("content").path("text").asString("");
        } catch (McpException e) {
            return "";
        }
    }

    static String describe(ElicitResult result) {
        return "action=" + Json.valueToTree(result).path("action").asString("") + ", content="
                + result.content().map(Json::write).orElse("{}");
    }
}
