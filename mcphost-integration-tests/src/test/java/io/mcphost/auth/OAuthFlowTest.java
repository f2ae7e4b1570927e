package io.mcphost.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import io.mcphost.transport.McpAuthorizationRequiredException;
import io.mcphost.transport.http.HttpTransport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OAuth flow end to end: our client against our own authorization server
 * ({@link OAuthTestServer}) and our MCP server behind a bearer check ({@link ProtectedMcpServer}),
 * all real HTTP on loopback.
 */
@Timeout(30)
class OAuthFlowTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final List<URI> opened = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private OAuthTestServer as() {
        OAuthTestServer as = OAuthTestServer.start();
        toClose.add(as);
        return as;
    }

    private ProtectedMcpServer protect(OAuthTestServer as) {
        ProtectedMcpServer server = ProtectedMcpServer.start(DemoServer.server(), as);
        toClose.add(server);
        return server;
    }

    /** The headless handler, recording each URL it is given. */
    private OAuthSettings.Builder settings() {
        AuthorizationHandler headless = AuthorizationHandler.headless();
        return OAuthSettings.builder().tokenStore(TokenStore.inMemory()).authorizationTimeout(Duration.ofSeconds(10))
                .handler(url -> {
                    opened.add(url);
                    headless.open(url);
                });
    }

    private McpClient connect(ProtectedMcpServer server, OAuthSettings settings) {
        HttpTransport transport = HttpTransport.builder(server.endpoint()).name("protected").oauth(settings).build();
        McpClient client = McpClient.builder(transport).name("protected").requestTimeout(Duration.ofSeconds(10)).connect();
        toClose.add(client);
        return client;
    }

    private static ObjectNode echo(String text) {
        ObjectNode args = Json.newObject();
        args.put("text", text);
        return args;
    }

    @Test
    void discoversRegistersAuthorisesWithPkceAndSendsTheTokenOnEveryRequest() {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as);
        McpClient client = connect(server, settings().build());

        assertThat(client.callTool("echo", echo("hi")).isError()).isFalse();
        assertThat(client.listTools()).isNotEmpty();

        assertThat(as.requests("register")).singleElement()
                .satisfies(r -> assertThat(r.params()).containsEntry("application_type", "native"));
        assertThat(as.requests("authorize")).singleElement().satisfies(r -> {
            assertThat(r.params()).containsEntry("code_challenge_method", "S256").containsEntry("resource", server.resource())
                    .containsKey("state").containsKey("code_challenge");
            assertThat(r.params().get("redirect_uri")).startsWith("http://127.0.0.1:");
        });
        assertThat(as.requests("token")).singleElement().satisfies(r ->
                assertThat(r.params()).containsEntry("resource", server.resource()).containsEntry("code_verifier", "<present>"));
        assertThat(server.unauthorizedCount()).isEqualTo(1); // only the first initialize went without a token
        assertThat(server.authorizedCount()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aPreRegisteredConfidentialClientAuthenticatesWithBasicAndNeverRegisters() {
        OAuthTestServer as = as().registration(false).client("my-app", "s3cret-value")
                .tokenEndpointAuthMethods(List.of("client_secret_basic"));
        ProtectedMcpServer server = protect(as);
        McpClient client = connect(server, settings().clientId("my-app").clientSecret("s3cret-value").build());

        assertThat(client.listTools()).isNotEmpty();
        assertThat(as.requests("register")).isEmpty();
        assertThat(as.requests("token")).singleElement().satisfies(r -> {
            assertThat(r.authScheme()).isEqualTo("Basic");
            assertThat(r.params()).doesNotContainKey("client_secret");
        });
    }

    @Test
    void preRegisteredCredentialsAreNeverSentToAnotherAuthorizationServer() {
        OAuthTestServer as = as().registration(false).client("my-app", "s3cret-value");
        ProtectedMcpServer server = protect(as);
        OAuthSettings settings = settings().clientId("my-app").clientSecret("s3cret-value")
                .clientIssuer("https://login.example.com").build();

        assertThatThrownBy(() -> connect(server, settings)).isInstanceOf(McpAuthorizationException.class).hasMessageContaining("never sent to another authorization server");
        assertThat(as.requests("authorize")).isEmpty();
        assertThat(as.requests("token")).isEmpty();
    }

    @Test
    void aClientIdMetadataDocumentIsPreferredToRegistration() {
        OAuthTestServer as = as().clientIdMetadataDocuments(true);
        ProtectedMcpServer server = protect(as);
        URI cimd = URI.create("https://app.example.com/oauth/client.json");
        McpClient client = connect(server, settings().clientMetadataUrl(cimd).build());

        assertThat(client.listTools()).isNotEmpty();
        assertThat(as.requests("register")).isEmpty();
        assertThat(as.requests("authorize")).singleElement()
                .satisfies(r -> assertThat(r.params()).containsEntry("client_id", cimd.toString()));
    }

    @Test
    void aTokenTheServerNoLongerAcceptsIsRefreshedOnceWithoutAskingTheUserAgain() {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as);
        McpClient client = connect(server, settings().build());
        assertThat(client.listTools()).isNotEmpty();

        as.revokeAccessTokens(); // the server restarted: every access token is unknown now
        assertThat(client.callTool("echo", echo("again")).isError()).isFalse();

        assertThat(as.requests("authorize")).hasSize(1);
        assertThat(as.requests("token")).extracting(r -> r.params().get("grant_type"))
                .containsExactly("authorization_code", "refresh_token");
    }

    @Test
    void anExpiredTokenIsRefreshedBeforeTheRequest() {
        OAuthTestServer as = as().tokenLifetime(Duration.ofSeconds(5)); // inside the 30 s skew: "expired" at once
        ProtectedMcpServer server = protect(as);
        McpClient client = connect(server, settings().build());
        int refusedBefore = server.unauthorizedCount();

        assertThat(client.listTools()).isNotEmpty();

        assertThat(server.unauthorizedCount()).isEqualTo(refusedBefore); // refreshed before sending, never refused
        assertThat(as.requests("token")).extracting(r -> r.params().get("grant_type")).contains("refresh_token");
        assertThat(as.requests("authorize")).hasSize(1);
    }

    @Test
    void insufficientScopeStepsUpWithTheUnionOfScopes() {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as).scopesSupported(List.of("tools:read")).requireScope("tools/call", "tools:write");
        McpClient client = connect(server, settings().build());
        assertThat(client.listTools()).isNotEmpty();

        assertThat(client.callTool("echo", echo("hi")).isError()).isFalse();

        assertThat(server.forbiddenCount()).isEqualTo(1);
        assertThat(as.requests("authorize")).extracting(r -> r.params().get("scope"))
                .containsExactly("tools:read", "tools:read tools:write");
    }

    @Test
    void stepUpIsBoundedWhenTheServerKeepsRefusing() {
        OAuthTestServer as = as();
        // The authorization server never grants a scope nobody asks for... and the server wants one no token gets.
        ProtectedMcpServer server = protect(as).requireScope("tools/list", "admin");
        OAuthSettings settings = settings().maxStepUps(2).scopes(List.of("basic")).build();

        assertThatThrownBy(() -> connect(server, settings).listTools()).isInstanceOf(McpAuthorizationRequiredException.class);
        assertThat(server.forbiddenCount()).isEqualTo(3); // the first 403, then one per step-up
        assertThat(as.requests("authorize")).hasSize(3);
    }

    @Test
    void aNewAuthorizationServerMeansANewRegistrationNeverTheOldClientId() {
        OAuthTestServer first = as();
        OAuthTestServer second = as();
        ProtectedMcpServer server = protect(first);
        McpClient client = connect(server, settings().build());
        assertThat(client.listTools()).isNotEmpty();
        String oldClient = first.requests("authorize").getFirst().params().get("client_id");

        server.switchAuthorizationServer(second);
        assertThat(client.callTool("echo", echo("moved")).isError()).isFalse();

        assertThat(second.requests("register")).hasSize(1);
        assertThat(second.requests("authorize")).singleElement()
                .satisfies(r -> assertThat(r.params().get("client_id")).isNotEqualTo(oldClient));
        assertThat(second.requests("token")).allSatisfy(r -> assertThat(r.params().get("client_id")).isNotEqualTo(oldClient));
    }

    @Test
    void theFileStoreIsOwnerOnlyAndALaterClientReusesItsTokens(@TempDir Path home) throws Exception {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as);
        Path dir = home.resolve("oauth");
        try (McpClient client = connect(server, settings().tokenStore(TokenStore.files(dir)).build())) {
            assertThat(client.listTools()).isNotEmpty();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).isNotEmpty().allSatisfy(f ->
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------"));
        }

        McpClient again = connect(server, settings().tokenStore(TokenStore.files(dir)).build());
        assertThat(again.listTools()).isNotEmpty();
        assertThat(as.requests("authorize")).hasSize(1); // the stored token was used, no second authorisation
    }

    @Test
    void anAuthorizationEndpointThatCouldRunACommandIsNeverShownOrOpened() {
        // The mcp-remote CVE-2025-6514 pattern: metadata naming a URL a shell or opener would execute.
        for (String evil : List.of("file:///etc/passwd", "javascript:alert(1)", "https://evil.example/$(touch /tmp/pwned)",
                "https://evil.example/a`id`", "https://evil.example/a;calc.exe", "http://evil.example/authorize",
                "cmd.exe /c calc")) {
            OAuthTestServer as = as().authorizationEndpoint(evil);
            ProtectedMcpServer server = protect(as);

            assertThatThrownBy(() -> connect(server, settings().build())).as(evil)
                    .isInstanceOf(McpAuthorizationException.class).hasMessageContaining("authorization_endpoint is refused");
        }
        assertThat(opened).isEmpty();
    }

    @Test
    void withoutAHandlerTheFailureSaysHowToLogIn() {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as);
        OAuthSettings noHandler = OAuthSettings.builder().tokenStore(TokenStore.inMemory()).build();

        assertThatThrownBy(() -> connect(server, noHandler))
                .isInstanceOf(McpAuthorizationException.class).hasMessageContaining("mcphost --url <url> login");
    }

    @Test
    void noTokenOrSecretAppearsInLogsOrErrors() {
        OAuthTestServer as = as().client("confidential", "client-secret-xyz");
        ProtectedMcpServer server = protect(as);
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        String failure;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            McpClient client = connect(server, settings().clientId("confidential").clientSecret("client-secret-xyz").build());
            client.listTools();
            as.revokeAccessTokens();
            client.listTools(); // a refresh
            server.requireScope("tools/call", "never-granted");
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> client.callTool("echo", echo("x")));
            failure = String.valueOf(t) + " " + (t == null ? "" : String.valueOf(t.getCause()));
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8) + failure;
        assertThat(as.issuedSecrets()).isNotEmpty().allSatisfy(secret -> assertThat(log).doesNotContain(secret));
        assertThat(log).doesNotContain("client-secret-xyz");
    }

    @Test
    void anAuthorizationResponseFromAnotherIssuerIsRefusedBeforeTheCodeGoesAnywhere() {
        for (String iss : List.of("https://evil.example.com", "TRAILING_SLASH")) {
            OAuthTestServer as = as();
            as.redirectIss(java.util.Optional.of(iss.equals("TRAILING_SLASH") ? as.issuer() + "/" : iss));
            ProtectedMcpServer server = protect(as);

            assertThatThrownBy(() -> connect(server, settings().build())).as(iss)
                    .isInstanceOf(McpAuthorizationException.class).hasMessageContaining("RFC 9207");
            assertThat(as.requests("token")).as(iss).isEmpty();
        }
    }

    @Test
    void aMissingIssIsRefusedWhenTheServerAdvertisesIt() {
        OAuthTestServer as = as().redirectIss(java.util.Optional.empty());
        ProtectedMcpServer server = protect(as);

        assertThatThrownBy(() -> connect(server, settings().build())).isInstanceOf(McpAuthorizationException.class)
                .hasMessageContaining("lacks the iss");
        assertThat(as.requests("token")).isEmpty();
    }

    @Test
    void metadataForAnotherResourceOrIssuerIsNeverUsed() {
        OAuthTestServer as = as();
        ProtectedMcpServer server = protect(as).metadataResource("https://evil.example.com/mcp");
        assertThatThrownBy(() -> connect(server, settings().build())).isInstanceOf(McpAuthorizationException.class)
                .hasMessageContaining("not this server");

        OAuthTestServer poisoned = as().metadataIssuer("https://attacker.example.com");
        ProtectedMcpServer other = protect(poisoned);
        assertThatThrownBy(() -> connect(other, settings().build())).isInstanceOf(McpAuthorizationException.class)
                .hasMessageContaining("refusing to use it");

        assertThat(as.requests()).isEmpty();
        assertThat(poisoned.requests()).isEmpty();
    }
}
