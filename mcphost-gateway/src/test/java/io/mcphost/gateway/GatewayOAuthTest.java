package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.transport.http.HttpTransport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gateway as an OAuth 2.1 resource server, with real parts only: the testkit's authorization
 * server issuing JWTs, McpHost's own OAuth client, raw HTTP for the refusals, and an upstream behind
 * a recording proxy that proves no downstream token reaches it.
 */
@Timeout(60)
class GatewayOAuthTest {
    private static final String SCOPE = "mcp:tools";
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final HttpClient raw = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private OAuthTestServer as;
    private RecordingProxy upstream;
    private McpHost host;
    private McpGateway gateway;
    private String resource;
    private String metadataUrl;

    @BeforeEach
    void start() {
        as = OAuthTestServer.start().jwtAccessTokens(true).scopesSupported(List.of(SCOPE));
        toClose.add(as);
        StreamableHttpServer beta = StreamableHttpServer.builder(McpServer.builder().name("beta").version("1")
                .tool(Tool.of("echo", "Echoes", Json.parse("{\"type\":\"object\"}")),
                        call -> CallToolResult.text("beta:" + call.arguments().path("text").asString("")))
                .build()).responseMode(ResponseMode.JSON).start();
        toClose.add(beta);
        upstream = new RecordingProxy(beta.endpoint());
        toClose.add(upstream);
        host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpec.builder("beta", () -> HttpTransport.builder(upstream.endpoint()).build())
                        .era(Era.LEGACY).build())
                .start();
        toClose.add(host);
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .oauthIssuer(as.uri()).oauthRequiredScopes(Set.of(SCOPE)).start();
        toClose.add(gateway);
        resource = gateway.endpoint().orElseThrow().toString();
        URI endpoint = gateway.endpoint().orElseThrow();
        metadataUrl = "http://" + endpoint.getRawAuthority() + "/.well-known/oauth-protected-resource/mcp";
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
        raw.shutdownNow();
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void mcpHostsOwnOAuthClientSignsInThroughTheMetadataAndCalls(Era era) {
        AuthorizationHandler headless = AuthorizationHandler.headless();
        HttpTransport transport = HttpTransport.builder(gateway.endpoint().orElseThrow()).name("gateway")
                .oauth(OAuthSettings.builder().tokenStore(TokenStore.inMemory())
                        .authorizationTimeout(Duration.ofSeconds(20)).handler(headless::open).build())
                .build();
        McpClient client = McpClient.builder(transport).name("downstream").era(era)
                .requestTimeout(Duration.ofSeconds(20)).build();
        toClose.add(client);
        client.connect();
        assertThat(client.era()).isEqualTo(era);

        assertThat(client.callTool("beta__echo", Json.parse("{\"text\":\"hi\"}")).text()).isEqualTo("beta:hi");

        // The client went 401 -> metadata -> authorization server -> token, asking for this resource and scope.
        OAuthTestServer.Request token = as.requests("token").getFirst();
        assertThat(token.params()).containsEntry("resource", resource);
        assertThat(as.requests("authorize").getFirst().params().get("scope")).contains(SCOPE);
        assertThat(as.requests("jwks")).isNotEmpty();
        // No passthrough: the upstream saw requests, none with an Authorization header.
        assertThat(upstream.requests()).isNotEmpty();
        assertThat(upstream.authorizations()).isEmpty();
    }

    @Test
    void theMetadataIsAtTheWellKnownUrlAndA401WithoutTokenPointsToIt() throws Exception {
        HttpResponse<String> prm = raw.send(HttpRequest.newBuilder(URI.create(metadataUrl)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(prm.statusCode()).isEqualTo(200);
        JsonNode metadata = Json.parse(prm.body());
        assertThat(metadata.path("resource").asString()).isEqualTo(resource);
        assertThat(metadata.path("authorization_servers").get(0).asString()).isEqualTo(as.issuer());
        assertThat(metadata.path("scopes_supported").get(0).asString()).isEqualTo(SCOPE);
        assertThat(metadata.path("bearer_methods_supported").get(0).asString()).isEqualTo("header");

        HttpResponse<String> none = initialize(null);
        assertThat(none.statusCode()).isEqualTo(401);
        String challenge = none.headers().firstValue("WWW-Authenticate").orElseThrow();
        assertThat(challenge).startsWith("Bearer ").contains("resource_metadata=\"" + metadataUrl + "\"")
                .contains("scope=\"" + SCOPE + "\"").doesNotContain("error=");
    }

    @Test
    void refusedTokensGet401InvalidTokenWithTheMetadata() throws Exception {
        Set<String> scopes = Set.of(SCOPE);
        ObjectNode expired = as.claims("alice", resource, scopes, Duration.ofMinutes(-5));
        ObjectNode wrongIssuer = as.claims("alice", resource, scopes, Duration.ofMinutes(5)).put("iss", "http://127.0.0.1:1");
        ObjectNode noExpiry = as.claims("alice", resource, scopes, Duration.ofMinutes(5));
        noExpiry.remove("exp");
        ObjectNode notYet = as.claims("alice", resource, scopes, Duration.ofMinutes(10))
                .put("nbf", java.time.Instant.now().plus(Duration.ofMinutes(5)).getEpochSecond());
        ObjectNode noSubject = as.claims("alice", resource, scopes, Duration.ofMinutes(5));
        noSubject.remove("sub");
        noSubject.remove("client_id");
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        java.io.PrintStream original = System.err;
        System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
        List<String> refused;
        try (OAuthTestServer other = OAuthTestServer.start()) {
            refused = List.of(
                    "garbage",
                    "a.b.c",
                    other.sign(as.claims("alice", resource, scopes, Duration.ofMinutes(5))), // another key, our iss
                    as.sign(expired),
                    as.sign(as.claims("alice", "http://127.0.0.1:1/mcp", scopes, Duration.ofMinutes(5))), // wrong aud
                    as.sign(as.claims("alice", null, scopes, Duration.ofMinutes(5))), // no aud
                    as.sign(wrongIssuer),
                    as.sign(noExpiry),
                    as.sign(notYet),
                    as.sign(noSubject),
                    unsigned(as.claims("alice", resource, scopes, Duration.ofMinutes(5))), // alg none
                    hmacWithThePublicKey(as.claims("alice", resource, scopes, Duration.ofMinutes(5))));
            for (String token : refused) {
                HttpResponse<String> response = initialize(token);
                assertThat(response.statusCode()).as("status for a refused token").isEqualTo(401);
                String challenge = response.headers().firstValue("WWW-Authenticate").orElseThrow();
                assertThat(challenge).startsWith("Bearer ").contains("error=\"invalid_token\"")
                        .contains("error_description=\"").contains("resource_metadata=\"" + metadataUrl + "\"");
                assertThat(challenge + response.body()).doesNotContain(token);
                assertThat(Json.parse(response.body()).path("error").asString()).isEqualTo("invalid_token");
            }
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(refused).allSatisfy(token -> assertThat(log).doesNotContain(token));
        // The control: a valid token, and one expired within the 60 s leeway, are accepted.
        assertThat(initialize(as.accessToken("alice", resource, scopes, Duration.ofMinutes(5))).statusCode()).isEqualTo(200);
        assertThat(initialize(as.sign(as.claims("alice", resource, scopes, Duration.ofSeconds(-20)))).statusCode())
                .isEqualTo(200);
    }

    @Test
    void aValidTokenWithoutTheRequiredScopeGets403InsufficientScope() throws Exception {
        HttpResponse<String> response = initialize(as.accessToken("alice", resource, Set.of("other"), Duration.ofMinutes(5)));
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow()).startsWith("Bearer ")
                .contains("error=\"insufficient_scope\"").contains("scope=\"" + SCOPE + "\"")
                .contains("resource_metadata=\"" + metadataUrl + "\"");
        // The scope may come as an scp array too.
        ObjectNode scp = as.claims("alice", resource, Set.of(), Duration.ofMinutes(5));
        scp.putArray("scp").add(SCOPE);
        assertThat(initialize(as.sign(scp)).statusCode()).isEqualTo(200);
    }

    @Test
    void tokensSignedWithARotatedKeyWorkAndForgedKeyIdsDoNotMakeItFetchInALoop() throws Exception {
        assertThat(initialize(as.accessToken("alice", resource, Set.of(SCOPE), Duration.ofMinutes(5))).statusCode())
                .isEqualTo(200);
        int fetches = as.requests("jwks").size();
        String before = as.keyId();

        String after = as.rotateKey();
        assertThat(after).isNotEqualTo(before);
        assertThat(initialize(as.accessToken("alice", resource, Set.of(SCOPE), Duration.ofMinutes(5))).statusCode())
                .as("a token signed with the new key").isEqualTo(200);
        assertThat(as.requests("jwks")).hasSize(fetches + 1);

        // Twenty tokens naming key ids nobody published: refused, at most one more fetch between them.
        int beforeFlood = as.requests("jwks").size();
        String claims = b64(Json.write(as.claims("mallory", resource, Set.of(SCOPE), Duration.ofMinutes(5)))
                .getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 20; i++) {
            String header = b64(("{\"alg\":\"RS256\",\"kid\":\"forged-" + i + "\"}").getBytes(StandardCharsets.UTF_8));
            String forged = header + "." + claims + "." + b64(new byte[256]);
            assertThat(initialize(forged).statusCode()).isEqualTo(401);
        }
        assertThat(as.requests("jwks").size() - beforeFlood).isLessThanOrEqualTo(1);
    }

    @Test
    void anIssuerWhoseKeysCannotBeFetchedIsNotAskedOncePerRequest() throws Exception {
        try (io.mcphost.testkit.ScriptedHttpServer down = new io.mcphost.testkit.ScriptedHttpServer(
                (seen, exchange) -> io.mcphost.testkit.ScriptedHttpServer.status(exchange, 503));
             McpGateway strict = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                     .oauthIssuer(as.uri()).oauthJwksUri(URI.create(down.url("/jwks"))).start()) {
            String own = strict.endpoint().orElseThrow().toString();
            for (int i = 0; i < 10; i++) {
                HttpResponse<String> response = raw.send(HttpRequest.newBuilder(strict.endpoint().orElseThrow())
                        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                        .header("Authorization", "Bearer " + as.accessToken("alice", own, Set.of(), Duration.ofMinutes(5)))
                        .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(401);
                assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                        .contains("error_description=\"the authorization server's keys could not be fetched\"");
            }
            assertThat(down.seen()).as("one fetch for ten requests within the retry interval").hasSize(1);
        }
    }

    @Test
    void aSessionBelongsToItsPrincipalAndNoDownstreamTokenReachesTheUpstream() throws Exception {
        String alice = as.accessToken("alice", resource, Set.of(SCOPE), Duration.ofMinutes(5));
        String bob = as.accessToken("bob", resource, Set.of(SCOPE), Duration.ofMinutes(5));
        HttpResponse<String> opened = initialize(alice);
        assertThat(opened.statusCode()).isEqualTo(200);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(alice, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode())
                .isEqualTo(202);

        String call = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"beta__echo\","
                + "\"arguments\":{\"text\":\"mine\"}}}";
        assertThat(post(bob, session, call).statusCode()).as("another principal's valid token").isEqualTo(404);
        HttpResponse<String> mine = post(alice, session, call);
        assertThat(mine.statusCode()).isEqualTo(200);
        assertThat(mine.body()).contains("beta:mine");

        assertThat(upstream.requests()).isNotEmpty();
        assertThat(upstream.authorizations()).isEmpty();
        assertThat(upstream.bodies()).noneMatch(b -> b.contains(alice) || b.contains(bob));
    }

    private HttpResponse<String> initialize(String token) throws Exception {
        return post(token, null, INITIALIZE);
    }

    private HttpResponse<String> post(String token, String session, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.endpoint().orElseThrow())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
        }
        return raw.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** An unsecured JWT ({@code alg: none}, empty signature). */
    private static String unsigned(ObjectNode claims) {
        return b64("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64(Json.write(claims).getBytes(StandardCharsets.UTF_8)) + ".";
    }

    /** HS256 keyed with the issuer's published JWKS (the public key as a shared secret), naming its kid. */
    private String hmacWithThePublicKey(ObjectNode claims) throws Exception {
        String jwks = raw.send(HttpRequest.newBuilder(as.jwksUri()).build(), HttpResponse.BodyHandlers.ofString()).body();
        String input = b64(("{\"alg\":\"HS256\",\"kid\":\"" + as.keyId() + "\"}").getBytes(StandardCharsets.UTF_8)) + "."
                + b64(Json.write(claims).getBytes(StandardCharsets.UTF_8));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(jwks.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return input + "." + b64(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * A proxy in front of an upstream in JSON response mode, recording every request's Authorization
     * header and body: what the gateway sends upstream, seen from outside it.
     */
    private static final class RecordingProxy implements AutoCloseable {
        private final HttpServer http;
        private final URI target;
        private final HttpClient forward = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        private final List<String> requests = new CopyOnWriteArrayList<>();
        private final List<String> authorizations = new CopyOnWriteArrayList<>();
        private final List<String> bodies = new CopyOnWriteArrayList<>();

        RecordingProxy(URI target) {
            this.target = target;
            try {
                http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.createContext("/", this::handle);
            http.start();
        }

        URI endpoint() {
            return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/mcp");
        }

        List<String> requests() {
            return List.copyOf(requests);
        }

        List<String> authorizations() {
            return List.copyOf(authorizations);
        }

        List<String> bodies() {
            return List.copyOf(bodies);
        }

        private void handle(HttpExchange exchange) throws IOException {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                requests.add(exchange.getRequestMethod());
                bodies.add(new String(body, StandardCharsets.UTF_8));
                List<String> auth = exchange.getRequestHeaders().get("Authorization");
                if (auth != null) {
                    authorizations.addAll(auth);
                }
                if (exchange.getRequestMethod().equals("GET")) {
                    exchange.sendResponseHeaders(405, -1); // no listening stream through this proxy
                    return;
                }
                io.mcphost.testkit.HttpRelay.relay(exchange, body, target, forward);
            }
        }

        @Override
        public void close() {
            http.stop(0);
            forward.shutdownNow();
        }
    }
}
