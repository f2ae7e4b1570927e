package io.mcphost.testkit.oauth;

import static io.mcphost.testkit.oauth.OAuthTestServer.error;
import static io.mcphost.testkit.oauth.OAuthTestServer.json;
import static io.mcphost.testkit.oauth.OAuthTestServer.random;
import static io.mcphost.testkit.oauth.OAuthTestServer.scopes;

import com.sun.net.httpserver.HttpExchange;
import io.mcphost.protocol.Json;
import io.mcphost.testkit.oauth.OAuthTestServer.Client;
import io.mcphost.testkit.oauth.OAuthTestServer.Grant;
import io.mcphost.testkit.oauth.OAuthTestServer.Request;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The token endpoint of {@link OAuthTestServer}: client authentication ({@code none},
 * {@code client_secret_basic}, {@code client_secret_post}), the grants (authorization code with its
 * PKCE S256 check, refresh with rotation, client credentials), and the access and refresh tokens
 * issued, opaque or JWTs from the server's {@link JwtSigner}. The authorization endpoint hands it the
 * codes it grants. Thread-safe: the stores are concurrent maps, the settings volatile.
 */
final class TokenEndpoint {
    /** An authorization code's grant, for the token request that redeems it. */
    record Code(String clientId, String challenge, String redirectUri, String resource, Set<String> scopes) {
    }

    private final String issuer;
    private final JwtSigner signer;
    private final Map<String, Client> clients;
    private final BooleanSupplier clientIdDocuments;
    private final List<Request> requests;
    private final Map<String, Grant> tokens = new ConcurrentHashMap<>();
    private final Map<String, Grant> refreshTokens = new ConcurrentHashMap<>();
    private final Map<String, Code> codes = new ConcurrentHashMap<>();
    private volatile Duration tokenLifetime = Duration.ofHours(1);
    private volatile boolean issueRefreshTokens = true;
    private volatile boolean jwt;
    private volatile String subject = "user-1";

    /**
     * @param clients           the server's registered clients, read live
     * @param clientIdDocuments whether an {@code https} client id is accepted as a Client ID Metadata Document
     * @param requests          where each token request is recorded, its secrets redacted
     */
    TokenEndpoint(String issuer, JwtSigner signer, Map<String, Client> clients, BooleanSupplier clientIdDocuments,
                  List<Request> requests) {
        this.issuer = issuer;
        this.signer = signer;
        this.clients = clients;
        this.clientIdDocuments = clientIdDocuments;
        this.requests = requests;
    }

    void tokenLifetime(Duration lifetime) {
        this.tokenLifetime = lifetime;
    }

    void refreshTokens(boolean issue) {
        this.issueRefreshTokens = issue;
    }

    void jwtAccessTokens(boolean enabled) {
        this.jwt = enabled;
    }

    void subject(String subject) {
        this.subject = subject;
    }

    /** Keeps {@code code} for one token request to redeem. */
    void grantCode(String code, Code grant) {
        codes.put(code, grant);
    }

    /** Makes {@code accessToken} known to {@link #validate}, as if this endpoint had issued it. */
    void remember(String accessToken, Grant grant) {
        tokens.put(accessToken, grant);
    }

    /** The grant of a valid (known, unexpired) access token for {@code resource}. */
    Optional<Grant> validate(String accessToken, String resource) {
        Grant grant = accessToken == null ? null : tokens.get(accessToken);
        if (grant == null || Instant.now().isAfter(grant.expiresAt()) || resource != null && !resource.equals(grant.resource())) {
            return Optional.empty();
        }
        return Optional.of(grant);
    }

    void revokeAccessTokens() {
        tokens.clear();
    }

    /** Every access and refresh token issued so far. */
    Set<String> issuedTokens() {
        Set<String> all = new LinkedHashSet<>(tokens.keySet());
        all.addAll(refreshTokens.keySet());
        return all;
    }

    /** The claims of an access token as this endpoint issues it; see {@link OAuthTestServer#claims}. */
    ObjectNode claims(String subject, String clientId, String resource, Set<String> scopes, Duration lifetime) {
        long now = Instant.now().getEpochSecond();
        ObjectNode c = Json.newObject();
        c.put("iss", issuer);
        c.put("sub", subject);
        if (resource != null) {
            c.put("aud", resource);
        }
        c.put("client_id", clientId);
        if (!scopes.isEmpty()) {
            c.put("scope", String.join(" ", scopes));
        }
        c.put("iat", now);
        c.put("exp", now + lifetime.toSeconds());
        c.put("jti", random());
        return c;
    }

    /** Answers one request to the token endpoint. */
    void handle(HttpExchange exchange) throws IOException {
        Map<String, String> f = OAuthTestServer.form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        requests.add(new Request("token", redacted(f), authorization == null ? null : authorization.split(" ")[0]));
        String clientId = authenticate(f, authorization);
        if (clientId == null) {
            json(exchange, 401, error("invalid_client", "client authentication failed"));
            return;
        }
        String grant = f.getOrDefault("grant_type", "");
        switch (grant) {
            case "authorization_code" -> {
                Code code = codes.remove(f.getOrDefault("code", ""));
                if (code == null || !code.clientId().equals(clientId) || !code.redirectUri().equals(f.get("redirect_uri"))
                        || f.get("code_verifier") == null || !code.challenge().equals(s256(f.get("code_verifier")))
                        || code.resource() != null && !code.resource().equals(f.get("resource"))) {
                    json(exchange, 400, error("invalid_grant", "bad code, redirect_uri, verifier or resource"));
                    return;
                }
                issue(exchange, clientId, subject, code.scopes(), code.resource(), true);
            }
            case "refresh_token" -> {
                Grant old = refreshTokens.remove(f.getOrDefault("refresh_token", ""));
                if (old == null || !old.clientId().equals(clientId)) {
                    json(exchange, 400, error("invalid_grant", "unknown refresh token"));
                    return;
                }
                issue(exchange, clientId, old.subject(), old.scopes(), old.resource(), true);
            }
            case "client_credentials" -> issue(exchange, clientId, clientId, scopes(f.get("scope")), f.get("resource"), false);
            default -> json(exchange, 400, error("unsupported_grant_type", grant));
        }
    }

    private void issue(HttpExchange exchange, String clientId, String sub, Set<String> scopes, String resource,
                       boolean refresh) throws IOException {
        String access = jwt ? signer.sign(claims(sub, clientId, resource, scopes, tokenLifetime)) : "at-" + random();
        Grant grant = new Grant(clientId, scopes, resource, Instant.now().plus(tokenLifetime), sub);
        tokens.put(access, grant);
        ObjectNode answer = Json.newObject();
        answer.put("access_token", access);
        answer.put("token_type", "Bearer");
        answer.put("expires_in", tokenLifetime.toSeconds());
        if (!scopes.isEmpty()) {
            answer.put("scope", String.join(" ", scopes));
        }
        if (refresh && issueRefreshTokens) {
            String refreshToken = "rt-" + random();
            refreshTokens.put(refreshToken, grant);
            answer.put("refresh_token", refreshToken);
        }
        json(exchange, 200, answer);
    }

    /** The authenticated client id, or null. */
    private String authenticate(Map<String, String> f, String authorization) {
        if (authorization != null && authorization.startsWith("Basic ")) {
            String pair = new String(Base64.getDecoder().decode(authorization.substring(6)), StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            String id = URLDecoder.decode(pair.substring(0, colon), StandardCharsets.UTF_8);
            String secret = URLDecoder.decode(pair.substring(colon + 1), StandardCharsets.UTF_8);
            Client c = clients.get(id);
            return c != null && secret.equals(c.secret()) ? id : null;
        }
        String id = f.get("client_id");
        if (id == null) {
            return null;
        }
        if (clientIdDocuments.getAsBoolean() && id.startsWith("https://")) {
            return id;
        }
        Client c = clients.get(id);
        if (c == null) {
            return null;
        }
        return c.secret() == null || c.secret().equals(f.get("client_secret")) ? id : null;
    }

    private static Map<String, String> redacted(Map<String, String> form) {
        Map<String, String> copy = new LinkedHashMap<>(form);
        for (String secret : List.of("code", "code_verifier", "refresh_token", "client_secret", "client_assertion")) {
            copy.computeIfPresent(secret, (k, v) -> "<present>");
        }
        return copy;
    }

    private static String s256(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
