package io.mcphost.protocol;

/**
 * The server found the HTTP headers of a request and its body disagreeing, or a required header
 * missing ({@code -32020}, HeaderMismatchError, revision 2026-07-28). The client refreshes the tool's
 * definition and retries once before this reaches the caller.
 */
public final class McpHeaderMismatchException extends McpError {
    public McpHeaderMismatchException(String server, String method, JsonRpcError error) {
        super(server, method, error);
    }
}
