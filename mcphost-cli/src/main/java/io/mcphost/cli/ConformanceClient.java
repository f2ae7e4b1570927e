package io.mcphost.cli;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client side of the official MCP conformance suite ({@code @modelcontextprotocol/conformance}):
 * the suite starts a test server per scenario and runs {@code mcphost conformance-client <url>}
 * with the scenario's name in {@code MCP_CONFORMANCE_SCENARIO}. Each scenario is what an ordinary
 * application would do; the suite checks the traffic. Exit 0 when the client did its part.
 */
@Command(name = "conformance-client", hidden = true,
        description = "Act as the client of one conformance-suite scenario (MCP_CONFORMANCE_SCENARIO) against URL.")
final class ConformanceClient implements Callable<Integer> {

    @Parameters(paramLabel = "URL", description = "The scenario server's URL, given by the suite.")
    String url;

    @Override
    public Integer call() {
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "initialize");
        if (scenario.startsWith("auth/")) {
            return ConformanceAuth.runAuthScenario(url, scenario);
        }
        HttpTransport transport = HttpTransport.builder(url).name("conformance").build();
        // Accepts every form with nothing filled in: the library completes it with the schema's
        // defaults (SEP-1034), which is what elicitation-sep1034-client-defaults checks.
        ElicitationHandler acceptEmpty = ElicitationHandler.blocking(request -> switch (request) {
            case ElicitRequestFormParams form -> ElicitResult.accept(Json.newObject());
            case ElicitRequestURLParams url -> ElicitResult.decline(); // never open a URL unattended
        });
        try (McpClient client = McpClient.builder(transport).name("conformance")
                .requestTimeout(Duration.ofSeconds(20)).elicitation(acceptEmpty).connect()) {
            switch (scenario) {
                case "initialize" -> { }
                case "tools_call" -> expectSuccess(client.callTool("add_numbers", numbers(5, 3)));
                case "sse-retry" -> expectSuccess(client.callTool("test_reconnection", Json.newObject()));
                case "elicitation-sep1034-client-defaults" ->
                        expectSuccess(client.callTool("test_client_elicitation_defaults", Json.newObject()));
                default -> client.listTools();
            }
        }
        return McpHostCommand.OK;
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
