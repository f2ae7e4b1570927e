package io.mcphost.gateway.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.gateway.McpGateway;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.testkit.conformance.ConformanceServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the conformance runs (mcphost-gateway/pom.xml, {@link GatewayConformanceMain}) rest on: the
 * fixture served over stdio ({@code ConformanceServer --stdio}) as the one upstream of a host with
 * unprefixed names, and a legacy client of the gateway calling the fixture's tools by their own names.
 */
class GatewayConformanceTest {
    @Test
    void theStdioFixtureBehindTheGatewayAnswersUnderItsOwnNames() {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), ConformanceServer.class.getName(), "--stdio");
        try (McpHost host = McpGateway.prepareHost(McpHost.builder()).naming(ToolNaming.unprefixed())
                .server(ServerSpec.builder("conformance", () -> StdioTransport.builder(command).build())
                        .startupTimeout(Duration.ofSeconds(30)).build())
                .start()) {
            assertThat(host.server("conformance").orElseThrow().state()).isEqualTo(ServerState.READY);
            McpGateway gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
            try (McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                    .name("conformance-test").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(20)).build()) {
                client.connect();
                assertThat(client.listTools()).extracting(Tool::name).contains("test_simple_text", "test_image_content");
                assertThat(client.callTool("test_simple_text", Json.newObject()).text())
                        .isEqualTo("This is a simple text response for testing.");
            } finally {
                gateway.close(Duration.ofSeconds(2));
            }
        }
    }
}
