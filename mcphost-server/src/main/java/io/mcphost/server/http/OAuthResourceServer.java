package io.mcphost.server.http;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An endpoint as an OAuth 2.1 resource server, as the MCP authorization spec asks of one
 * (2025-11-25, basic/authorization): how tokens are checked, which authorization servers issue
 * them, what the endpoint's resource identifier is and which scopes every request needs.
 *
 * <p>What a client sees, given to {@link StreamableHttpServerBuilder#oauth}:
 * <ul>
 * <li>the Protected Resource Metadata (RFC 9728: {@code resource}, {@code authorization_servers},
 *     {@code scopes_supported}, {@code bearer_methods_supported}) at the endpoint's path-aware
 *     well-known URL, for example {@code /.well-known/oauth-protected-resource/mcp}, without
 *     authentication;
 * <li>without a bearer token: {@code 401} with {@code WWW-Authenticate: Bearer resource_metadata="…"}
 *     (and {@code scope="…"} naming the required scopes, when there are some);
 * <li>with a token the {@link BearerAuthenticator} refuses: {@code 401} with
 *     {@code Bearer error="invalid_token", error_description="…", resource_metadata="…"};
 * <li>with a valid token lacking a {@linkplain #requiredScopes() required scope}: {@code 403} with
 *     {@code Bearer error="insufficient_scope", scope="…", resource_metadata="…"} (step-up);
 * <li>otherwise the request is served as the token's principal: a session belongs to the principal
 *     that opened it, and another principal naming it gets {@code 404}.
 * </ul>
 * Immutable.
 *
 * @param authenticator        checks each presented token
 * @param authorizationServers the issuers clients may get tokens from (at least one)
 * @param resource             the endpoint's resource identifier (RFC 8707), which tokens must name in
 *                             their audience; empty for the endpoint's own URL ({@link StreamableHttpServer#endpoint()}),
 *                             which is wrong behind a reverse proxy or on a wildcard address: set the
 *                             URL clients use then
 * @param requiredScopes       scopes every request's token must grant (403 without them); may be empty
 * @param scopesSupported      the metadata's {@code scopes_supported}; the required scopes when empty
 */
public record OAuthResourceServer(BearerAuthenticator authenticator, List<URI> authorizationServers,
                                  Optional<URI> resource, Set<String> requiredScopes, List<String> scopesSupported) {
    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException without an authorization server, or with a scope that is not a scope token
     */
    public OAuthResourceServer {
        Objects.requireNonNull(authenticator, "authenticator");
        authorizationServers = List.copyOf(authorizationServers);
        if (authorizationServers.isEmpty()) {
            throw new IllegalArgumentException("an OAuth resource server needs at least one authorization server");
        }
        Objects.requireNonNull(resource, "resource");
        requiredScopes = Set.copyOf(requiredScopes);
        scopesSupported = List.copyOf(scopesSupported);
        for (String scope : requiredScopes) {
            checkScope(scope);
        }
        scopesSupported.forEach(OAuthResourceServer::checkScope);
    }

    /** Tokens from {@code authorizationServer}, checked by {@code authenticator}; no required scope, the endpoint's URL as resource. */
    public static OAuthResourceServer of(BearerAuthenticator authenticator, URI authorizationServer) {
        return new OAuthResourceServer(authenticator, List.of(authorizationServer), Optional.empty(), Set.of(), List.of());
    }

    /** A copy whose resource identifier is {@code resource} (the URL clients use, as they canonicalise it). */
    public OAuthResourceServer withResource(URI resource) {
        return new OAuthResourceServer(authenticator, authorizationServers, Optional.of(resource), requiredScopes, scopesSupported);
    }

    /** A copy requiring {@code scopes} of every request. */
    public OAuthResourceServer withRequiredScopes(Set<String> scopes) {
        return new OAuthResourceServer(authenticator, authorizationServers, resource, scopes, scopesSupported);
    }

    /** A copy advertising {@code scopes} in the metadata's {@code scopes_supported}. */
    public OAuthResourceServer withScopesSupported(List<String> scopes) {
        return new OAuthResourceServer(authenticator, authorizationServers, resource, requiredScopes, scopes);
    }

    /** RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ). */
    private static void checkScope(String scope) {
        if (scope == null || scope.isEmpty() || !scope.chars().allMatch(c -> c == 0x21 || c >= 0x23 && c <= 0x5B
                || c >= 0x5D && c <= 0x7E)) {
            throw new IllegalArgumentException("not an OAuth scope token: '" + scope + "'");
        }
    }
}
