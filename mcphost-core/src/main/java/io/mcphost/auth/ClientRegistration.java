package io.mcphost.auth;

import java.util.Objects;

/**
 * A client identity at one authorization server, obtained by Dynamic Client Registration
 * (RFC 7591). Bound to the issuer that registered it: never used with another authorization
 * server. {@link #toString()} never shows the secret.
 *
 * @param issuer       the authorization server's issuer identifier
 * @param clientId     the client id it issued
 * @param clientSecret the client secret, or null for a public client
 * @param authMethod   the token endpoint auth method it confirmed ({@code none}, {@code client_secret_basic}, …)
 * @param redirectUri  the redirect URI registered
 */
public record ClientRegistration(String issuer, String clientId, String clientSecret, String authMethod, String redirectUri) {
    public ClientRegistration {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(authMethod, "authMethod");
    }

    @Override
    public String toString() {
        return "ClientRegistration[issuer=" + issuer + ", clientId=" + clientId + ", authMethod=" + authMethod
                + ", secret=" + (clientSecret != null) + ", redirectUri=" + redirectUri + "]";
    }
}
