package io.mcphost.protocol;

/**
 * The caller's tool arguments cannot be sent: the value given (a map, record or other object) could
 * not be converted to JSON by the library's codec, or converts to something other than a JSON object
 * (a string, a number, an array). Thrown before anything is sent, so the server never sees the call.
 * {@link #server()} names the server when the call had chosen one.
 */
public final class McpInvalidArgumentsException extends McpException {
    public McpInvalidArgumentsException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
