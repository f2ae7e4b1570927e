package io.mcphost.server;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.JsonNode;

/**
 * Test driver: speaks raw JSON-RPC to an {@link McpServer} over the in-memory pair, with no client
 * library in between, so the tests see exactly what the server writes. Thread-safe.
 */
final class RawClient implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(10);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Transport transport;
    private final ServerSession session;
    private final Map<RequestId, CompletableFuture<JsonRpcMessage>> answers = new ConcurrentHashMap<>();
    private final List<JsonRpcNotification> notifications = new CopyOnWriteArrayList<>();
    private final List<JsonRpcMessage> unexpected = new CopyOnWriteArrayList<>();
    private final List<JsonRpcRequest> serverRequests = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();

    private RawClient(Transport transport, ServerSession session) {
        this.transport = transport;
        this.session = session;
    }

    /** Connects to {@code server} without initializing. */
    static RawClient connect(McpServer server) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        ServerSession session = server.serve(pair.server());
        RawClient client = new RawClient(pair.client(), session);
        pair.client().start(client.new Inbound());
        return client;
    }

    /** Connects and runs the 2025-11-25 handshake (initialize, then notifications/initialized). */
    static RawClient initialized(McpServer server) {
        return initialized(server, "{}");
    }

    /** Like {@link #initialized(McpServer)}, announcing {@code capabilitiesJson}. */
    static RawClient initialized(McpServer server, String capabilitiesJson) {
        RawClient client = connect(server);
        client.result("initialize", """
                {"protocolVersion":"2025-11-25","capabilities":%s,"clientInfo":{"name":"raw","version":"1"}}"""
                .formatted(capabilitiesJson));
        client.notify("notifications/initialized", null);
        return client;
    }

    ServerSession session() {
        return session;
    }

    /** Sends a request with the next numeric id; the future completes with its response or error response. */
    CompletableFuture<JsonRpcMessage> sendAsync(String method, String paramsJson) {
        return sendAsync(RequestId.of(ids.incrementAndGet()), method, paramsJson);
    }

    CompletableFuture<JsonRpcMessage> sendAsync(RequestId id, String method, String paramsJson) {
        CompletableFuture<JsonRpcMessage> answer = new CompletableFuture<>();
        answers.put(id, answer);
        transport.send(JsonRpcRequest.of(id, method, json(paramsJson)));
        return answer;
    }

    /** Sends a request and waits for its answer, whatever it is. */
    JsonRpcMessage send(String method, String paramsJson) {
        return await(sendAsync(method, paramsJson));
    }

    /** Sends a request that must succeed; returns its result. */
    JsonNode result(String method, String paramsJson) {
        return resultOf(send(method, paramsJson));
    }

    /** Sends a request that must fail; returns the JSON-RPC error. */
    JsonRpcError error(String method, String paramsJson) {
        return errorOf(send(method, paramsJson));
    }

    void notify(String method, String paramsJson) {
        transport.send(JsonRpcNotification.of(method, json(paramsJson)));
    }

    /** The notifications received so far with this method, in arrival order. */
    List<JsonNode> notifications(String method) {
        return notifications.stream().filter(n -> n.method().equals(method))
                .map(n -> n.params().orElse(CODEC.newObject())).toList();
    }

    /** The requests the server sent us, in arrival order. */
    List<JsonRpcRequest> serverRequests() {
        return serverRequests;
    }

    /** Answers a server request with a result. */
    void respond(RequestId id, String resultJson) {
        transport.send(new JsonRpcResponse(id, json(resultJson)));
    }

    /** Answers a server request with an error. */
    void respondError(RequestId id, int code, String message) {
        transport.send(JsonRpcErrorResponse.of(id, JsonRpcError.of(code, message)));
    }

    /** Responses that answered no request of ours; a well-behaved server sends none. */
    List<JsonRpcMessage> unexpected() {
        return unexpected;
    }

    static JsonNode resultOf(JsonRpcMessage answer) {
        if (answer instanceof JsonRpcResponse response) {
            return response.result();
        }
        throw new AssertionError("expected a result, got " + JsonCodec.get().encode(answer));
    }

    static JsonRpcError errorOf(JsonRpcMessage answer) {
        if (answer instanceof JsonRpcErrorResponse error) {
            return error.error();
        }
        throw new AssertionError("expected an error, got " + JsonCodec.get().encode(answer));
    }

    static JsonRpcMessage await(CompletableFuture<JsonRpcMessage> answer) {
        try {
            return answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no answer within " + WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        }
    }

    /** Waits (polling, with a deadline) until {@code condition} holds. */
    static void awaitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + WAIT + " waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    static JsonNode json(String text) {
        return text == null ? null : JsonCodec.get().mapper().readTree(text);
    }

    @Override
    public void close() {
        transport.close(Duration.ofSeconds(2));
        session.close(Duration.ofSeconds(2));
    }

    private final class Inbound implements InboundHandler {
        @Override
        public void onMessage(JsonRpcMessage message) {
            switch (message) {
                case JsonRpcResponse r -> complete(r.id(), r);
                case JsonRpcErrorResponse e -> e.id().ifPresentOrElse(id -> complete(id, e), () -> unexpected.add(e));
                case JsonRpcNotification n -> notifications.add(n);
                case JsonRpcRequest r -> serverRequests.add(r);
            }
        }

        private void complete(RequestId id, JsonRpcMessage message) {
            CompletableFuture<JsonRpcMessage> answer = answers.get(id);
            if (answer == null || !answer.complete(message)) {
                unexpected.add(message);
            }
        }

        @Override
        public void onClosed(McpTransportException cause) {
            answers.values().forEach(a -> a.completeExceptionally(new IllegalStateException("the connection closed")));
        }
    }
}
