package io.mcphost.cli;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.LoadedSkill;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client side of the official MCP conformance suite ({@code @modelcontextprotocol/conformance}):
 * the suite starts a test server per scenario and runs {@code mcphost conformance-client <url>}
 * with the scenario's name in {@code MCP_CONFORMANCE_SCENARIO} (and, for some, a JSON context in
 * {@code MCP_CONFORMANCE_CONTEXT}). Each scenario is what an ordinary application would do with the
 * public API — the client detects the server's era itself; the suite checks the traffic. Exit 0 when
 * the client did its part. Every client scenario is handled by name; {@code auth/*} ones go to
 * {@link #runAuthScenario}.
 */
@Command(name = "conformance-client", hidden = true,
        description = "Act as the client of one conformance-suite scenario (MCP_CONFORMANCE_SCENARIO) against URL.")
final class ConformanceClient implements Callable<Integer> {

    @Parameters(paramLabel = "URL", description = "The scenario server's URL, given by the suite.")
    String url;

    @Override
    public Integer call() {
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "initialize");
        JsonNode context = context();
        if (scenario.startsWith("auth/")) {
            return runAuthScenario(scenario, context);
        }
        try (McpClient client = builder().connect()) {
            switch (scenario) {
                case "initialize" -> { }
                case "tools_call" -> expectSuccess(client.callTool("add_numbers", numbers(5, 3)));
                case "sse-retry" -> expectSuccess(client.callTool("test_reconnection", Json.newObject()));
                case "elicitation-sep1034-client-defaults" ->
                        expectSuccess(client.callTool("test_client_elicitation_defaults", Json.newObject()));
                // The scenario's server announces no capabilities: connecting (server/discover, refused once with
                // -32022, then retried) is the traffic whose _meta and headers it checks; a tools/list would be
                // refused by the client's capability check and end the run with an error.
                case "request-metadata" -> { }
                case "sep-2322-client-request-state" -> {
                    client.listTools();
                    for (String tool : List.of("test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_unrelated",
                            "test_mrtr_no_result_type")) {
                        expectSuccess(client.callTool(tool, Json.newObject()));
                    }
                }
                case "http-standard-headers" -> everyFeature(client);
                case "http-custom-headers" -> contextToolCalls(client, context);
                case "http-invalid-tool-headers" -> {
                    // The library leaves tools with invalid x-mcp-header annotations out of the list.
                    for (Tool tool : client.listTools()) {
                        client.callTool(tool.name(), sampleArguments(tool.inputSchema()));
                    }
                }
                case "json-schema-ref-no-deref" -> client.listTools();
                case "json-schema-2020-12-preservation" -> echoSchema(client);
                // Skills (SEP-2640): the mocks announce resources and the extension, no tools. Listing reads no file.
                case "sep-2640-client-no-prefetch" -> client.skills().list();
                case "sep-2640-client-verify-digest", "sep-2640-client-verify-size", "sep-2640-client-verify-frontmatter" ->
                        loadFirstSkill(client);
                default -> {
                    // A scenario this build does not know yet: the most an application does first.
                    client.listTools();
                    contextToolCalls(client, context);
                }
            }
        }
        return McpHostCommand.OK;
    }

    /**
     * The {@code auth/*} scenarios (OAuth). For now what every scenario did before: connect and list
     * the tools, with whatever credentials the transport is configured with. The OAuth client fills
     * this in; {@code context} is the suite's {@code MCP_CONFORMANCE_CONTEXT} (client credentials …).
     */
    /** The auth/* scenarios: the OAuth flow with the suite's credentials (MCP_CONFORMANCE_CONTEXT); see ConformanceAuth. */
    Integer runAuthScenario(String scenario, JsonNode context) {
        return ConformanceAuth.runAuthScenario(url, scenario);
    }

    private McpClientBuilder builder() {
        HttpTransport transport = HttpTransport.builder(url).name("conformance").build();
        // Accepts every form with nothing filled in: the library completes it with the schema's
        // defaults (SEP-1034), which is what elicitation-sep1034-client-defaults checks.
        ElicitationHandler acceptEmpty = ElicitationHandler.blocking(request -> switch (request) {
            case ElicitRequestFormParams form -> ElicitResult.accept(Json.newObject());
            case ElicitRequestURLParams u -> ElicitResult.decline(); // never open a URL unattended
        });
        return McpClient.builder(transport).name("conformance").requestTimeout(Duration.ofSeconds(20))
                .elicitation(acceptEmpty);
    }

    /**
     * Loads the first listed skill and, only once its SKILL.md verified, reads every other listed file.
     * A tampered SKILL.md ends the run with the SkillVerificationException (a non-zero exit, which the
     * verify scenarios allow): no further file is read after a refused load.
     */
    private static void loadFirstSkill(McpClient client) {
        List<Skill> skills = client.skills().list();
        if (skills.isEmpty()) {
            return;
        }
        LoadedSkill loaded = client.skills().load(skills.getFirst());
        for (SkillResource file : loaded.entry().files().orElseThrow()) {
            if (!file.uri().equals(loaded.entry().uri())) {
                loaded.file(file.uri());
            }
        }
    }

    /** The suite's {@code MCP_CONFORMANCE_CONTEXT}, or an empty object. */
    private static JsonNode context() {
        String raw = System.getenv("MCP_CONFORMANCE_CONTEXT");
        if (raw == null || raw.isBlank()) {
            return Json.newObject();
        }
        try {
            return Json.parse(raw);
        } catch (RuntimeException e) {
            return Json.newObject();
        }
    }

    /** Lists the tools, then makes each call the context names ({@code toolCalls: [{name, arguments}]}). */
    private static void contextToolCalls(McpClient client, JsonNode context) {
        JsonNode calls = context.path("toolCalls");
        if (!calls.isArray()) {
            return;
        }
        client.listTools();
        for (JsonNode call : calls) {
            JsonNode arguments = call.path("arguments").isObject() ? call.get("arguments") : Json.newObject();
            client.callTool(call.path("name").asString(""), arguments);
        }
    }

    /** Every tool, resource and prompt the server offers, listed and used once. */
    private static void everyFeature(McpClient client) {
        for (Tool tool : client.listTools()) {
            client.callTool(tool.name(), sampleArguments(tool.inputSchema()));
        }
        if (client.serverCapabilities().resources().isPresent()) {
            for (Resource resource : client.listResources()) {
                client.readResource(resource.uri());
            }
        }
        if (client.serverCapabilities().prompts().isPresent()) {
            for (Prompt prompt : client.listPrompts()) {
                client.getPrompt(prompt.name(), Map.of());
            }
        }
    }

    /** Sends the focal tool's inputSchema back, verbatim, through the echo tool. */
    private static void echoSchema(McpClient client) {
        List<Tool> tools = client.listTools();
        Tool echo = tools.stream().filter(t -> t.name().equals("json_schema_echo")).findFirst().orElse(null);
        Tool focal = tools.stream().filter(t -> !t.name().equals("json_schema_echo")).findFirst().orElse(null);
        if (echo == null || focal == null) {
            return;
        }
        ObjectNode arguments = Json.newObject();
        arguments.set("schema", focal.inputSchema());
        client.callTool(echo.name(), arguments);
    }

    /** Arguments satisfying a simple schema's required properties (strings, numbers, booleans). */
    static ObjectNode sampleArguments(JsonNode schema) {
        ObjectNode arguments = Json.newObject();
        for (JsonNode required : schema.path("required")) {
            String name = required.asString("");
            String type = schema.path("properties").path(name).path("type").asString("string");
            switch (type) {
                case "integer", "number" -> arguments.put(name, 1);
                case "boolean" -> arguments.put(name, true);
                case "object" -> arguments.putObject(name);
                case "array" -> arguments.putArray(name);
                default -> arguments.put(name, "us-west1");
            }
        }
        return arguments;
    }

    private static ObjectNode numbers(int a, int b) {
        ObjectNode arguments = Json.newObject();
        arguments.put("a", a);
        arguments.put("b", b);
        return arguments;
    }

    private static void expectSuccess(CallToolResult result) {
        if (result.isError()) {
            throw new IllegalStateException("the scenario's tool reported an error: " + result.content());
        }
    }
}
