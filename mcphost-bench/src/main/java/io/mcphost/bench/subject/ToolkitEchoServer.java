package io.mcphost.bench.subject;

import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The server of the 2026-07-28 rows: McpHost's server toolkit ({@code mcphost-server}) serving one
 * {@code echo} tool over stdio, the same tool and schema as {@link io.mcphost.bench.floor.FloorServer}'s.
 * The floor server speaks only the legacy era; this one answers both (the toolkit decides per request),
 * so a modern client and a legacy one can be measured against the same process kind.
 *
 * <p>Heavier per call than the floor server (a JSON tree, the toolkit's dispatch): compare 2026-07-28
 * clients with each other on it, not with rows on the floor server.
 */
public final class ToolkitEchoServer {
    private ToolkitEchoServer() {
    }

    /** Serves stdin/stdout until stdin ends. */
    public static void main(String[] args) throws InterruptedException {
        Tool echo = Tool.of("echo", "Echoes text", JsonMapper.builder().build().readTree(
                "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}"));
        McpServer.builder()
                .serverInfo("bench-toolkit", "1")
                .tool(echo, call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .build()
                .serveStdio();
    }
}
