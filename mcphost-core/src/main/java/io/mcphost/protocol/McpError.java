package io.mcphost.protocol;

import java.util.Objects;

/**
 * The server answered a request with a JSON-RPC error. Carries the error object as received, so
 * callers can branch on {@link JsonRpcError#code()}. The errors revision 2026-07-28 defines have
 * their own subclasses.
 */
public sealed class McpError extends McpException
        permits McpHeaderMismatchException, McpMissingClientCapabilityException, McpUnsupportedVersionException {
    private final JsonRpcError error;

    public McpError(String server, String method, JsonRpcError error) {
        super(server, method + " failed: " + error.message() + " (code " + error.code() + ")", null);
        this.error = Objects.requireNonNull(error, "error");
    }

    /** The error exactly as the server sent it. */
    public JsonRpcError error() {
        return error;
    }

    /** Shortcut for {@code error().code()}. */
    public int code() {
        return error.code();
    }
}
