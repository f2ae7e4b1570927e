package io.mcphost.bench.scenario;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A transport that passes everything through and marks, in a {@link StartTimes}, when the process
 * was spawned ({@link #SPAWNED}: {@code start} returned) and when the answer to each request method
 * arrived (the method's name as the label, e.g. {@code server/discover}, {@code initialize},
 * {@code tools/list}). The host scenario wraps each server's transport in one so that a slow start
 * can be split into the server's part (spawn, answers) and the host's (what follows the last answer).
 *
 * <p>Thread-safe as its delegate is: requests are noted before they are sent, since the answer can
 * arrive before {@code send} returns.
 */
final class TimedTransport extends ForwardingTransport {
    static final String SPAWNED = "spawned";

    private final String server;
    private final StartTimes times;
    private final Map<RequestId, String> pending = new ConcurrentHashMap<>();

    TimedTransport(Transport delegate, String server, StartTimes times) {
        super(delegate);
        this.server = server;
        this.times = times;
    }

    @Override
    public void start(InboundHandler inbound) {
        super.start(inbound);
        times.mark(server, SPAWNED);
    }

    @Override
    protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
        RequestId id = switch (message) {
            case JsonRpcResponse r -> r.id();
            case JsonRpcErrorResponse e -> e.id().orElse(null);
            default -> null;
        };
        String method = id == null ? null : pending.remove(id);
        if (method != null) {
            times.mark(server, method);
        }
        inbound.onMessage(message);
    }

    private void note(JsonRpcMessage message) {
        if (message instanceof JsonRpcRequest r) {
            pending.put(r.id(), r.method());
        }
    }

    @Override
    public void send(JsonRpcMessage message, Map<String, String> headers) {
        note(message);
        super.send(message, headers);
    }
}
