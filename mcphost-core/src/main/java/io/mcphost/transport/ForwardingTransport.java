package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link Transport} that hands everything to another one, so that a wrapper overrides only what it
 * adds (timing, recording, holding back or refusing a message) and keeps every other behaviour and
 * every capability of the real transport.
 *
 * <p>Guarantees, for a subclass that does not override them:
 * <ul>
 *   <li>Outbound, one path: every message sent through this wrapper, plainly ({@link #send(JsonRpcMessage)},
 *       final) or with headers (through its {@link HeaderMirroring}), passes {@link #send(JsonRpcMessage, Map)}
 *       once, which forwards it to the delegate unchanged. To see, hold or refuse what is sent, override
 *       that one method.</li>
 *   <li>Inbound: {@link #start} passes the delegate a handler that forwards each message through
 *       {@link #deliver}, and {@link InboundHandler#onRequestFailed onRequestFailed} and
 *       {@link InboundHandler#onClosed onClosed} as they are. A message the delegate reports with its
 *       {@link InboundStream} passes {@link #deliver} too, and reaches the handler with that stream.</li>
 *   <li>Capabilities: {@link #capability} answers with what this wrapper itself implements, else with
 *       the delegate's capability: unchanged, except {@link HeaderMirroring}, which is offered exactly
 *       when the delegate offers it and sends through this wrapper's outbound path. A wrapper never
 *       hides a capability and never invents one.</li>
 *   <li>{@link #close}, {@link #describe}: the delegate's, unchanged.</li>
 * </ul>
 *
 * <p>Thread-safety, blocking and deadlines are the delegate's: this class holds no state of its own
 * besides the delegate, and {@link #deliver} runs on the thread that reads the delegate's input (its
 * reader thread, or a caller's thread {@linkplain CallerLending lent} to it; it must return quickly,
 * as any {@link InboundHandler} callback).
 */
public abstract class ForwardingTransport implements Transport {
    private final Transport delegate;
    /** This wrapper's outbound path as the delegate's capability, made once: sends with headers pass through it. */
    private final HeaderMirroring mirroring = this::send;

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

    /**
     * One outbound message with the headers that mirror it: empty for a plain send. By default sent to
     * the delegate, with the headers through its {@link HeaderMirroring} (non-empty headers arrive only
     * when it offers that), else plainly. Override to record, alter, hold back or refuse outbound
     * messages; call {@code super.send(message, headers)} to send. Called on the sender's thread,
     * blocking and throwing as {@link Transport#send}.
     */
    protected void send(JsonRpcMessage message, Map<String, String> headers) {
        HeaderMirroring.send(delegate, message, headers);
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
            public void onMessage(JsonRpcMessage message, InboundStream stream) {
                // The stream travels on past deliver(), whose overrides see the message as ever.
                deliver(message, new InboundHandler() {
                    @Override
                    public void onMessage(JsonRpcMessage passed) {
                        inbound.onMessage(passed, stream);
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
            public void onRequestFailed(RequestId id, McpTransportException cause) {
                inbound.onRequestFailed(id, cause);
            }

            @Override
            public void onClosed(McpTransportException cause) {
                inbound.onClosed(cause);
            }
        });
    }

    /** Sends through {@link #send(JsonRpcMessage, Map)} with no headers: one outbound path to override. */
    @Override
    public final void send(JsonRpcMessage message) {
        send(message, Map.of());
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
    public <C> Optional<C> capability(Class<C> type) {
        if (type.isInstance(this)) {
            return Optional.of(type.cast(this));
        }
        Optional<C> offered = delegate.capability(type);
        if (type == HeaderMirroring.class && offered.isPresent()) {
            return Optional.of(type.cast(mirroring));
        }
        return offered;
    }
}
