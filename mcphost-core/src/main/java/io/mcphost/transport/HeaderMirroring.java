package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import java.util.Map;

/**
 * A transport capability: sending a message with the transport headers that mirror its body
 * (revision 2026-07-28 over HTTP: {@code MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name},
 * {@code Mcp-Param-*}). A client computes those headers only for a transport that offers it.
 *
 * <p>Offered by {@link io.mcphost.transport.http.HttpTransport}; passed on by
 * {@link ForwardingTransport} through the wrapper's own outbound path. Thread-safe and blocking
 * exactly as {@link Transport#send}.
 */
public interface HeaderMirroring {

    /**
     * Sends one message with {@code headers}, as {@link Transport#send} does otherwise (same blocking,
     * same exceptions, same background failures). A request carrying {@code MCP-Protocol-Version} is
     * a modern one: no session, and its error answers are delivered as JSON-RPC errors whatever the
     * HTTP status. Empty {@code headers}: the plain send.
     */
    void send(JsonRpcMessage message, Map<String, String> headers);

    /**
     * Sends {@code message} through {@code transport} with {@code headers} when it mirrors headers and
     * there are any, else plainly: the one call a sender needs whatever the transport.
     */
    static void send(Transport transport, JsonRpcMessage message, Map<String, String> headers) {
        if (headers.isEmpty()) {
            transport.send(message);
            return;
        }
        transport.capability(HeaderMirroring.class).ifPresentOrElse(mirroring -> mirroring.send(message, headers),
                () -> transport.send(message));
    }
}
