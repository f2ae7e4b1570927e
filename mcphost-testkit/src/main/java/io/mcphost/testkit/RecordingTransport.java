package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Wraps a real transport and records every message that crosses it, both ways, so a test can check
 * what was said on the wire without mocking anything. Wrap the client's end to see what a client
 * sends, or the server's end to see what reaches a server.
 *
 * <p>Every {@link Transport} method and every {@linkplain Transport#capability capability} is forwarded
 * to the wrapped transport unchanged ({@link ForwardingTransport}), headers and session id included, so
 * the wrapper never changes how a client or server behaves; a message sent with headers is recorded
 * too. A message is recorded before it is forwarded: a message that fails to send is still in
 * {@link #sent()}. Thread-safe: messages may be sent and received on any threads while a
 * test reads the records; each read returns a snapshot.
 */
public final class RecordingTransport extends ForwardingTransport {
    private final List<JsonRpcMessage> sent = new CopyOnWriteArrayList<>();
    private final List<JsonRpcMessage> received = new CopyOnWriteArrayList<>();

    /** Wraps {@code delegate}; it is started, used and closed through this wrapper. */
    public RecordingTransport(Transport delegate) {
        super(delegate);
    }

    /** The messages sent through this transport so far, oldest first; a snapshot. */
    public List<JsonRpcMessage> sent() {
        return List.copyOf(sent);
    }

    /** The messages delivered to this transport's inbound handler so far, oldest first; a snapshot. */
    public List<JsonRpcMessage> received() {
        return List.copyOf(received);
    }

    /** The methods of the requests and notifications in {@link #sent()}, in order. */
    public List<String> sentMethods() {
        return methods(sent);
    }

    /** The methods of the requests and notifications in {@link #received()}, in order. */
    public List<String> receivedMethods() {
        return methods(received);
    }

    private static List<String> methods(List<JsonRpcMessage> messages) {
        return messages.stream().map(m -> switch (m) {
            case JsonRpcRequest r -> r.method();
            case JsonRpcNotification n -> n.method();
            case JsonRpcResponse r -> null;
            case JsonRpcErrorResponse e -> null;
        }).filter(Objects::nonNull).toList();
    }

    @Override
    protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
        received.add(message);
        inbound.onMessage(message);
    }

    @Override
    protected void send(JsonRpcMessage message, Map<String, String> headers) {
        sent.add(message);
        super.send(message, headers);
    }
}
