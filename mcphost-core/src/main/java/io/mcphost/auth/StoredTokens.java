package io.mcphost.auth;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The tokens one authorization server issued for one MCP server (resource). {@link #toString()}
 * never shows a token.
 *
 * @param issuer        the authorization server's issuer identifier
 * @param resource      the MCP server's resource identifier (RFC 8707 / RFC 9728)
 * @param accessToken   the access token
 * @param refreshToken  the refresh token, or null
 * @param expiresAt     when the access token expires, or null when the server did not say
 * @param scope         the scopes requested (space-separated), or null when none were
 * @param tokenEndpoint where a refresh goes (the issuer's token endpoint)
 */
public record StoredTokens(String issuer, String resource, String accessToken, String refreshToken, Instant expiresAt,
                           String scope, String tokenEndpoint) {
    public StoredTokens {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(accessToken, "accessToken");
    }

    /** Whether the access token has expired, or will within {@code skewSeconds}. */
    public boolean expired(long skewSeconds) {
        return expiresAt != null && Instant.now().plusSeconds(skewSeconds).isAfter(expiresAt);
    }

    public Optional<String> refresh() {
        return Optional.ofNullable(refreshToken);
    }

    @Override
    public String toString() {
        return "StoredTokens[issuer=" + issuer + ", resource=" + resource + ", expiresAt=" + expiresAt
                + ", scope=" + scope + ", refresh=" + (refreshToken != null) + "]";
    }
}
