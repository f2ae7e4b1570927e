package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The official Java SDK's client (io.modelcontextprotocol.sdk:mcp) calling through the gateway, for
 * {@link GatewayInteropTest}. Apart because the SDK is on the class path of the interop tests only
 * (see this module's pom): a test class naming SDK types in its methods could not even be discovered
 * without it.
 */
final class JavaSdkCalls {
    private JavaSdkCalls() {
    }

    /** Connects, lists, and calls echo, create_entities + read_graph and read_text_file of {@code file}. */
    static void callEveryUpstream(URI endpoint, Path file, String hello) {
        String base = endpoint.getScheme() + "://" + endpoint.getAuthority();
        McpSyncClient client = io.modelcontextprotocol.client.McpClient.sync(
                        HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint.getPath()).build())
                .clientInfo(new McpSchema.Implementation("java-sdk", "1.0.0"))
                .requestTimeout(Duration.ofSeconds(30)).initializationTimeout(Duration.ofSeconds(30)).build();
        try {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.serverInfo().name()).isEqualTo("mcphost-gateway");
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .contains("everything__echo", "memory__create_entities", "memory__read_graph", "filesystem__read_text_file");

            McpSchema.CallToolResult echo = call(client, "everything__echo", Map.of("message", "hello from java"));
            assertThat(text(echo)).isEqualTo("Echo: hello from java");

            McpSchema.CallToolResult created = call(client, "memory__create_entities", Map.of("entities", List.of(
                    Map.of("name", "entity-java", "entityType", "test", "observations", List.of("seen by java")))));
            assertThat(created.isError()).as(text(created)).isNotEqualTo(Boolean.TRUE);
            assertThat(text(call(client, "memory__read_graph", Map.of()))).contains("entity-java", "seen by java");

            McpSchema.CallToolResult read = call(client, "filesystem__read_text_file", Map.of("path", file.toString()));
            assertThat(read.isError()).as(text(read)).isNotEqualTo(Boolean.TRUE);
            assertThat(text(read)).isEqualTo(hello);
        } finally {
            client.closeGracefully();
        }
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static String text(McpSchema.CallToolResult result) {
        StringBuilder text = new StringBuilder();
        for (McpSchema.Content c : result.content()) {
            if (c instanceof McpSchema.TextContent t) {
                text.append(t.text());
            }
        }
        return text.toString();
    }
}
