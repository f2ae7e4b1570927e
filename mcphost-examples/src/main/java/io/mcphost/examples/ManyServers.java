package io.mcphost.examples;

import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ToolDefinitions;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;

/** The README's host sample: every server of an mcp.json as one catalog, a call by server and tool name. */
public final class ManyServers {
    private ManyServers() {
    }

    public static void main(String[] args) {
        System.out.println(callFirstServer(Path.of(args.length > 0 ? args[0] : "mcp.json"), "everything", "get-sum"));
    }

    static String callFirstServer(Path config, String server, String tool) {
        try (McpHost host = McpHost.fromConfig(config).start()) {     // fail-open: a broken server is reported, not fatal
            host.requireReady();                                      // ... but none ready at all throws
            List<HostTool> tools = host.tools();                      // "everything__get-sum", ...
            ArrayNode forTheModel = ToolDefinitions.openAi(tools);    // also openAiResponses, anthropic, gemini
            System.out.println(forTheModel.size() + " tool definitions");
            CallToolResult result = host.callTool(server, tool, Map.of("a", 1, "b", 2));
            return result.text();
        }
    }
}
