package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.testkit.eras.EraHttpServer;
import io.mcphost.testkit.eras.EraMode;
import io.mcphost.testkit.eras.EraStdioServer;
import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compatibility matrix of revision 2026-07-28 (basic/versioning): one application — connect,
 * list, call — against a modern-only, a dual-era and legacy servers that refuse the era probe in
 * every way seen in the wild (-32601, -32602, silence, a stderr flood, junk), over stdio and HTTP.
 * The code is identical for every server; the client detects the era. Prints the time to the first
 * result of each, the figure docs/eras.md quotes.
 */
class EraCompatibilityTest {

    static Stream<Arguments> matrix() {
        // Over HTTP every server answers a POST: one that stays silent on the probe is a network
        // failure, not a legacy server (below).
        return Stream.of(EraMode.values()).flatMap(mode -> mode == EraMode.LEGACY_SILENT
                ? Stream.of(Arguments.of("stdio", mode)) : Stream.of(Arguments.of("stdio", mode), Arguments.of("http", mode)));
    }

    /** An HTTP server silent on the probe fails the connect as a timeout that says so, after the handshake's deadline. */
    @Test
    void aSilentHttpServerIsANetworkFailureNotALegacyServer() {
        try (EraHttpServer http = EraHttpServer.start(EraMode.LEGACY_SILENT)) {
            var builder = McpClient.builder(HttpTransport.builder(http.url()).name("silent-http").build())
                    .initializeTimeout(Duration.ofSeconds(2));
            assertThatThrownBy(builder::connect).isInstanceOf(McpTimeoutException.class)
                    .hasMessageContaining("server/discover got no answer").hasMessageContaining("network failure");
            assertThat(http.requestHeaders()).allSatisfy(h -> assertThat(h).containsEntry("mcp-method", "server/discover"));
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("matrix")
    void sameApplicationCodeWorksAgainstEveryEra(String transportKind, EraMode mode) {
        EraHttpServer http = transportKind.equals("http") ? EraHttpServer.start(mode) : null;
        try {
            Transport transport = http != null ? HttpTransport.builder(http.url()).name("era-http").build()
                    : StdioTransport.builder(EraStdioServer.command(mode)).name("era-stdio").build();
            long start = System.nanoTime();
            // ---- the application: the same for every server ----
            try (McpClient client = McpClient.builder(transport).requestTimeout(Duration.ofSeconds(10))
                    .elicitation(ElicitationHandler.blocking(request -> ElicitResult.accept(Json.newObject().put("ok", true))))
                    .connect()) {
                assertThat(client.listTools()).extracting(t -> t.name()).contains("echo");
                CallToolResult result = client.callToolWith("echo", Map.of("text", "hi"));
                long millis = (System.nanoTime() - start) / 1_000_000;
                // ---- checks ----
                Era expected = mode.speaksModern() ? Era.MODERN : Era.LEGACY;
                assertThat(client.era()).isEqualTo(expected);
                assertThat(result.text()).isEqualTo("echo hi (" + expected.name().toLowerCase() + ")");
                System.out.printf("era matrix: %-5s %-20s -> %-6s first result after %5d ms%n", transportKind, mode, client.era(), millis);
                if (http != null && expected == Era.MODERN) {
                    // The call carried the mirrored headers, the x-mcp-header one included.
                    assertThat(http.requestHeaders()).anySatisfy(h -> assertThat(h)
                            .containsEntry("mcp-method", "tools/call").containsEntry("mcp-name", "echo")
                            .containsEntry("mcp-param-text", "hi").containsEntry("mcp-protocol-version", "2026-07-28")
                            .doesNotContainKey("mcp-session-id"));
                }
                if (expected == Era.MODERN) {
                    // An input_required round goes to the same elicitation handler a legacy request would reach.
                    assertThat(client.callToolWith("confirm", Map.of()).text()).isEqualTo("confirmed {\"ok\":true} state=state-1");
                }
            }
        } finally {
            if (http != null) {
                http.close();
            }
        }
    }
}
