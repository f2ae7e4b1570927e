package io.mcphost.client.internal;

import io.mcphost.protocol.JsonRpcError;

/**
 * A server-to-client request the client answers with a JSON-RPC error of its choosing: malformed
 * params ({@code -32602}), or a handler answer that may not be sent ({@code -32603}). Never leaves
 * the client layer; {@link ServerRequests} turns it into the error response.
 */
final class RefusedServerRequest extends RuntimeException {
    private final transient JsonRpcError error;

    RefusedServerRequest(int code, String message) {
        super(message, null, false, false);
        this.error = JsonRpcError.of(code, message);
    }

    JsonRpcError error() {
        return error;
    }
}
