package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.transport.stdio.StdioTransport;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A server that connects and dies again at once is a crash loop: each reconnect waits longer than the
 * last, and the host gives up after the policy's attempts instead of relaunching it forever.
 */
class HostFlappingTest {

    @Test
    void aServerThatKeepsDyingAfterConnectingBacksOffAndIsGivenUp() throws Exception {
        Path script = Path.of(HostFlappingTest.class.getResource("flapping-server.js").toURI());
        ServerSpec flapping = ServerSpec.builder("flapping",
                () -> StdioTransport.builder("node", script.toString()).env(java.util.Map.of("FLAP_AFTER_MS", "150")).build()).build();
        List<HostEvent.ServerReconnecting> reconnects = new CopyOnWriteArrayList<>();
        ReconnectPolicy policy = ReconnectPolicy.exponential(Duration.ofMillis(50), Duration.ofSeconds(2), 0, 4)
                .stableAfter(Duration.ofSeconds(10));
        long start = System.nanoTime();
        try (McpHost host = McpHost.builder().server(flapping).reconnect(policy)
                .onEvent(e -> {
                    if (e instanceof HostEvent.ServerReconnecting r) {
                        reconnects.add(r);
                    }
                }).start()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (host.server("flapping").orElseThrow().state() != ServerState.FAILED && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            ServerStatus status = host.server("flapping").orElseThrow();
            System.out.printf("flapping server: %d reconnects, delays %s, FAILED after %d ms%n", reconnects.size(),
                    reconnects.stream().map(r -> r.delay().toMillis() + " ms").toList(), took.toMillis());
            assertThat(status.state()).isEqualTo(ServerState.FAILED);
            assertThat(status.lastErrorMessage()).get().asString().contains("exited with code 3");
            // Attempts 1..4, each waiting longer than the one before: the backoff did not start over.
            assertThat(reconnects).extracting(HostEvent.ServerReconnecting::attempt).containsExactly(1, 2, 3, 4);
            assertThat(reconnects).extracting(r -> r.delay().toMillis()).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void theBackoffStartsOverOnlyAfterTheConnectionWasStable() {
        ReconnectPolicy policy = ReconnectPolicy.defaults();
        assertThat(policy.stableAfter()).isEqualTo(Duration.ofSeconds(30));
        assertThat(policy.stableAfter(Duration.ofSeconds(5)).stableAfter()).isEqualTo(Duration.ofSeconds(5));
        assertThat(policy.stableAfter(Duration.ofSeconds(5))).isNotEqualTo(policy);
    }
}
