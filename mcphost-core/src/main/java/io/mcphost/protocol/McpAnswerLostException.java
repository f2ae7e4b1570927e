package io.mcphost.protocol;

/**
 * A request went out (or may have) and its answer was lost on the way: the connection broke before
 * the answer came, the server or a proxy in front of it answered 502, 503 or 504, or the stream that
 * was to carry the answer could not be resumed. The server may or may not have acted on it. The
 * client sends a request that is safe to repeat once more after this (reads, and tools the server
 * annotates {@code readOnlyHint} or {@code idempotentHint}); callers see it only when that failed too,
 * or for a request that is not safe to repeat.
 */
public class McpAnswerLostException extends McpTransportException {
    public McpAnswerLostException(String server, String message) {
        super(server, message);
    }

    public McpAnswerLostException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
