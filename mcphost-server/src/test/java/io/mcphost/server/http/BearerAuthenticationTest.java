package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** Bearer authentication on the endpoint: 401s with their challenge, and sessions bound to their principal. */
@Timeout(10)
class BearerAuthenticationTest {
    private static final String ALICE = "alice-token.0123456789abcdef";
    private static final String BOB = "bob-token~fedcba9876543210";
    private static final String TOOLS_LIST = call(2, "tools/list", "{}");

    private final CountDownLatch gate = new CountDownLatch(1);
    private final StreamableHttpServer http = StreamableHttpServer.builder(TestServers.server(gate))
            .bearerTokens(Map.of(ALICE, "alice", BOB, "bob")).start();

    @AfterEach
    void stop() {
        gate.countDown();
        http.close(Duration.ofSeconds(2));
    }

    @Test
    void withoutATokenEveryRequestGets401WithABearerChallenge() {
        HttpProbe anonymous = new HttpProbe(http.endpoint());

        HttpResponse<String> post = anonymous.post(HttpProbe.INITIALIZE);
        HttpResponse<InputStream> get = anonymous.get(null);
        HttpResponse<String> delete = anonymous.delete();
        HttpResponse<String> basic = anonymous.send(anonymous.postRequest(HttpProbe.INITIALIZE)
                .header("Authorization", "Basic YWxpY2U6c2VjcmV0").build(), HttpResponse.BodyHandlers.ofString());

        for (HttpResponse<?> r : new HttpResponse<?>[] {post, get, delete, basic}) {
            assertThat(r.statusCode()).as("%s", r.request().method()).isEqualTo(401);
            assertThat(r.headers().allValues("WWW-Authenticate")).containsExactly("Bearer");
        }
        JsonNode body = json(post.body());
        assertThat(post.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(body.path("error").asString()).isEqualTo("unauthorized");
        assertThat(body.has("jsonrpc")).as("not a JSON-RPC message: %s", post.body()).isFalse();
        assertThat(post.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(http.initializeCount()).isZero();
    }

    @Test
    void aWrongTokenGets401InvalidToken() {
        HttpProbe wrong = new HttpProbe(http.endpoint(), ALICE + "x", null);
        HttpProbe empty = new HttpProbe(http.endpoint());

        HttpResponse<String> response = wrong.post(HttpProbe.INITIALIZE);
        HttpResponse<String> blank = empty.send(empty.postRequest(HttpProbe.INITIALIZE).header("Authorization", "Bearer")
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly("Bearer error=\"invalid_token\"");
        assertThat(json(response.body()).path("error").asString()).isEqualTo("invalid_token");
        assertThat(response.body()).doesNotContain(ALICE);
        assertThat(blank.statusCode()).isEqualTo(401);
        assertThat(blank.headers().firstValue("WWW-Authenticate")).hasValue("Bearer error=\"invalid_token\"");
        assertThat(http.initializeCount()).isZero();
    }

    @Test
    void theRightTokenIsServedInBothEras() {
        HttpProbe alice = new HttpProbe(http.endpoint(), ALICE, null);

        assertThat(alice.initialize().statusCode()).isEqualTo(200);
        HttpResponse<String> echo = alice.post(call(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}"));
        // The scheme name is case-insensitive (RFC 9110, section 11.1).
        HttpResponse<String> lower = alice.send(alice.postRequest(TOOLS_LIST).setHeader("Authorization", "bearer " + ALICE)
                .build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> modern = alice.send(HttpRequest.newBuilder(http.endpoint())
                .header("Authorization", "Bearer " + BOB).header("Content-Type", "application/json")
                .header("Accept", HttpProbe.BOTH).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "server/discover")
                .POST(HttpRequest.BodyPublishers.ofString(call(3, "server/discover", """
                        {"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                         "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
                         "io.modelcontextprotocol/clientCapabilities":{}}}"""))).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(echo.statusCode()).isEqualTo(200);
        assertThat(echo.body()).contains("hi");
        assertThat(lower.statusCode()).isEqualTo(200);
        assertThat(modern.statusCode()).isEqualTo(200);
        assertThat(json(modern.body()).path("result").path("supportedVersions").toString()).contains("2026-07-28");
    }

    @Test
    void anotherPrincipalsSessionIsAsUnknownAsAnEndedOne() {
        HttpProbe alice = new HttpProbe(http.endpoint(), ALICE, null);
        alice.initialize();
        HttpProbe bob = new HttpProbe(http.endpoint(), BOB, null);
        bob.useSession(alice.sessionId());

        HttpResponse<String> post = bob.post(TOOLS_LIST);
        HttpResponse<InputStream> get = bob.get(null);
        HttpResponse<String> delete = bob.delete();

        assertThat(post.statusCode()).isEqualTo(404);
        assertThat(get.statusCode()).isEqualTo(404);
        assertThat(delete.statusCode()).isEqualTo(404);
        assertThat(http.sessionIds()).containsExactly(alice.sessionId()); // bob's DELETE did not end it
        assertThat(alice.post(TOOLS_LIST).statusCode()).isEqualTo(200);
    }

    @Test
    void tokensNeverReachTheLog() {
        // slf4j-simple writes to System.err as it is at each write; the tests log at WARN and above.
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            new HttpProbe(http.endpoint(), ALICE + "x", null).post(HttpProbe.INITIALIZE);
            HttpProbe alice = new HttpProbe(http.endpoint(), ALICE, null);
            alice.initialize();
            alice.post("{not json");
            alice.post(call(3, "tools/call", "{\"name\":\"no-such-tool\",\"arguments\":{}}"));
            http.close(Duration.ofSeconds(2));
        } finally {
            System.setErr(original);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain(ALICE).doesNotContain(BOB);
    }

    @Test
    void badTokenSettingsFailWithoutQuotingTheToken() {
        StreamableHttpServerBuilder builder = StreamableHttpServer.builder(TestServers.server(gate));

        assertThatThrownBy(() -> builder.bearerTokens(Set.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.bearerTokens(Set.of("secret with space")))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("secret");
        assertThatThrownBy(() -> builder.bearerTokens(Set.of("secret\n")))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("secret");
        assertThatThrownBy(() -> builder.bearerTokens(Map.of("secret", " ")))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("secret");
    }

    @Test
    void tokensGivenAsASetAreEachTheirOwnPrincipal() {
        try (StreamableHttpServer set = StreamableHttpServer.builder(TestServers.server(gate))
                .bearerTokens(Set.of(ALICE, BOB)).start()) {
            HttpProbe alice = new HttpProbe(set.endpoint(), ALICE, null);
            alice.initialize();
            HttpProbe bob = new HttpProbe(set.endpoint(), BOB, null);
            bob.useSession(alice.sessionId());

            assertThat(alice.post(TOOLS_LIST).statusCode()).isEqualTo(200);
            assertThat(bob.post(TOOLS_LIST).statusCode()).isEqualTo(404);
            assertThat(new HttpProbe(set.endpoint()).post(TOOLS_LIST).statusCode()).isEqualTo(401);
        }
    }
}
