package io.mcphost.auth;

import io.mcphost.auth.internal.OAuthFlow;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * The OAuth 2.1 client of one MCP server, as the MCP authorization specification (2025-11-25 and
 * 2026-07-28) describes it. {@link io.mcphost.transport.http.HttpTransport.Builder#oauth} makes
 * one; the transport sends {@link #currentAccessToken()} on every request, and the client's
 * request pipeline calls {@link #authorize} when the server answers 401 (or 403
 * {@code insufficient_scope}), then sends the request once more.
 *
 * <p>Thread-safe: one authorisation runs at a time per server; requests refused meanwhile wait for
 * it and then retry with the new token. {@link #authorize} and {@link #login} block (discovery,
 * the user in the browser, the token request): call them on a virtual thread. Tokens, secrets,
 * authorization codes and PKCE verifiers are never logged and never appear in an exception message.
 */
public final class OAuthClient {

    /** What {@link #authorize} did. */
    public enum Outcome {
        /** The stored refresh token gave a new access token. */
        REFRESHED,
        /** A new authorisation (user or client credentials) gave a new token. */
        AUTHORIZED,
        /** Another request had replaced the token since this one was sent: just retry. */
        ALREADY_REPLACED
    }

    private final OAuthFlow flow;
    private final OAuthSettings settings;

    private OAuthClient(String server, URI endpoint, OAuthSettings settings) {
        this.settings = settings;
        this.flow = new OAuthFlow(server, endpoint, settings);
    }

    /**
     * An OAuth client for the MCP server at {@code endpoint}. Does no I/O.
     *
     * @param server the server's name in messages and logs
     */
    public static OAuthClient create(String server, URI endpoint, OAuthSettings settings) {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(settings, "settings");
        return new OAuthClient(server, endpoint, settings);
    }

    public OAuthSettings settings() {
        return settings;
    }

    /**
     * The access token for the next request, or null when there is none yet. Loads the stored one
     * on first use and refreshes an expired one first (blocking for that one request).
     */
    public String currentAccessToken() {
        return flow.accessToken();
    }

    /**
     * The {@code Authorization} header value for the next request — {@code Bearer <token>}, or
     * {@code DPoP <token>} for a DPoP-bound token (RFC 9449) — or null when there is no token yet.
     * For the transport; may block for one refresh.
     */
    public String authorizationHeader() {
        return flow.authorizationHeader();
    }

    /**
     * The {@code DPoP} proof header for a request with {@code method} to {@code uri} carrying
     * {@code authorization}, or null when the token is not DPoP-bound. A fresh proof per request.
     */
    public String proof(String method, URI uri, String authorization) {
        return flow.proof(method, uri, authorization);
    }

    /**
     * The server answered with a new {@code DPoP-Nonce} (RFC 9449 section 9): later proofs carry it.
     *
     * @return whether it is new (the refused request is then worth sending once more)
     */
    public boolean resourceNonce(String nonce) {
        return flow.resourceNonce(nonce);
    }

    /** Changes whenever the token does: pass the value read before a request to {@link #authorize}. */
    public long generation() {
        return flow.generation();
    }

    /**
     * Whether a token is being obtained at this moment (a user signing in, a refresh, a client-credentials
     * grant): a request waiting for its answer should not count this time against its own deadline. A snapshot;
     * never blocks. An authorisation ends within {@link OAuthSettings#authorizationTimeout()}.
     */
    public boolean isAuthorizing() {
        return flow.isAuthorizing();
    }

    /**
     * Obtains a new token after the server refused a request sent under {@code generation}.
     *
     * @param resourceMetadata the challenge's {@code resource_metadata}, if any
     * @param scope            the challenge's {@code scope}, or null
     * @param stepUp           true for 403 {@code insufficient_scope} (needs a new authorisation, not a refresh)
     * @param allowRefresh     whether a stored refresh token may be tried first
     * @param challenged       whether the refusal carried a {@code WWW-Authenticate: Bearer} (or DPoP) challenge
     * @throws McpAuthorizationException when no token could be obtained
     */
    public Outcome authorize(Optional<String> resourceMetadata, String scope, boolean stepUp, long generation,
                             boolean allowRefresh, boolean challenged) {
        return switch (flow.authorize(resourceMetadata, scope, stepUp, generation, allowRefresh, challenged)) {
            case REFRESHED -> Outcome.REFRESHED;
            case AUTHORIZED -> Outcome.AUTHORIZED;
            case ALREADY_REPLACED -> Outcome.ALREADY_REPLACED;
        };
    }

    /**
     * Authorises now, without waiting for a refusal: discovery by the well-known URLs (the server's
     * challenge is not known), then the grant. For {@code mcphost login}.
     */
    public void login() {
        flow.authorize(Optional.empty(), null, true, flow.generation(), false, true);
    }

    /** Forgets this server's stored tokens. The next request goes without a token. */
    public void logout() {
        flow.logout();
    }

    /** The tokens in use (or stored) for this server, if any. */
    public Optional<StoredTokens> tokens() {
        return flow.tokens();
    }
}
