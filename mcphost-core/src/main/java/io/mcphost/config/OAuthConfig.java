package io.mcphost.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The OAuth client settings of an HTTP server entry, as the configuration formats people use
 * write them: Claude Code's {@code "oauth": {"clientId", "clientSecret", "callbackPort", "scopes"}}
 * and Cursor's {@code "auth": {"CLIENT_ID", "CLIENT_SECRET", "scopes"}} (variables already
 * substituted, so a secret can come from {@code ${env:…}}). Immutable; {@link #toString()} never
 * shows the secret.
 *
 * @param clientId     a pre-registered client id
 * @param clientSecret its secret
 * @param scopes       scopes to request instead of the server's
 * @param callbackPort a fixed loopback redirect port
 */
public record OAuthConfig(Optional<String> clientId, Optional<String> clientSecret, List<String> scopes,
                          Optional<Integer> callbackPort) {
    public OAuthConfig {
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
        scopes = List.copyOf(scopes);
        Objects.requireNonNull(callbackPort, "callbackPort");
    }

    @Override
    public String toString() {
        return "OAuthConfig[clientId=" + clientId.orElse("-") + ", secret=" + clientSecret.isPresent() + ", scopes=" + scopes
                + ", callbackPort=" + callbackPort.map(String::valueOf).orElse("-") + "]";
    }
}
