package io.mcphost.protocol;

/**
 * A request got no answer within its deadline. The client has sent {@code notifications/cancelled};
 * the server may still have acted on the request.
 */
public final class McpTimeoutException extends McpException {
    public McpTimeoutException(String server, String message) {
        super(server, message, null);
    }

    public McpTimeoutException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
