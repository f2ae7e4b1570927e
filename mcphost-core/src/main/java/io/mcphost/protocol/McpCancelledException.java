package io.mcphost.protocol;

/**
 * The call was cancelled by the caller (future cancelled or thread interrupted);
 * {@code notifications/cancelled} was sent to the server.
 */
public final class McpCancelledException extends McpException {
    public McpCancelledException(String server, String message) {
        super(server, message, null);
    }

    public McpCancelledException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
