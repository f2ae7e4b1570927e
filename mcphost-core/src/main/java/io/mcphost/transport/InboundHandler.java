package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;

/**
 * Receives what a {@link Transport} reads. Callbacks arrive one at a time on the thread that reads:
 * the transport's reader thread, or a caller's thread the transport was {@linkplain CallerLending#lend lent}.
 * Implementations must return quickly and never block on I/O or on other calls.
 */
public interface InboundHandler {

    /** One inbound message, in arrival order. */
    void onMessage(JsonRpcMessage message);

    /**
     * One inbound message whose stream the transport can tell (see {@link InboundStream}), in
     * arrival order with every other callback. The Streamable HTTP transport calls this for the
     * requests and notifications the server sends, so that a client can tell which of its requests a
     * question or a log message belongs to; other transports never do. By default the stream is ignored: {@link #onMessage(JsonRpcMessage)}.
     */
    default void onMessage(JsonRpcMessage message, InboundStream stream) {
        onMessage(message);
    }

    /**
     * A request this side sent will get no answer through the transport: the HTTP exchange failed
     * or the server no longer knows the session ({@link io.mcphost.protocol.McpSessionExpiredException}).
     * Only transports that send requests in the background call this; a handler that sends
     * requests must fail the caller waiting for {@code id}. Does nothing by default.
     */
    default void onRequestFailed(RequestId id, McpTransportException cause) {
    }

    /**
     * The transport ended; called exactly once.
     *
     * @param cause why it ended unexpectedly (for a stdio server that died, the message quotes the
     *              tail of its stderr), or {@code null} when it was closed by {@link Transport#close}
     */
    void onClosed(McpTransportException cause);
}
