package io.mcphost.auth;

import io.mcphost.protocol.McpException;

/**
 * The OAuth flow for a server failed or was refused: discovery found no usable authorization
 * server, a metadata document failed validation (wrong resource, wrong issuer, no PKCE S256, an
 * unsafe endpoint), the authorization response did not validate ({@code state}, RFC 9207
 * {@code iss}), the user did not finish in time, or a token request was rejected. The message says
 * which and what to do; it never contains a token, a client secret, an authorization code or a
 * PKCE verifier. Immutable.
 */
public final class McpAuthorizationException extends McpException {
    private static final long serialVersionUID = 1L;

    public McpAuthorizationException(String server, String message) {
        super(server, message, null);
    }

    public McpAuthorizationException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
