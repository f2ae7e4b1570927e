package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code login}, then commands that use the stored token, {@code auth status}, {@code logout}: the
 * user's part is played by a headless browser that visits the URL the CLI prints. The token store
 * is under a temporary home directory.
 */
@Timeout(60)
class CliLoginTest {
    private static final Pattern URL = Pattern.compile("browser: (\\S+)");

    @Test
    void loginStoresATokenThatLaterCommandsUseUntilLogout(@TempDir Path home) throws Exception {
        String previousHome = System.getProperty("user.home");
        System.setProperty("user.home", home.toString());
        try (OAuthTestServer as = OAuthTestServer.start(); ProtectedMcpServer server = ProtectedMcpServer.start(DemoServer.server(), as)) {
            String url = server.endpoint().toString();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CompletableFuture<Integer> login = CompletableFuture.supplyAsync(() -> Main.run(new String[] {"--url", url, "login"},
                    new PrintWriter(out, true), new PrintWriter(err, true), TerminalInput.none(), false, Main.DEFAULT_COLUMNS));
            Await.until(Duration.ofSeconds(20), () -> URL.matcher(err.toString()).find(), "the authorization URL on stderr");
            Matcher m = URL.matcher(err.toString());
            assertThat(m.find()).isTrue();
            AuthorizationHandler.headless().open(URI.create(m.group(1)));

            assertThat(login.get()).as(err.toString()).isZero();
            assertThat(out.toString()).contains("Logged in: " + server.resource());
            Path store = home.resolve(".mcphost").resolve("oauth");
            try (var files = Files.list(store)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("tokens-")).count()).isEqualTo(1);
            }

            CliRun tools = CliRun.of("--url", url, "tools");
            assertThat(tools.code()).as(tools.err()).isZero();
            assertThat(as.requests("authorize")).hasSize(1); // the stored token, no second authorisation

            CliRun status = CliRun.of("auth", "status");
            assertThat(status.out()).contains(server.resource()).contains(as.issuer());
            assertThat(as.issuedSecrets()).allSatisfy(secret -> assertThat(status.out() + status.err()).doesNotContain(secret));

            assertThat(CliRun.of("--url", url, "logout").code()).isZero();
            CliRun after = CliRun.of("--url", url, "tools");
            assertThat(after.code()).isEqualTo(ExitCode.UNAUTHORISED);
        } finally {
            System.setProperty("user.home", previousHome);
        }
    }
}
