package io.mcphost.protocol;

/**
 * The server no longer knows the session a request was sent in (HTTP 404 for a request carrying
 * an {@code Mcp-Session-Id}). The client reacts by running the handshake again and retrying the
 * request, so callers only see this when the retry failed too.
 */
public final class McpSessionExpiredException extends McpTransportException {
    public McpSessionExpiredException(String server, String message) {
        super(server, message);
    }

    /** The same expiry under another server name ({@code cause} is the original). */
    public McpSessionExpiredException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
