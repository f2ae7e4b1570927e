package io.mcphost.examples;

import io.mcphost.client.McpClient;
import io.mcphost.gateway.McpGateway;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.net.InetSocketAddress;
import java.util.Map;

/** The gateway sample of docs/gateway.md: a host's catalog served as one MCP server, called by a client over HTTP. */
public final class ServeGateway {
    private ServeGateway() {
    }

    public static void main(String[] args) {
        System.out.println(callThroughGateway("hello"));
    }

    static String callThroughGateway(String text) {
        McpServer notes = McpServer.builder().serverInfo("notes", "1.0")
                .tool(Tool.of("echo", "Echoes its text", Json.parse("""
                        {"type": "object", "properties": {"text": {"type": "string"}}}""")),
                        call -> CallToolResult.text(call.arguments().path("text").asString()))
                .build();
        // Any host: here one server in this JVM; usually McpHost.fromConfig(Path.of("mcp.json")).start().
        McpHost host = McpHost.builder().server(ServerSpec.builder("notes", () -> {
            var pair = MemoryTransport.pair();
            notes.serve(pair.server());
            return pair.client();
        }).build()).start();
        try (McpGateway gateway = McpGateway.builder(host)
                .http(new InetSocketAddress("127.0.0.1", 0))   // port 0: any free port; loopback only
                .closeHost(true)                               // close() closes the host too
                .start();
             McpClient client = McpClient.http(gateway.endpoint().orElseThrow().toString()).connect()) {
            return client.callToolWith("notes__echo", Map.of("text", text)).text();
        }
    }
}
