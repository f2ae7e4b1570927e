package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.InboundHandler;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands what several concurrent HTTP streams read to one {@link InboundHandler}, one message at a
 * time as its contract promises, and reports the end of the transport exactly once.
 */
public final class Delivery {
    private final InboundHandler handler;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicBoolean ended = new AtomicBoolean();

    public Delivery(InboundHandler handler) {
        this.handler = handler;
    }

    public void message(JsonRpcMessage message) {
        if (ended.get()) {
            return;
        }
        lock.lock();
        try {
            handler.onMessage(message);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A message read from the response stream of request {@code awaited} ({@code null}: the standalone
     * GET stream). A request or notification the server sends is reported with its {@link InboundStream},
     * so the client knows which of its requests it belongs to; answers as {@link #message(JsonRpcMessage)}.
     */
    public void message(JsonRpcMessage message, RequestId awaited) {
        if (!(message instanceof io.mcphost.protocol.JsonRpcRequest || message instanceof io.mcphost.protocol.JsonRpcNotification)
                || ended.get()) {
            message(message);
            return;
        }
        lock.lock();
        try {
            handler.onMessage(message, awaited == null ? io.mcphost.transport.InboundStream.STANDALONE
                    : io.mcphost.transport.InboundStream.ofRequest(awaited));
        } finally {
            lock.unlock();
        }
    }

    public void requestFailed(RequestId id, McpTransportException cause) {
        if (ended.get()) {
            return;
        }
        lock.lock();
        try {
            handler.onRequestFailed(id, cause);
        } finally {
            lock.unlock();
        }
    }

    /** Reports the end once; later calls do nothing. */
    public void closed(McpTransportException cause) {
        if (ended.compareAndSet(false, true)) {
            lock.lock();
            try {
                handler.onClosed(cause);
            } finally {
                lock.unlock();
            }
        }
    }
}
