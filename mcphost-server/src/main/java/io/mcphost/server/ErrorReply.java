package io.mcphost.server;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpException;
import java.util.Objects;

/**
 * Thrown by a handler (tool, prompt, resource reader, completion) to answer its request with this
 * JSON-RPC error, code, message and data as given, instead of the {@code isError} result or -32603
 * that other exceptions become: a server that relays another server's answers (a gateway) passes on
 * an upstream's refusal this way. Immutable.
 */
public final class ErrorReply extends McpException {
    private final transient JsonRpcError error;

    public ErrorReply(JsonRpcError error) {
        super(null, Objects.requireNonNull(error, "error").message(), null);
        this.error = error;
    }

    /** The error the request is answered with. */
    public JsonRpcError error() {
        return error;
    }
}
