package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.transport.stdio.StdioTransport;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client over stdio against servers that misbehave: junk on stdout, death mid-call. */
class StdioFaultsTest {

    private static String fixture(String name) {
        try {
            return Path.of(StdioFaultsTest.class.getResource("/fixtures/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void junkAndOversizedLinesAroundAnswersLoseNothing() {
        StdioTransport transport = StdioTransport.builder(List.of("node", fixture("junk-server.js"))).name("junk").build();
        try (McpClient client = McpClient.builder(transport).name("junk").requestTimeout(Duration.ofSeconds(30)).connect()) {
            var first = client.callTool("anything", null);
            var second = client.callTool("anything", null);

            assertThat(((TextContent) first.content().getFirst()).text()).startsWith("answer ");
            assertThat(((TextContent) second.content().getFirst()).text()).isNotEqualTo(((TextContent) first.content().getFirst()).text());
            assertThat(client.state()).isEqualTo(ClientState.READY);
        }
    }

    @Test
    void aServerDyingMidCallFailsThePendingCallWithItsStderr() throws Exception {
        StdioTransport transport = StdioTransport.builder(List.of("bash", fixture("dies-mid-call.sh"))).name("dies").build();
        try (McpClient client = McpClient.builder(transport).name("dies").requestTimeout(Duration.ofSeconds(30)).connect()) {
            long start = System.nanoTime();
            CompletableFuture<?> call = client.callToolAsync("anything", null);

            assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS)).cause()
                    .isInstanceOf(McpTransportException.class)
                    .hasMessageContaining("server 'dies'")
                    .hasMessageContaining("exited with code 7")
                    .hasMessageContaining("panic: out of cheese");
            // The server dies as soon as it reads the call; the failure must not wait for any timeout.
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat(client.state()).isEqualTo(ClientState.FAILED);
            assertThat(client.failure()).isPresent();
        }
    }
}
