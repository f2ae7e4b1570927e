package io.mcphost.transport;

import io.mcphost.protocol.McpTransportException;
import java.util.Map;
import java.util.Optional;

/**
 * The server refused a request for want of authorisation: HTTP 401, or HTTP 403 with the Bearer
 * error {@code insufficient_scope} (a step-up). Carries the status and the parameters of the
 * {@code WWW-Authenticate: Bearer} challenge — {@code resource_metadata}, {@code scope},
 * {@code error}, … — so the client can run the OAuth flow ({@code io.mcphost.auth}) and send the
 * request again. It never carries a token: the challenge comes from the server, and the request's
 * own {@code Authorization} header is never copied into it. Immutable.
 */
public final class McpAuthorizationRequiredException extends McpTransportException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient Map<String, String> challenge;

    /**
     * @param server    the server's name
     * @param message   what happened (never a header value)
     * @param status    401 or 403
     * @param challenge the Bearer challenge's parameters, names in lower case; empty when the server sent none
     */
    public McpAuthorizationRequiredException(String server, String message, int status, Map<String, String> challenge) {
        super(server, message);
        this.status = status;
        this.challenge = Map.copyOf(challenge);
    }

    /** The same refusal under another server name ({@code cause} is the original). */
    public McpAuthorizationRequiredException(String server, McpAuthorizationRequiredException cause) {
        super(server, cause.detail(), cause);
        this.status = cause.status;
        this.challenge = cause.challenge;
    }

    /** 401 (no or an invalid token) or 403 (the token lacks a scope). */
    public int status() {
        return status;
    }

    /** Whether this is a step-up: 403 with {@code error="insufficient_scope"}. */
    public boolean insufficientScope() {
        return status == 403 && "insufficient_scope".equals(challenge.get("error"));
    }

    /**
     * The parameters of the {@code WWW-Authenticate: Bearer} (or {@code DPoP}) challenge, names in
     * lower case, with {@code scheme} naming the scheme; empty when the server sent no such challenge.
     */
    public Map<String, String> challenge() {
        return challenge == null ? Map.of() : challenge;
    }

    /** The challenge's {@code resource_metadata} URL (RFC 9728 section 5.1), when it names one. */
    public Optional<String> resourceMetadata() {
        return Optional.ofNullable(challenge().get("resource_metadata"));
    }

    /** The scopes the challenge asks for, space-separated, when it names them. */
    public Optional<String> scope() {
        return Optional.ofNullable(challenge().get("scope"));
    }
}
