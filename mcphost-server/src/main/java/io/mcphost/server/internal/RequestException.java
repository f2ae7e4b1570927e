package io.mcphost.server.internal;

/** A request the server refuses, answered with this JSON-RPC error code and message. */
final class RequestException extends RuntimeException {
    private final int code;

    RequestException(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    int code() {
        return code;
    }
}
