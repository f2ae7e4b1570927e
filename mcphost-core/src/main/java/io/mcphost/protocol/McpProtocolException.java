package io.mcphost.protocol;

/**
 * The peer broke the protocol: an unsupported protocol version, a malformed or contradictory
 * answer, structured content that does not match the tool's output schema.
 */
public final class McpProtocolException extends McpException {
    public McpProtocolException(String server, String message) {
        super(server, message, null);
    }

    public McpProtocolException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
