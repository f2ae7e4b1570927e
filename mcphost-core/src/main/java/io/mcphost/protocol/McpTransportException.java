package io.mcphost.protocol;

import java.util.Optional;

/**
 * The connection to a server failed or ended: the process exited, a stream broke, an HTTP exchange
 * failed. When a stdio server died, the message ends with the tail of what it wrote to stderr, which
 * {@link #stderrTail()} returns on its own.
 */
public sealed class McpTransportException extends McpException permits McpSessionExpiredException {
    /** How the stdio transport's exit report introduces the server's last stderr lines. */
    private static final String STDERR_MARKER = "its stderr ended with:\n";

    public McpTransportException(String server, String message) {
        super(server, message, null);
    }

    public McpTransportException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }

    /**
     * The end of a local server's stderr when this reports that the server died (as quoted at the end
     * of the message), so a host can show it apart from the error; empty for other failures.
     */
    public Optional<String> stderrTail() {
        String detail = detail();
        int at = detail == null ? -1 : detail.lastIndexOf(STDERR_MARKER);
        if (at < 0) {
            return Optional.empty();
        }
        String tail = detail.substring(at + STDERR_MARKER.length());
        return tail.isBlank() ? Optional.empty() : Optional.of(tail);
    }
}
