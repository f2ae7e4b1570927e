package io.mcphost.protocol;

/**
 * The response stream of a request broke before it carried the answer (revision 2026-07-28 has no
 * stream resumption: the request is lost). The client re-issues such a request once with a new id,
 * so callers only see this when the second attempt broke too.
 */
public final class McpStreamBrokenException extends McpAnswerLostException {
    public McpStreamBrokenException(String server, String message) {
        super(server, message);
    }

    public McpStreamBrokenException(String server, String message, Throwable cause) {
        super(server, message, cause);
    }
}
