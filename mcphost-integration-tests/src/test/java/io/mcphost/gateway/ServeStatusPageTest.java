package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mcphost serve --admin} as an operator runs it, with a configured server behind OAuth: serve
 * does not wait for a user, says on stderr (without the URL) that the server needs a sign-in, and the
 * status page shows it AUTH_REQUIRED with a Sign in link; a user who follows the link brings it up.
 * The user's browser is the core's headless one here; GatewayStatusPageTest clicks the link in Chromium.
 */
@Tag("interop") // run with the CLI's jars on the class path: see this module's pom
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServeStatusPageTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern ADMIN = Pattern.compile("mcphost serve: health, readiness and metrics on (\\S+)");
    private static final Pattern SIGN_IN = Pattern.compile("<a class=\"sign-in\" href=\"([^\"]+)\"");

    private static McpServer linear() {
        return McpServer.builder().name("linear").version("1")
                .tool(Tool.of("create_issue", "Creates an issue", Json.parse("{\"type\":\"object\"}")),
                        call -> CallToolResult.text("created"))
                .build();
    }

    @Test
    void aServerThatNeedsSignInWaitsOnTheStatusPageAndComesUpOnceAUserSignedIn(@TempDir Path home) throws Exception {
        try (OAuthTestServer as = OAuthTestServer.start();
             ProtectedMcpServer linear = ProtectedMcpServer.start(linear(), as);
             HttpClient http = HttpClient.newHttpClient()) {
            Path config = home.resolve("mcp.json");
            Files.writeString(config, "{\"mcpServers\": {\"linear\": {\"type\": \"http\", \"url\": \"" + linear.endpoint() + "\"}}}");
            // Tokens go to ~/.mcphost/oauth: serve's home is a directory of this test.
            try (ServeProcess serve = ServeProcess.start(DEADLINE, List.of("-Duser.home=" + home),
                    "--config", config.toString(), "--http", "127.0.0.1:0", "--admin", "127.0.0.1:0")) {
                URI admin = URI.create(serve.awaitServing(ADMIN).group(1));
                String page = get(http, admin.resolve("status?refresh=0")).body();
                assertThat(page).contains("<tr id=\"server-linear\" class=\"server\" data-state=\"AUTH_REQUIRED\">");
                Matcher link = SIGN_IN.matcher(page);
                assertThat(link.find()).as(page).isTrue();
                URI url = URI.create(link.group(1).replace("&amp;", "&"));
                assertThat(url.toString()).startsWith(as.issuer() + "/authorize?").contains("state=");
                assertThat(serve.stderr()).contains("server 'linear' needs sign-in: open the status page")
                        .doesNotContain(url.getRawQuery());

                AuthorizationHandler.headless().open(url); // the user follows the link and approves

                Await.until(DEADLINE, () -> get(http, admin.resolve("status?refresh=0")).body()
                        .contains("<tr id=\"server-linear\" class=\"server\" data-state=\"READY\">"), "linear READY on the page");
                assertThat(get(http, admin.resolve("status?refresh=0")).body()).doesNotContain("class=\"sign-in\"");
                assertThat(linear.authorizedCount()).isPositive();
                try (var stored = Files.list(home.resolve(".mcphost").resolve("oauth"))) {
                    assertThat(stored.findAny()).as("the token stored in serve's home").isPresent();
                }
                assertThat(as.issuedSecrets()).isNotEmpty()
                        .allSatisfy(secret -> assertThat(serve.stderr()).doesNotContain(secret));
            }
        }
    }

    private static HttpResponse<String> get(HttpClient http, URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(DEADLINE).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
