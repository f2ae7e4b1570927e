package io.mcphost.cli;

import io.mcphost.client.McpClient;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcphost info}: the server's name and version, negotiated revision, capabilities and instructions
 * in full; with {@code --config} and no {@code --server}, the same for each ready server of the file.
 */
@Command(name = "info", description = "Server info, negotiated protocol revision, capabilities, instructions"
        + " (with --config: of each server).",
        footer = {"", "Examples:", "  mcphost info", "  mcphost --stdio \"npx -y @modelcontextprotocol/server-memory\" info",
            "  mcphost --config mcp.json info", "  mcphost --config mcp.json --server filesystem --json info"})
final class InfoCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        if (root.connection.config != null && root.connection.server == null) {
            return eachServer();
        }
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            new Tour(root, client).info();
            return ExitCode.OK;
        }
    }

    private int eachServer() {
        try (Target target = root.open(McpHostCommand.Need.catalog(null, false))) {
            HostTarget host = (HostTarget) target;
            Printer p = root.printer();
            ObjectNode all = Json.newObject();
            boolean first = true;
            for (ServerStatus status : host.host().servers()) {
                McpClient client = status.state() == ServerState.READY ? host.host().client(status.name()).orElse(null) : null;
                if (client == null) {
                    continue; // reported on stderr when the host started
                }
                if (p.isJson()) {
                    all.set(status.name(), Tour.infoJson(client));
                    continue;
                }
                p.out().println((first ? "" : "\n") + "== " + status.name() + " " + "=".repeat(Math.max(0, 60 - status.name().length())));
                first = false;
                new Tour(root, client).info();
            }
            if (p.isJson()) {
                p.json(Json.newObject().set("servers", all));
            }
            p.out().flush();
            return ExitCode.OK;
        }
    }
}
