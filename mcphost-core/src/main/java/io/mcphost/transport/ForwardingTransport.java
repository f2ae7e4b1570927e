package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link Transport} that hands everything to another one, so that a wrapper overrides only what it
 * adds (timing, recording, holding back a message) and keeps every other behaviour of the real
 * transport.
 *
 * <p>Guarantees, for a subclass that does not override them: every {@link Transport} method is
 * forwarded to {@link #delegate()} unchanged and its result returned unchanged, including the methods
 * the interface gives a default ({@link #send(JsonRpcMessage, Map)}, {@link #mirrorsHeaders()},
 * {@link #handshakeCompleted}, {@link #reopenable()}, {@link #sessionId()}, {@link #lend}); a plain
 * {@link #send(JsonRpcMessage)} reaches the delegate's plain {@code send}, a send with headers its
 * send with headers. {@link #start} passes the delegate a handler that forwards each inbound message
 * through {@link #deliver} and {@link InboundHandler#onRequestFailed onRequestFailed} and
 * {@link InboundHandler#onClosed onClosed} as they are. To see outbound messages, override both
 * {@code send} methods.
 *
 * <p>Thread-safety, blocking and deadlines are the delegate's: this class holds no state of its own
 * besides the delegate, and {@link #deliver} runs on the thread that reads the delegate's input (its
 * reader thread, or a caller's thread lent to it; it must return quickly, as any {@link InboundHandler}
 * callback).
 */
public abstract class ForwardingTransport implements Transport {
    private final Transport delegate;

    /** Wraps {@code delegate}; it is started, used and closed through this wrapper. */
    protected ForwardingTransport(Transport delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The transport this one forwards to. */
    protected final Transport delegate() {
        return delegate;
    }

    /**
     * One inbound message on its way to {@code inbound}, the handler given to {@link #start}; by
     * default passed on as it is. Override to record, alter, hold back or drop inbound messages. Called
     * on the thread that reads the delegate's input, one message at a time, in arrival order.
     */
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

    @Override
    public void send(JsonRpcMessage message) {
        delegate.send(message);
    }

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
    public void lend(java.util.concurrent.Future<?> answered, java.util.function.IntSupplier waiting) {
        delegate.lend(answered, waiting);
    }

    @Override
    public Optional<String> sessionId() {
        return delegate.sessionId();
    }
}
