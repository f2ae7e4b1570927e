package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The CLI and an OAuth-protected server when nobody is at a terminal to authorise. */
@Timeout(30)
class CliOAuthTest {

    @Test
    void withoutATerminalA401EndsInOneLineSayingToLogInAndExitCodeSix() {
        try (OAuthTestServer as = OAuthTestServer.start(); ProtectedMcpServer server = ProtectedMcpServer.start(DemoServer.server(), as)) {
            CliRun r = CliRun.of("--url", server.endpoint().toString(), "--timeout", "10", "tools");

            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.UNAUTHORISED);
            assertThat(r.err()).contains("mcphost --url <url> login");
            assertThat(as.requests("authorize")).isEmpty(); // nothing was shown to nobody
            assertThat(as.requests("register")).isEmpty();
        }
    }

    @Test
    void anExplicitBearerTokenTurnsOAuthOff() {
        try (OAuthTestServer as = OAuthTestServer.start(); ProtectedMcpServer server = ProtectedMcpServer.start(DemoServer.server(), as)) {
            CliRun r = CliRun.of("--url", server.endpoint().toString(), "--header", "Authorization: Bearer not-a-token",
                    "--timeout", "10", "tools");

            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.UNAUTHORISED);
            assertThat(r.err()).contains("HTTP 401").doesNotContain("login").doesNotContain("not-a-token");
        }
    }

    @Test
    void loginAndLogoutNeedAUrlAndAuthStatusNeverPrintsATokenLikeValue() {
        assertThat(CliRun.of("login").code()).isEqualTo(ExitCode.USAGE);
        assertThat(CliRun.of("logout").code()).isEqualTo(ExitCode.USAGE);
        CliRun status = CliRun.of("--json", "auth", "status");
        assertThat(status.code()).as(status.err()).isZero();
        assertThat(status.out()).contains("\"tokens\"").doesNotContain("access_token").doesNotContain("refresh_token");
    }
}
