package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.transport.http.HttpTransport;
import java.io.File;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The TypeScript SDK's clients, v1 ({@code @modelcontextprotocol/sdk}) and v2
 * ({@code @modelcontextprotocol/client}), sign in to the gateway as an OAuth 2.1 resource server and
 * call a tool through it: 401 with the Protected Resource Metadata, the testkit's authorization server
 * (dynamic registration, PKCE, resource indicator, JWT access tokens) approving without a user, the
 * SDK's own {@code finishAuth}, a new connection with the token. The script is
 * {@code /gateway/ts-oauth-client.mjs}; its provider keeps everything in memory and plays the user
 * agent itself. Each test has its own authorization server, upstream, host and gateway, and a
 * deadline; the Node process it starts is gone when it ends.
 */
@Tag("interop") // run with the npm fixtures: see this module's pom
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GatewayOAuthInteropTest {
    private static final Duration PROCESS_DEADLINE = Duration.ofSeconds(60);
    private static final String SCOPE = "mcp:tools";
    private static final String USER = "ts-user";

    @TempDir
    Path dir;
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final List<AuditEvent> audit = new CopyOnWriteArrayList<>();
    private OAuthTestServer as;
    private McpGateway gateway;
    private String resource;

    @BeforeEach
    void start() {
        as = OAuthTestServer.start().jwtAccessTokens(true).scopesSupported(List.of(SCOPE)).subject(USER);
        toClose.add(as);
        StreamableHttpServer beta = StreamableHttpServer.builder(McpServer.builder().name("beta").version("1")
                .tool(Tool.of("echo", "Echoes", Json.parse("{\"type\":\"object\"}")),
                        call -> CallToolResult.text("beta:" + call.arguments().path("text").asString("")))
                .build()).responseMode(ResponseMode.JSON).start();
        toClose.add(beta);
        McpHost host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpec.builder("beta", () -> HttpTransport.builder(beta.endpoint()).build()).era(Era.LEGACY).build())
                .start();
        toClose.add(host);
        // Only the authorization server's user may use anything: a call that gets through was made
        // with a principal taken from a token that server issued.
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .oauthIssuer(as.uri()).oauthRequiredScopes(Set.of(SCOPE))
                .policy(GatewayPolicy.of(GatewayPolicy.Rule.builder().name("ts-user").subjects(USER).build()))
                .onAudit(audit::add)
                .start();
        toClose.add(gateway);
        resource = gateway.endpoint().orElseThrow().toString();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"v1, legacy, 2025-11-25", "v2, legacy, 2025-11-25", "v2, modern, 2026-07-28"})
    void typescriptClientSignsInWithOAuthAndCallsATool(String flavour, String era, String protocolVersion) throws Exception {
        JsonNode out = script(flavour, era, "oauth", Map.of());

        assertSignedInAndCalled(out, flavour, era);
        assertThat(out.path("protocolVersion").asString()).isEqualTo(protocolVersion);
        // Discovery went straight through: one 401, then no request of the SDK's answered with an error.
        assertThat(failedRequests(out)).containsExactly("POST " + resource + " 401");
        assertThat(out.path("requests").toString()).contains(
                "{\"method\":\"GET\",\"url\":\"" + metadataUrl() + "\",\"status\":200,",
                "{\"method\":\"GET\",\"url\":\"" + as.issuer() + "/.well-known/oauth-authorization-server\",\"status\":200,");
        // Without a token at first, with one on every exchange with the gateway after the sign-in.
        List<Boolean> authorized = new ArrayList<>();
        out.path("requests").forEach(r -> {
            if (r.path("url").asString().equals(resource)) {
                authorized.add(r.path("authorized").asBoolean());
            }
        });
        assertThat(authorized).hasSizeGreaterThan(2).startsWith(false).containsOnlyOnce(false);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"v1", "v2"})
    void aClientHoldingATokenFromAnotherIssuerSignsInAgainAfter401InvalidToken(String flavour) throws Exception {
        try (OAuthTestServer other = OAuthTestServer.start().jwtAccessTokens(true)) {
            String foreign = other.accessToken(USER, resource, Set.of(SCOPE), Duration.ofMinutes(5));

            JsonNode out = script(flavour, "legacy", "stale", Map.of("MCP_TEST_BEARER", foreign, "MCP_TEST_ISSUER", other.issuer()));

            assertSignedInAndCalled(out, flavour, "legacy");
            assertThat(failedRequests(out)).containsExactly("POST " + resource + " 401");
            assertThat(out.path("requests").get(0).path("authorized").asBoolean()).as("the first request carried the stale token")
                    .isTrue();
            assertThat(other.requests()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"v1", "v2"})
    void aTokenFromAnotherIssuerIsRefusedWith401(String flavour) throws Exception {
        try (OAuthTestServer other = OAuthTestServer.start().jwtAccessTokens(true)) {
            // Right audience, scope and subject; only the issuer (and its key) differ.
            String foreign = other.accessToken(USER, resource, Set.of(SCOPE), Duration.ofMinutes(5));

            JsonNode out = script(flavour, "legacy", "bearer", Map.of("MCP_TEST_BEARER", foreign));

            assertRefusedWith401(out, "invalid_token");
            assertThat(other.requests()).as("the gateway trusts only its own issuer").isEmpty();
        }
        assertThat(audit).isEmpty();
        assertThat(as.requests("token")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"v1", "v2"})
    void withoutSignInTheGatewayAnswers401(String flavour) throws Exception {
        JsonNode out = script(flavour, "legacy", "none", Map.of());

        assertRefusedWith401(out, "unauthorized");
        assertThat(audit).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"v1", "v2"})
    void aTokenOfTheGatewaysOwnIssuerPassedTheSameWayIsAccepted(String flavour) throws Exception {
        // The control for the refusals above: the same script and header, a token from the right issuer.
        String own = as.accessToken(USER, resource, Set.of(SCOPE), Duration.ofMinutes(5));

        JsonNode out = script(flavour, "legacy", "bearer", Map.of("MCP_TEST_BEARER", own));

        assertThat(out.has("error")).as(out.toString()).isFalse();
        assertThat(text(out.path("echo"))).isEqualTo("beta:hello from " + flavour + " legacy");
    }

    /**
     * The script's client was refused at first, signed in at this test's authorization server (found
     * through the gateway's metadata) and called the tool with the token it got.
     */
    private void assertSignedInAndCalled(JsonNode out, String flavour, String era) throws Exception {
        assertThat(out.has("error")).as(out.toString()).isFalse();
        assertThat(out.path("firstAttempt").asString()).as("the first connection needs a sign-in").isEqualTo("UnauthorizedError");
        assertThat(out.path("server").path("name").asString()).isEqualTo("mcphost-gateway");
        assertThat(out.path("tools").toString()).contains("\"beta__echo\"");
        assertThat(out.path("echo").path("isError").asBoolean(false)).as(out.path("echo").toString()).isFalse();
        assertThat(text(out.path("echo"))).isEqualTo("beta:hello from " + flavour + " " + era);

        // It registered, and asked for a code with PKCE, for this resource and the scope the gateway requires.
        OAuthTestServer.Request register = as.requests("register").getFirst();
        assertThat(register.params().get("redirect_uris")).contains("http://127.0.0.1:8976/callback");
        assertThat(out.path("registeredClientId").asString()).startsWith("client-");
        Map<String, String> authorize = as.requests("authorize").getFirst().params();
        assertThat(authorize).containsEntry("response_type", "code").containsEntry("code_challenge_method", "S256")
                .containsEntry("resource", resource).containsEntry("client_id", out.path("registeredClientId").asString());
        assertThat(authorize.get("scope")).contains(SCOPE);
        assertThat(out.path("authorizations").get(0).path("status").asInt()).isEqualTo(302);
        List<OAuthTestServer.Request> tokens = as.requests("token");
        assertThat(tokens).hasSize(1);
        assertThat(tokens.getFirst().params()).containsEntry("grant_type", "authorization_code")
                .containsEntry("resource", resource).containsEntry("code_verifier", "<present>");

        // The token the client held is one this authorization server issued, for the gateway, to its user.
        String token = issuedWithHash(out.path("accessTokenSha256").asString()).orElseThrow(
                () -> new AssertionError("the client's access token is not one the authorization server issued: " + out));
        OAuthTestServer.Grant grant = as.validate(token, resource).orElseThrow();
        assertThat(grant.subject()).isEqualTo(USER);
        assertThat(grant.scopes()).contains(SCOPE);
        // ... and the gateway took its principal from it (the policy lets nobody else call), having
        // checked the signature with the server's published keys.
        assertThat(audit).anySatisfy(event -> {
            assertThat(event.allowed()).isTrue();
            assertThat(event.name()).isEqualTo("beta__echo");
            assertThat(event.principal()).contains(USER);
        });
        assertThat(as.requests("jwks")).isNotEmpty();
    }

    /** The script's transport's requests answered with a status of 400 or more, as "METHOD url status". */
    private static List<String> failedRequests(JsonNode out) {
        List<String> failed = new ArrayList<>();
        out.path("requests").forEach(r -> {
            if (r.path("status").asInt() >= 400) {
                failed.add(r.path("method").asString() + " " + r.path("url").asString() + " " + r.path("status").asInt());
            }
        });
        return failed;
    }

    /** Where the gateway publishes its Protected Resource Metadata (RFC 9728 section 3.1, path after the well-known part). */
    private String metadataUrl() {
        URI endpoint = gateway.endpoint().orElseThrow();
        return "http://" + endpoint.getRawAuthority() + "/.well-known/oauth-protected-resource" + endpoint.getRawPath();
    }

    /** The script's client failed to connect because the gateway answered 401 with {@code error}, as the SDK reports it. */
    private static void assertRefusedWith401(JsonNode out, String error) {
        assertThat(out.has("echo")).as(out.toString()).isFalse();
        assertThat(out.path("httpStatus").asInt()).as(out.toString()).isEqualTo(401);
        assertThat(out.path("error").asString()).contains("\"error\":\"" + error + "\"");
    }

    /** The access or refresh token the authorization server issued whose SHA-256 is {@code sha256}. */
    private Optional<String> issuedWithHash(String sha256) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (String secret : as.issuedSecrets()) {
            if (HexFormat.of().formatHex(digest.digest(secret.getBytes(StandardCharsets.UTF_8))).equals(sha256)) {
                return Optional.of(secret);
            }
        }
        return Optional.empty();
    }

    /** Runs the script and parses its last line. */
    private JsonNode script(String flavour, String era, String mode, Map<String, String> env) throws Exception {
        Path pkg = flavour.equals("v1") ? NpmFixtures.typescriptSdkV1() : NpmFixtures.typescriptClientV2();
        Path script = dir.resolve("ts-oauth-client.mjs");
        try (var in = getClass().getResourceAsStream("/gateway/ts-oauth-client.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        GatewayInteropTest.Run run = run(List.of(NpmFixtures.node22().toString(), script.toString(), flavour, era, mode,
                pkg.toString(), resource, Long.toString(PROCESS_DEADLINE.toMillis() - 5_000)), env);
        assertThat(run.exit()).as(run.toString()).isZero();
        // The SDKs warn on stderr about what they could not check (v2: a provider without discovery
        // state, credentials without an issuer); the script's provider leaves them nothing to warn about.
        assertThat(run.stderr()).as(run.toString()).doesNotContain("[mcp-sdk]");
        return Json.parse(run.lastLine());
    }

    private static String text(JsonNode result) {
        StringBuilder text = new StringBuilder();
        result.path("content").forEach(c -> text.append(c.path("text").asString("")));
        return text.toString();
    }

    /** Runs {@code command} to its end or {@link #PROCESS_DEADLINE}; then it and its children are killed. */
    private GatewayInteropTest.Run run(List<String> command, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(env);
        Process process = builder.start();
        try {
            boolean ended = process.waitFor(PROCESS_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            int exit = ended ? process.exitValue() : -1;
            return new GatewayInteropTest.Run(exit, Files.readString(out, StandardCharsets.UTF_8)
                    + (ended ? "" : "\n(killed after " + PROCESS_DEADLINE + ")"), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.onExit().get(10, TimeUnit.SECONDS);
        }
    }
}
