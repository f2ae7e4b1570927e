package io.mcphost.auth.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.protocol.Json;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The OAuth documents a server sends, read in memory through {@link OAuthHttp.Sender}: discovery and token responses. */
class OAuthDocumentsTest {
    private static final URI ENDPOINT = URI.create("https://mcp.example.com/mcp");

    /** Answers each GET with the document for its URL, 404 otherwise; records what was asked. */
    private static OAuthHttp http(Map<String, String> documents, List<String> asked) {
        return new OAuthHttp("s", Duration.ofSeconds(1), request -> {
            asked.add(request.uri().toString());
            String body = documents.get(request.uri().toString());
            return new OAuthHttp.Raw(body == null ? 404 : 200, (body == null ? "" : body).getBytes(StandardCharsets.UTF_8), null);
        });
    }

    @Test
    void protectedResourceMetadataThenAuthorizationServerMetadata() {
        List<String> asked = new ArrayList<>();
        Discovery discovery = new Discovery("s", ENDPOINT, http(Map.of(
                "https://mcp.example.com/.well-known/oauth-protected-resource",
                "{\"resource\":\"https://mcp.example.com/mcp\",\"authorization_servers\":[\"https://auth.example.com\"],"
                        + "\"scopes_supported\":[\"files:read\"]}",
                "https://auth.example.com/.well-known/oauth-authorization-server",
                "{\"issuer\":\"https://auth.example.com\",\"authorization_endpoint\":\"https://auth.example.com/authorize\","
                        + "\"token_endpoint\":\"https://auth.example.com/token\",\"code_challenge_methods_supported\":[\"S256\"]}"),
                asked), false);

        Discovery.Found found = discovery.discover(Optional.empty(), true);

        assertThat(found.issuer()).isEqualTo("https://auth.example.com");
        assertThat(found.tokenEndpoint()).hasToString("https://auth.example.com/token");
        assertThat(found.scopesSupported()).containsExactly("files:read");
        assertThat(asked).containsExactly("https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
                "https://auth.example.com/.well-known/oauth-authorization-server");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aResourceOfOneMebibyteOfSlashesIsJudgedInOnePass() {
        // Was replaceAll("/+$", ""): every slash of a run not at the end retried, quadratic (minutes for 1 MiB).
        Discovery discovery = new Discovery("s", ENDPOINT, http(Map.of(), new ArrayList<>()), false);
        String slashes = "/".repeat(1024 * 1024);
        assertThat(discovery.matches("https://mcp.example.com" + slashes + "x")).isFalse();
        assertThat(discovery.matches("https://mcp.example.com/mcp" + slashes)).isTrue();
        assertThat(Discovery.withoutTrailingSlashes("/a//b" + slashes)).isEqualTo("/a//b");
        assertThat(Discovery.withoutTrailingSlashes(slashes)).isEmpty();
        assertThat(Discovery.withoutTrailingSlashes(null)).isEmpty();
    }

    @Test
    void anExpiresInNoInstantCanHoldIsTenYearsAndANegativeOneHasEnded() {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        assertThat(OAuthFlow.expiresAt(now, new BigDecimal("3600"))).isEqualTo(now.plusSeconds(3600));
        assertThat(OAuthFlow.expiresAt(now, new BigDecimal("1e300"))).isEqualTo(now.plusSeconds(OAuthFlow.MAX_LIFETIME_SECONDS));
        assertThat(OAuthFlow.expiresAt(now, new BigDecimal(Long.MAX_VALUE))).isEqualTo(now.plusSeconds(OAuthFlow.MAX_LIFETIME_SECONDS));
        assertThat(OAuthFlow.expiresAt(now, new BigDecimal("-5"))).isEqualTo(now);
        assertThat(OAuthFlow.expiresAt(now, new BigDecimal("59.9"))).isEqualTo(now.plusSeconds(59));
    }

    @Test
    void aTokenResponseWithAHugeExpiresInIsInstalled() {
        // Was Instant.now().plusSeconds(expires_in): a DateTimeException out of the flow for 1e300.
        OAuthFlow flow = new OAuthFlow("s", ENDPOINT, OAuthSettings.builder().tokenStore(TokenStore.inMemory()).build());
        Discovery.Found found = new Discovery.Found("https://mcp.example.com/mcp", List.of(), "https://auth.example.com",
                Json.newObject(), null, URI.create("https://auth.example.com/token"), null, false);
        String body = "{\"access_token\":\"at\",\"token_type\":\"Bearer\",\"expires_in\":1e300}";

        flow.install(found, OAuthHttp.read(new OAuthHttp.Raw(200, body.getBytes(StandardCharsets.UTF_8), null)), null, null);

        assertThat(flow.tokens()).hasValueSatisfying(t -> assertThat(t.expiresAt()).isAfter(Instant.now().plusSeconds(3600)));
    }

    @Test
    void aBodyThatIsNotAJsonObjectIsAnEmptyAnswer() {
        for (String body : List.of("", "<html>", "[1]", "null", "{\"a\":", "[".repeat(5000))) {
            OAuthHttp.Answer answer = OAuthHttp.read(new OAuthHttp.Raw(400, body.getBytes(StandardCharsets.UTF_8), null));
            assertThat(answer.body().isEmpty()).as(body).isTrue();
            assertThat(answer.error()).isEqualTo("HTTP 400");
        }
    }

    @Test
    void onlyRealIpv4LiteralsAreLiterals() {
        assertThat(Urls.isLoopback("127.0.0.1")).isTrue();
        assertThat(Urls.isPrivate("10.1.2.3")).isTrue();
        assertThat(Urls.isPrivate("999.1.1.1")).isFalse(); // not a literal: never looked up in DNS
        assertThat(Urls.isLoopback("1..2")).isFalse();
    }
}
