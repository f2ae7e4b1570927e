package io.mcphost.examples;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.util.Map;

/** The serving sample of docs/serving.md: a server with one tool, over Streamable HTTP, called by a client. */
public final class ServeTools {
    private ServeTools() {
    }

    public static void main(String[] args) {
        System.out.println(serveAndCall("hello"));
    }

    static String serveAndCall(String text) {
        McpServer server = McpServer.builder()
                .serverInfo("my-server", "1.0")
                .tool(Tool.of("echo", "Echoes its text", Json.parse("""
                        {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}""")),
                        call -> CallToolResult.text(call.arguments().path("text").asString()))
                .build();
        // In a main of its own: server.serveStdio(); here over HTTP, on a free port of 127.0.0.1.
        try (StreamableHttpServer http = StreamableHttpServer.builder(server).port(0).start();
             McpClient client = McpClient.http(http.endpoint().toString()).connect()) {
            return client.callToolWith("echo", Map.of("text", text)).text();
        }
    }
}
