package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import org.junit.jupiter.api.Test;

/** The remote-server options: what is refused before anything connects. */
class CliUrlOptionsTest {
    @Test
    void urlAndStdioTogetherAreAUsageError() {
        CliRun r = CliRun.of("--url", "http://127.0.0.1:1/mcp", "--stdio", "node server.js", "tools");

        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("either --stdio or --url");
    }

    @Test
    void httpOptionsWithoutUrlAreAUsageError() {
        CliRun r = CliRun.of("--header", "X-A:1", "tools");

        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("need --url");
    }

    @Test
    void aNonHttpUrlAnUnknownTransportAndAMalformedHeaderAreUsageErrors() {
        assertThat(CliRun.of("--url", "file:///etc/passwd", "tools").err()).contains("http:// or https://");
        assertThat(CliRun.of("--url", "http://127.0.0.1:1/mcp", "--transport", "grpc", "tools").err())
                .contains("--transport takes auto, http or sse");
        assertThat(CliRun.of("--url", "http://127.0.0.1:1/mcp", "--header", "nocolon", "tools").err())
                .contains("--header takes K:V");
    }

    @Test
    void aMissingBearerVariableIsNamedAndTheTokenNeverPrinted() {
        CliRun r = CliRun.of("--url", "http://127.0.0.1:1/mcp", "--bearer-env", "MCPHOST_TEST_UNSET_TOKEN", "tools");

        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("MCPHOST_TEST_UNSET_TOKEN", "not set");
    }

    @Test
    void anUnreachableServerIsAConnectionFailureNamingTheUrl() {
        CliRun r = CliRun.of("--url", "http://127.0.0.1:1/mcp", "--timeout", "5", "ping");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err()).contains("127.0.0.1", "connection refused at http://127.0.0.1:1/mcp");
    }

    @Test
    void theCommandsWorkAgainstARemoteServer() {
        try (StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start()) {
            String url = http.endpoint().toString();

            // Legacy for the call: HTTP sessions (deleted on the way out) exist only there.
            CliRun call = CliRun.of("--url", url, "--era", "legacy", "--header", "X-Team: tools", "call", "add", "a=19", "b=23");
            CliRun info = CliRun.of("--url", url, "--transport", "http", "info");

            assertThat(call.code()).isZero();
            assertThat(call.out()).startsWith("42");
            assertThat(info.out()).contains("mcphost-demo", "2026-07-28");
            assertThat(http.sessionIds()).isEmpty(); // each run deleted its session on the way out
        }
    }
}
