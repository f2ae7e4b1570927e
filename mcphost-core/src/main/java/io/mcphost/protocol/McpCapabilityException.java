package io.mcphost.protocol;

/**
 * A feature was used that the peer did not announce in its capabilities (for example
 * {@code prompts/list} against a server without {@code prompts}). Raised before anything is sent.
 */
public final class McpCapabilityException extends McpException {
    public McpCapabilityException(String server, String message) {
        super(server, message, null);
    }

    public McpCapabilityException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
