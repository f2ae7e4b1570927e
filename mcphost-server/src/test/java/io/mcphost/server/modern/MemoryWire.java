package io.mcphost.server.modern;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.server.McpServer;
import io.mcphost.server.ServerSession;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Raw JSON-RPC to a server over the in-memory pair, which is how stdio connections are served. */
final class MemoryWire implements AutoCloseable {
    private final Transport client;
    private final ServerSession session;
    private final Map<RequestId, CompletableFuture<JsonRpcMessage>> answers = new ConcurrentHashMap<>();
    final List<JsonRpcNotification> notifications = new CopyOnWriteArrayList<>();
    final List<JsonRpcRequest> serverRequests = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();

    MemoryWire(McpServer server) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        session = server.serve(pair.server());
        client = pair.client();
        client.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                switch (message) {
                    case JsonRpcResponse r -> answers.computeIfAbsent(r.id(), k -> new CompletableFuture<>()).complete(r);
                    case JsonRpcErrorResponse e -> answers.computeIfAbsent(e.id().orElseThrow(), k -> new CompletableFuture<>())
                            .complete(e);
                    case JsonRpcNotification n -> notifications.add(n);
                    case JsonRpcRequest r -> serverRequests.add(r);
                }
            }

            @Override
            public void onClosed(McpTransportException cause) {
            }
        });
    }

    CompletableFuture<JsonRpcMessage> sendAsync(long id, String method, String params) {
        CompletableFuture<JsonRpcMessage> answer = answers.computeIfAbsent(RequestId.of(id), k -> new CompletableFuture<>());
        client.send(JsonRpcRequest.of(RequestId.of(id), method, params == null ? null : Json.parse(params)));
        return answer;
    }

    JsonRpcMessage send(String method, String params) {
        try {
            return sendAsync(ids.incrementAndGet() + 1000, method, params).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(method + " got no answer: " + e, e);
        }
    }

    void notify(String method, String params) {
        client.send(JsonRpcNotification.of(method, Json.parse(params)));
    }

    @Override
    public void close() {
        client.close(Duration.ofSeconds(1));
        session.close(Duration.ofSeconds(1));
    }
}
