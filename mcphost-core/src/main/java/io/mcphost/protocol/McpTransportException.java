package io.mcphost.protocol;

/**
 * The connection to a server failed or ended: the process exited, a stream broke, an HTTP exchange
 * failed. When a stdio server died, the message ends with the tail of what it wrote to stderr.
 */
public sealed class McpTransportException extends McpException permits McpSessionExpiredException {
    public McpTransportException(String server, String message) {
        super(server, message, null);
    }

    public McpTransportException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
