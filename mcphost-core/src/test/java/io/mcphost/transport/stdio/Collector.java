package io.mcphost.transport.stdio;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.transport.InboundHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps what a transport delivers. */
final class Collector implements InboundHandler {
    final List<JsonRpcMessage> messages = new CopyOnWriteArrayList<>();
    final CompletableFuture<McpTransportException> closed = new CompletableFuture<>();

    @Override
    public void onMessage(JsonRpcMessage message) {
        messages.add(message);
    }

    @Override
    public void onClosed(McpTransportException cause) {
        if (!closed.complete(cause)) {
            throw new AssertionError("onClosed called twice");
        }
    }
}
