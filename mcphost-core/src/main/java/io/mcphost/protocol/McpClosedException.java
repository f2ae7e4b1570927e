package io.mcphost.protocol;

/**
 * The client or transport was closed: raised for calls pending at close and for calls made after.
 */
public final class McpClosedException extends McpException {
    public McpClosedException(String server, String message) {
        super(server, message, null);
    }

    public McpClosedException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
