package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The endpoint as an OAuth resource server, with an authenticator of fixed tokens: the metadata at
 * the path-aware well-known URL, the 401 and 403 challenges, static tokens beside, and sessions bound
 * to the token's principal.
 */
@Timeout(10)
class OAuthResourceServerTest {
    private static final URI AS = URI.create("https://as.example.com");
    private static final String TOOLS_LIST = call(2, "tools/list", "{}");

    private final CountDownLatch gate = new CountDownLatch(1);
    private final List<URI> resourcesAsked = new CopyOnWriteArrayList<>();
    private final List<StreamableHttpServer> servers = new CopyOnWriteArrayList<>();

    /** alice and bob hold the scope, carol does not; "boom" makes the authenticator throw; others are refused. */
    private BearerAuthenticator authenticator() {
        return (token, resource) -> {
            resourcesAsked.add(resource);
            return switch (token) {
                case "alice-token" -> new BearerAuthenticator.Accepted("alice", Set.of("mcp", "extra"));
                case "bob-token" -> new BearerAuthenticator.Accepted("bob", Set.of("mcp"));
                case "carol-token" -> new BearerAuthenticator.Accepted("carol", Set.of("other"));
                case "boom" -> throw new IllegalStateException("the key server is down");
                default -> new BearerAuthenticator.Refused("forged \"token\"\nreally");
            };
        };
    }

    private StreamableHttpServer start(OAuthResourceServer rs) {
        StreamableHttpServer http = StreamableHttpServer.builder(TestServers.server(gate)).oauth(rs)
                .bearerTokens(Map.of("static-token.0123456789", "ops")).start();
        servers.add(http);
        return http;
    }

    private StreamableHttpServer start() {
        return start(OAuthResourceServer.of(authenticator(), AS).withRequiredScopes(Set.of("mcp")));
    }

    @AfterEach
    void stop() {
        gate.countDown();
        servers.forEach(s -> s.close(Duration.ofSeconds(2)));
    }

    private static String origin(URI endpoint) {
        return endpoint.getScheme() + "://" + endpoint.getRawAuthority();
    }

    @Test
    void theMetadataIsServedAtThePathAwareWellKnownUrlWithoutAToken() {
        StreamableHttpServer http = start();
        HttpProbe anonymous = new HttpProbe(http.endpoint());
        URI metadata = URI.create(origin(http.endpoint()) + "/.well-known/oauth-protected-resource/mcp");
        HttpResponse<String> prm = anonymous.send(HttpRequest.newBuilder(metadata).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(prm.statusCode()).isEqualTo(200);
        assertThat(prm.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(prm.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        JsonNode body = json(prm.body());
        assertThat(body.path("resource").asString()).isEqualTo(http.endpoint().toString());
        assertThat(body.path("authorization_servers").get(0).asString()).isEqualTo(AS.toString());
        assertThat(body.path("scopes_supported").get(0).asString()).isEqualTo("mcp");
        assertThat(body.path("bearer_methods_supported").get(0).asString()).isEqualTo("header");

        HttpResponse<String> post = anonymous.send(HttpRequest.newBuilder(metadata).POST(HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        HttpResponse<String> root = anonymous.send(HttpRequest.newBuilder(URI.create(origin(http.endpoint())
                + "/.well-known/oauth-protected-resource")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(root.statusCode()).as("only the endpoint's own metadata URL").isEqualTo(404);
    }

    @Test
    void aConfiguredResourceIsPublishedCheckedAndPointedTo() {
        URI resource = URI.create("https://mcp.example.com/team/mcp");
        StreamableHttpServer http = start(OAuthResourceServer.of(authenticator(), AS).withResource(resource));
        HttpProbe alice = new HttpProbe(http.endpoint(), "alice-token", null);
        assertThat(alice.post(HttpProbe.INITIALIZE).statusCode()).isEqualTo(200);
        assertThat(resourcesAsked).containsOnly(resource);

        HttpResponse<String> none = new HttpProbe(http.endpoint()).post(HttpProbe.INITIALIZE);
        assertThat(none.headers().allValues("WWW-Authenticate")).containsExactly(
                "Bearer resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource/team/mcp\"");
        // Served under the resource's path (a proxy forwarding it unchanged) and under the local path.
        for (String path : List.of("/.well-known/oauth-protected-resource/team/mcp", "/.well-known/oauth-protected-resource/mcp")) {
            HttpResponse<String> prm = alice.send(HttpRequest.newBuilder(URI.create(origin(http.endpoint()) + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(prm.statusCode()).as(path).isEqualTo(200);
            assertThat(json(prm.body()).path("resource").asString()).isEqualTo(resource.toString());
        }
    }

    @Test
    void refusalsCarryTheChallengesOfTheSpec() {
        StreamableHttpServer http = start();
        String metadata = "resource_metadata=\"" + origin(http.endpoint()) + "/.well-known/oauth-protected-resource/mcp\"";
        HttpProbe anonymous = new HttpProbe(http.endpoint());
        HttpResponse<String> none = anonymous.post(HttpProbe.INITIALIZE);
        HttpResponse<InputStream> noneGet = anonymous.get(null);
        for (HttpResponse<?> r : List.of(none, noneGet)) {
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.headers().allValues("WWW-Authenticate")).containsExactly("Bearer " + metadata + ", scope=\"mcp\"");
        }

        HttpResponse<String> forged = new HttpProbe(http.endpoint(), "forged", null).post(HttpProbe.INITIALIZE);
        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(forged.headers().allValues("WWW-Authenticate")).containsExactly("Bearer error=\"invalid_token\", "
                + "error_description=\"forged ?token??really\", " + metadata);
        assertThat(json(forged.body()).path("error").asString()).isEqualTo("invalid_token");

        HttpResponse<String> thrown = new HttpProbe(http.endpoint(), "boom", null).post(HttpProbe.INITIALIZE);
        assertThat(thrown.statusCode()).isEqualTo(401);
        assertThat(thrown.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"")
                .doesNotContain("key server");

        HttpResponse<String> lacking = new HttpProbe(http.endpoint(), "carol-token", null).post(HttpProbe.INITIALIZE);
        assertThat(lacking.statusCode()).isEqualTo(403);
        assertThat(lacking.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer error=\"insufficient_scope\", scope=\"mcp\", " + metadata);
        assertThat(json(lacking.body()).path("error").asString()).isEqualTo("insufficient_scope");
        assertThat(http.initializeCount()).isZero();
    }

    @Test
    void aSessionBelongsToItsPrincipalAndStaticTokensWorkBeside() {
        StreamableHttpServer http = start();
        HttpProbe alice = new HttpProbe(http.endpoint(), "alice-token", null);
        alice.initialize();
        HttpProbe bob = new HttpProbe(http.endpoint(), "bob-token", null);
        bob.useSession(alice.sessionId());
        assertThat(bob.post(TOOLS_LIST).statusCode()).isEqualTo(404);
        assertThat(alice.post(TOOLS_LIST).statusCode()).isEqualTo(200);

        HttpProbe ops = new HttpProbe(http.endpoint(), "static-token.0123456789", null);
        ops.initialize();
        assertThat(ops.post(TOOLS_LIST).statusCode()).isEqualTo(200);
        ops.useSession(alice.sessionId());
        assertThat(ops.post(TOOLS_LIST).statusCode()).isEqualTo(404);
    }
}
