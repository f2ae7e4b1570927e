package io.mcphost.client;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Wraps a real transport and keeps every message the client sends, so tests can check them. */
final class RecordingTransport implements Transport {
    private final Transport delegate;
    private final List<JsonRpcMessage> sent = new CopyOnWriteArrayList<>();

    RecordingTransport(Transport delegate) {
        this.delegate = delegate;
    }

    List<JsonRpcMessage> sent() {
        return List.copyOf(sent);
    }

    @Override
    public void start(InboundHandler inbound) {
        delegate.start(inbound);
    }

    @Override
    public void send(JsonRpcMessage message) {
        sent.add(message);
        delegate.send(message);
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
    public void handshakeCompleted(io.mcphost.protocol.ProtocolVersion version) {
        delegate.handshakeCompleted(version);
    }

    @Override
    public boolean reopenable() {
        return delegate.reopenable();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }
}
