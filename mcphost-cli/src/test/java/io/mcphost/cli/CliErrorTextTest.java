package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How network and parse failures read on stderr: what happened and what was expected, no class names. */
class CliErrorTextTest {
    @Test
    void aRefusedConnectionSaysSoWithTheUrl() {
        CliRun r = CliRun.of("--url", "http://127.0.0.1:1/mcp", "--timeout", "5s", "ping");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err()).contains("connection refused at http://127.0.0.1:1/mcp").doesNotContain("ConnectException");
    }

    /** Both HTTP clients' wordings (the JDK's names only the exception's class; McpHost's own, the socket's words). */
    @Test
    void networkFailuresReadTheSameWhicheverClientReportedThem() {
        String url = "http://127.0.0.1:1/mcp";
        assertThat(ErrorText.of("server 'a': cannot reach " + url + ": ConnectException"))
                .isEqualTo(ErrorText.of("server 'a': cannot reach " + url + ": Connection refused"))
                .isEqualTo("server 'a': connection refused at " + url + " (is the server running?)");
        assertThat(ErrorText.of("server 'a': cannot reach http://nowhere.invalid/mcp: UnresolvedAddressException"))
                .isEqualTo(ErrorText.of("server 'a': cannot reach http://nowhere.invalid/mcp: unknown host nowhere.invalid"))
                .isEqualTo(ErrorText.of("server 'a': cannot reach http://nowhere.invalid/mcp: the host name 'nowhere.invalid'"
                        + " does not resolve"))
                .isEqualTo(ErrorText.of("server 'a': cannot open the SSE stream at http://nowhere.invalid/mcp: the host name"
                        + " 'nowhere.invalid' does not resolve"))
                .isEqualTo("server 'a': the host name 'nowhere.invalid' of http://nowhere.invalid/mcp does not resolve"
                        + " (is the URL right?)");
        assertThat(ErrorText.of("server 'a': cannot reach http://nowhere.invalid/mcp: the host name 'nowhere.invalid'"
                + " does not resolve (Temporary failure in name resolution)"))
                .isEqualTo("server 'a': the host name 'nowhere.invalid' of http://nowhere.invalid/mcp does not resolve"
                        + " (Temporary failure in name resolution; is the URL right?)");
    }

    /** RFC 2606: {@code .invalid} never resolves, so no network is needed; the same in every HTTP mode. */
    @Test
    void aHostNameThatDoesNotResolveIsNamedNotCalledRefused() {
        for (String transport : new String[] {"auto", "http", "sse"}) {
            CliRun r = CliRun.of("--url", "http://no-such-host.invalid/mcp", "--transport", transport, "--timeout", "20s", "tools");

            assertThat(r.code()).as(transport).isEqualTo(ExitCode.CONNECTION);
            assertThat(r.err()).as(transport).contains("the host name 'no-such-host.invalid' of http://no-such-host.invalid/mcp"
                    + " does not resolve").contains("is the URL right?").doesNotContainIgnoringCase("refused")
                    .doesNotContain("Exception").doesNotContain("is the server running");
        }
    }

    @Test
    void htmlFromAServerThatIsNotMcpSaysWhatWasExpected() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] page = "<html><body>Welcome to nginx</body></html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
        try {
            CliRun r = CliRun.of("--url", "http://127.0.0.1:" + server.getAddress().getPort() + "/", "--transport", "http",
                    "--timeout", "5", "ping");

            assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
            assertThat(r.err()).contains("answered with HTML (HTTP 200, text/html: \"<html><body>Welcome to nginx</body></html>\"),"
                    + " not MCP", "application/json or text/event-stream")
                    .doesNotContain("code 60");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aConfigJsonErrorNamesTheFileLineAndColumnWithoutParserInternals(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("mcp.json"), "{\"mcpServers\": {\"a\": {\"command\": \"x\"}\n  \"b\" }");

        CliRun r = CliRun.of("--config", file.toString(), "tools");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("mcp.json", "line 2, column 3", "expected ',' or '}' after an object member, found '\"'")
                .doesNotContain("(code 34)");
    }

    @Test
    void infoPrintsTheInstructionsInFull() {
        CliRun r = CliRun.of("info");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("instructions:\n");
    }
}
