package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcphost request METHOD [PARAMS]}: any request, for methods the CLI has no command for (or to
 * see a result exactly as the server sent it). Prints the raw result as JSON.
 */
@Command(name = "request", description = "Send any request and print its raw result: request METHOD ['{params}'].",
        footer = {"", "Examples:", "  mcphost request tools/list", "  mcphost request prompts/get '{\"name\":\"summarize\","
            + "\"arguments\":{\"text\":\"hi\"}}'", "  mcphost --config mcp.json --server demo request resources/templates/list"})
final class RequestCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(index = "0", paramLabel = "METHOD", description = "The JSON-RPC method, e.g. tools/list.")
    String method;

    @Parameters(index = "1", arity = "0..1", paramLabel = "PARAMS", description = "The params object as JSON (default none).")
    String params;

    @Override
    public Integer call() {
        JsonNode parsed = null;
        if (params != null) {
            try {
                parsed = Json.parse(params);
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(root.spec.commandLine(), "PARAMS is not JSON: " + e.getMessage());
            }
            if (!parsed.isObject()) {
                throw new CommandLine.ParameterException(root.spec.commandLine(), "PARAMS must be a JSON object, not " + params);
            }
        }
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            JsonNode result = client.request(method, parsed, CallOptions.builder().build());
            root.out().println(Json.prettyPrint(result));
            root.out().flush();
            return ExitCode.OK;
        }
    }
}
