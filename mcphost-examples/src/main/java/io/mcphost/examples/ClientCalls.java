package io.mcphost.examples;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The client sample of docs/library.md: list tools, call one with a deadline and progress, read text and structured content. */
public final class ClientCalls {
    private ClientCalls() {
    }

    /** The structured content of server-everything's get-structured-content, as a type of your own. */
    public record Weather(double temperature, String conditions, double humidity) {
    }

    public static void main(String[] args) {
        System.out.println(weather(McpClient.stdio("npx", "-y", "@modelcontextprotocol/server-everything")));
    }

    static Weather weather(McpClientBuilder server) {
        try (McpClient client = server
                .name("everything")
                .requestTimeout(Duration.ofSeconds(10))
                .connect()) {                                   // handshake; throws McpException on failure
            List<Tool> tools = client.listTools();              // every page
            System.out.println(tools.size() + " tools");
            CallToolResult result = client.callToolWith("get-structured-content", Map.of("location", "Chicago"));
            if (result.isError()) {                             // a tool error is a result, not an exception
                throw new IllegalStateException(result.text());
            }
            System.out.println(result.text());                  // the text blocks, joined
            CallToolResult slow = client.callTool("trigger-long-running-operation",
                    Json.parse("{\"duration\": 1, \"steps\": 2}"),
                    CallOptions.builder()
                            .timeout(Duration.ofSeconds(30))
                            .onProgress(p -> System.err.println(p.progress() + "/" + p.total()))
                            .build());
            System.out.println(slow.text());
            return result.structuredContent(Weather.class).orElseThrow();
        }
    }
}
