package io.mcphost.examples;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import io.mcphost.transport.Transport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The configuration sample of docs/host.md: load an mcp.json (or a tool's usual file) and see its servers. */
public final class ConfigFiles {
    private ConfigFiles() {
    }

    /** The enabled servers of a file, with the transport each would use (not started). */
    static List<String> servers(Path file) {
        McpConfig config = McpConfigLoader.builder()
                .inputs(input -> System.console().readLine(input.description().orElse(input.id()) + ": "))   // VS Code ${input:id}
                .build()
                .load(file);            // or ConfigLocations.resolve("claude-desktop"), vscode, cursor, claude-code
        List<String> servers = new ArrayList<>();
        for (ServerConfig server : config.enabledServers()) {
            Transport transport = server.toTransport();   // StdioTransport or HttpTransport, not started
            servers.add(server.name() + " " + transport.getClass().getSimpleName());
        }
        return servers;
    }
}
