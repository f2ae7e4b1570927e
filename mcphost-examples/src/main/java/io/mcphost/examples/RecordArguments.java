package io.mcphost.examples;

import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;

/** Tool arguments as records (no Map, no JSON tree), and the structured result back as a record. */
public final class RecordArguments {
    private RecordArguments() {
    }

    /** get-sum's arguments: the components become the JSON properties {"a": .., "b": ..}. */
    public record Addends(int a, int b) {
    }

    /** get-structured-content's arguments. */
    public record Forecast(String location) {
    }

    /** get-structured-content's structured output. */
    public record Weather(double temperature, String conditions, double humidity) {
    }

    public static void main(String[] args) {
        System.out.println(weather(McpClient.stdio("npx", "-y", "@modelcontextprotocol/server-everything")));
    }

    static Weather weather(McpClientBuilder server) {
        try (McpClient client = server.connect()) {
            CallToolResult sum = client.callToolWith("get-sum", new Addends(1, 2));
            System.out.println(sum.text());                              // "The sum of 1 and 2 is 3."
            CallToolResult result = client.callToolWith("get-structured-content", new Forecast("Chicago"));
            return result.structuredContent(Weather.class).orElseThrow(); // the structured content, as a record
        }
    }

    /** The same with a host: the server's name and the tool's own name, no prefixed name to build. */
    static String sumOnHost(Path config) {
        try (McpHost host = McpHost.fromConfig(config).start()) {
            host.requireReady();
            return host.callTool("everything", "get-sum", new Addends(20, 22)).text();
        }
    }
}
