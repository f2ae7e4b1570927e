package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.ProtocolVersion;
import java.time.Duration;

/**
 * One HTTP wire protocol (Streamable HTTP or the legacy HTTP+SSE) over an HTTP client owned by
 * {@link io.mcphost.transport.http.HttpTransport}: engines never shut that client down.
 */
public sealed interface HttpEngine permits StreamableHttpEngine, LegacySseEngine {

    /** See {@link io.mcphost.transport.Transport#send}. */
    void send(JsonRpcMessage message);

    /**
     * See {@link io.mcphost.transport.HeaderMirroring#send(JsonRpcMessage, java.util.Map)}. The legacy
     * HTTP+SSE transport has no per-request headers and sends the message alone.
     */
    default void send(JsonRpcMessage message, java.util.Map<String, String> headers) {
        send(message);
    }

    /** See {@link io.mcphost.transport.HttpSessions#handshakeCompleted}. */
    void handshakeCompleted(ProtocolVersion version);

    /** Ends the session politely if there is time, then aborts every exchange; within {@code budget}. */
    void close(Duration budget);
}
