package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link Transport} that hands everything to another one: a test overrides only what it changes
 * (what is sent, what is delivered, how it closes) and keeps every other behaviour of the real
 * transport, including the ones with defaults (headers, session id, re-opening). Inbound messages
 * pass {@link #deliver} and outbound ones {@link #send(JsonRpcMessage, Map)}, which a subclass may
 * override to hold, drop, refuse or record them. Thread-safe as
 * far as the delegate is.
 */
public abstract class ForwardingTransport implements Transport {
    private final Transport delegate;

    protected ForwardingTransport(Transport delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The transport this one forwards to. */
    protected final Transport delegate() {
        return delegate;
    }

    /** One inbound message on its way to the client; by default passed on as it is. */
    protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
        inbound.onMessage(message);
    }

    @Override
    public void start(InboundHandler inbound) {
        Objects.requireNonNull(inbound, "inbound");
        delegate.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                deliver(message, inbound);
            }

            @Override
            public void onRequestFailed(RequestId id, McpTransportException cause) {
                inbound.onRequestFailed(id, cause);
            }

            @Override
            public void onClosed(McpTransportException cause) {
                inbound.onClosed(cause);
            }
        });
    }

    /** Sends with no headers, through {@link #send(JsonRpcMessage, Map)}. */
    @Override
    public final void send(JsonRpcMessage message) {
        send(message, Map.of());
    }

    /** Every outbound message passes here, with or without headers: the one method to override for them. */
    @Override
    public void send(JsonRpcMessage message, Map<String, String> headers) {
        delegate.send(message, headers);
    }

    @Override
    public boolean mirrorsHeaders() {
        return delegate.mirrorsHeaders();
    }

    @Override
    public void close(Duration budget) {
        delegate.close(budget);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public void handshakeCompleted(ProtocolVersion version) {
        delegate.handshakeCompleted(version);
    }

    @Override
    public boolean reopenable() {
        return delegate.reopenable();
    }

    @Override
    public Optional<String> sessionId() {
        return delegate.sessionId();
    }
}
