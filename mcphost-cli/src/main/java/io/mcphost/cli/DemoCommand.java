package io.mcphost.cli;

import io.mcphost.client.McpClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost demo}: the guided tour, also what the bare {@code mcphost} runs. */
@Command(name = "demo", description = "A short guided tour of the server (the default command).",
        footer = {"", "Examples:", "  mcphost", "  mcphost demo",
            "  mcphost --stdio \"npx -y @modelcontextprotocol/server-everything\" demo"})
final class DemoCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    DemoCommand() {
    }

    /** The bare {@code mcphost} runs this too. */
    DemoCommand(McpHostCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            return new Tour(root, client).run();
        }
    }
}
