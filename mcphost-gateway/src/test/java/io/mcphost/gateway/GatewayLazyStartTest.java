package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.transport.http.HttpTransport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Upstreams the host deferred ({@code startOnly(List.of())}) start on first use: the gateway serves
 * without them, the first client's first request (its handshake here) waits for them and sees their
 * tools, and a second client finds them started. The upstream is a toolkit server in this JVM whose
 * factory counts its starts.
 */
class GatewayLazyStartTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private static McpServer gamma() {
        return McpServer.builder().name("gamma").version("1")
                .tool(Tool.of("echo", "Echoes", Json.parse("{\"type\":\"object\"}")),
                        call -> CallToolResult.text("gamma:" + call.arguments().path("text").asString("")))
                .build();
    }

    private McpClient client(McpGateway gateway, String name, Era era) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name(name).era(era).requestTimeout(Duration.ofSeconds(20)).build();
        toClose.add(client);
        client.connect();
        return client;
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void deferredUpstreamsStartWhenTheFirstClientComes(Era era) {
        AtomicInteger started = new AtomicInteger();
        McpHost host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpecs.inProcess("gamma", () -> {
                    started.incrementAndGet();
                    return gamma();
                }, toClose).build())
                .startOnly(List.of());
        toClose.add(host);
        McpGateway gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
        toClose.add(gateway);
        assertThat(started.get()).as("nothing started before a client came").isZero();
        assertThat(host.deferredServers()).containsExactly("gamma");

        McpClient first = client(gateway, "first", era);
        assertThat(first.listTools()).extracting(Tool::name).containsExactly("gamma__echo");
        assertThat(first.callTool("gamma__echo", Json.parse("{\"text\":\"late\"}")).text()).isEqualTo("gamma:late");
        assertThat(host.deferredServers()).isEmpty();

        McpClient second = client(gateway, "second", era);
        assertThat(second.listTools()).extracting(Tool::name).containsExactly("gamma__echo");
        assertThat(started.get()).as("the upstream started once").isEqualTo(1);
    }
}
