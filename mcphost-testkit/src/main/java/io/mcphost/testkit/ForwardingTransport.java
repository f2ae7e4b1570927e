package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.transport.Transport;
import java.util.Map;

/**
 * Core's {@link io.mcphost.transport.ForwardingTransport} with one thing a test wants: every outbound
 * message passes {@link #send(JsonRpcMessage, Map)}, with or without headers, so a test that records,
 * holds or refuses what is sent overrides that one method. A plain {@link #send(JsonRpcMessage)}
 * reaches the delegate as a send with no headers, which every transport treats as the plain send.
 * Inbound messages pass {@link #deliver}; everything else is forwarded unchanged. Thread-safe as far
 * as the delegate is.
 */
public abstract class ForwardingTransport extends io.mcphost.transport.ForwardingTransport {

    protected ForwardingTransport(Transport delegate) {
        super(delegate);
    }

    /** Sends with no headers, through {@link #send(JsonRpcMessage, Map)}. */
    @Override
    public final void send(JsonRpcMessage message) {
        send(message, Map.of());
    }
}
