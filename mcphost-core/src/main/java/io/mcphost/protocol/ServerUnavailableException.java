package io.mcphost.protocol;

/**
 * The server is not available right now: it is starting, reconnecting, failed or was removed.
 */
public final class ServerUnavailableException extends McpException {
    public ServerUnavailableException(String server, String message) {
        super(server, message, null);
    }

    public ServerUnavailableException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
