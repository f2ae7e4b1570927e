package io.mcphost.auth.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.protocol.Json;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the OAuth flow reads from servers, fed in memory (no network: {@link OAuthHttp.Sender}):
 * protected resource metadata (RFC 9728) and authorization server metadata (RFC 8414 / OpenID
 * discovery) through the whole of {@link Discovery}, then a token response ({@link OAuthFlow#install}),
 * a dynamic client registration response ({@link TokenRequests#registered}) and the authorization
 * callback's query ({@link TokenRequests#validate}). Each ends in a value or a McpAuthorizationException;
 * whatever discovery accepts passes the endpoint rules.
 *
 * <p>Input: {@code [flags][segment 0x00 segment 0x00 …]}. The GETs of discovery are answered in order
 * by the segments (an empty one is a 404; when they run out, the network fails); the three segments
 * after those discovery used are the token response, the registration response and the callback's
 * query. Flags: bit 0, the challenge names the first segment as {@code resource_metadata} (that segment
 * then answers nothing); bit 1, the 401 carried a challenge; bit 2, private networks allowed; bits 3-4,
 * the MCP endpoint.
 */
class OAuthMetadataFuzzTest {
    private static final List<URI> ENDPOINTS = List.of(URI.create("https://mcp.example.com/mcp"),
            URI.create("https://mcp.example.com/"), URI.create("http://localhost:3000/mcp"),
            URI.create("https://mcp.example.com/tenants/a/mcp/"));

    @FuzzTest(maxDuration = "10m")
    void documentsParseOrRefuseCleanly(byte[] data) {
        if (data.length < 1) {
            return;
        }
        int flags = data[0] & 0xFF;
        List<byte[]> segments = split(Arrays.copyOfRange(data, 1, data.length));
        URI endpoint = ENDPOINTS.get((flags >> 3) & 3);
        boolean allowPrivate = (flags & 4) != 0;
        Optional<String> resourceMetadata = Optional.empty();
        int next = 0;
        if ((flags & 1) != 0 && !segments.isEmpty()) {
            resourceMetadata = Optional.of(new String(segments.get(next++), StandardCharsets.UTF_8));
        }
        int[] served = {next};
        List<URI> asked = new ArrayList<>();
        OAuthHttp http = new OAuthHttp("fuzz", Duration.ofSeconds(1), request -> {
            asked.add(request.uri());
            if (served[0] >= segments.size()) {
                throw new java.io.IOException("no network in a fuzz target");
            }
            byte[] body = segments.get(served[0]++);
            return new OAuthHttp.Raw(body.length == 0 ? 404 : 200, body, null);
        });
        Discovery discovery = new Discovery("fuzz", endpoint, http, allowPrivate);
        boolean allowLocal = allowPrivate || Urls.isLoopback(endpoint.getHost());
        Discovery.Found found;
        try {
            found = discovery.discover(resourceMetadata, (flags & 2) != 0);
            checkFound(found, allowLocal);
        } catch (McpAuthorizationException e) {
            found = new Discovery.Found("https://mcp.example.com/mcp", List.of(), "https://auth.example.com", Json.newObject(),
                    URI.create("https://auth.example.com/authorize"), URI.create("https://auth.example.com/token"),
                    URI.create("https://auth.example.com/register"), false);
        }
        for (URI uri : asked) {
            String[] why = new String[1];
            if (Urls.endpoint(uri.toString(), true, why) == null) {
                throw new AssertionError("discovery fetched a URL the endpoint rules refuse (" + why[0] + "): " + uri);
            }
        }
        next = served[0];
        byte[] token = next < segments.size() ? segments.get(next++) : new byte[0];
        byte[] registration = next < segments.size() ? segments.get(next++) : new byte[0];
        byte[] callback = next < segments.size() ? segments.get(next) : new byte[0];

        OAuthSettings settings = OAuthSettings.builder().tokenStore(TokenStore.inMemory()).allowPrivateNetwork(allowPrivate).build();
        OAuthFlow flow = new OAuthFlow("fuzz", endpoint, settings);
        try {
            long before = flow.generation();
            flow.install(found, OAuthHttp.read(new OAuthHttp.Raw(200, token, null)), "read write", null);
            // tokens(), not accessToken(): an expired token would be refreshed, over the network.
            if (flow.generation() == before || flow.tokens().map(t -> t.accessToken().isBlank()).orElse(true)) {
                throw new AssertionError("a token installed without an access token");
            }
        } catch (McpAuthorizationException e) {
            // refused: no access_token, or a token type other than Bearer
        }
        try {
            Identity identity = TokenRequests.registered(flow, found, "http://127.0.0.1:8123/callback",
                    OAuthHttp.read(new OAuthHttp.Raw(201, registration, null)));
            if (identity.clientId() == null) {
                throw new AssertionError("a registration without a client id");
            }
        } catch (McpAuthorizationException e) {
            // refused: no client_id
        }
        URI redirect;
        try {
            redirect = URI.create("http://127.0.0.1:8123/callback?" + new String(callback, StandardCharsets.ISO_8859_1));
        } catch (IllegalArgumentException e) {
            return; // the loopback receiver answers 400 to what is not a URL
        }
        try {
            Map<String, String> query = TokenRequests.parseQuery(redirect.getRawQuery());
            String code = TokenRequests.validate("fuzz", found, "the-state", query);
            if (code.isEmpty() || !"the-state".equals(query.get("state"))) {
                throw new AssertionError("a code accepted without the request's state: " + query);
            }
        } catch (McpAuthorizationException e) {
            // refused: wrong state or issuer, an error, no code
        }
    }

    private static void checkFound(Discovery.Found found, boolean allowLocal) {
        for (URI uri : Arrays.asList(found.authorizationEndpoint(), found.tokenEndpoint(), found.registrationEndpoint())) {
            String[] why = new String[1];
            if (uri != null && Urls.endpoint(uri.toString(), allowLocal, why) == null) {
                throw new AssertionError("discovery accepted an endpoint the rules refuse (" + why[0] + "): " + uri);
            }
        }
        if (found.tokenEndpoint() == null || found.issuer() == null || found.resource() == null) {
            throw new AssertionError("discovery found no token endpoint, issuer or resource: " + found);
        }
    }

    private static List<byte[]> split(byte[] bytes) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == 0) {
                if (i > start || i < bytes.length) {
                    out.add(Arrays.copyOfRange(bytes, start, i));
                }
                start = i + 1;
            }
        }
        return out;
    }
}
