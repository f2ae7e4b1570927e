package io.mcphost.cli;

import io.mcphost.client.McpClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost info}: the server's name and version, negotiated revision, capabilities and instructions in full. */
@Command(name = "info", description = "Server info, negotiated protocol revision, capabilities, instructions.",
        footer = {"", "Examples:", "  mcphost info", "  mcphost --stdio \"npx -y @modelcontextprotocol/server-memory\" info",
            "  mcphost --config mcp.json --server filesystem --json info"})
final class InfoCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        try (McpClient client = root.connect()) {
            new Tour(root, client).info();
            return ExitCode.OK;
        }
    }
}
