package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcError;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Speaks raw JSON-RPC to an {@link McpServer} built with the McpHost server toolkit, over the
 * in-memory transport pair, with no client library in between: a test sees exactly what the server
 * writes, and can send what no well-behaved client would (requests before {@code initialize}, unknown
 * methods, duplicate ids, answers to requests never made).
 *
 * <p>Thread-safe: requests may be sent from many threads; answers are matched by id. Every blocking
 * method waits at most {@link #WAIT} and then fails with an {@link AssertionError}. Close it to end
 * both the client end and the server session, each within two seconds.
 */
public final class RawClient implements AutoCloseable {
    /** How long every blocking method of this class waits for an answer at most. */
    public static final Duration WAIT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = JsonMapper.builder().build();

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

    /** Serves {@code server} on a new in-memory pair and connects to it, without initializing. */
    public static RawClient connect(McpServer server) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        ServerSession session = server.serve(pair.server());
        RawClient client = new RawClient(pair.client(), session);
        pair.client().start(client.new Inbound());
        return client;
    }

    /** Connects and runs the 2025-11-25 handshake (initialize, then notifications/initialized). */
    public static RawClient initialized(McpServer server) {
        return initialized(server, "{}");
    }

    /** Like {@link #initialized(McpServer)}, announcing {@code capabilitiesJson}. */
    public static RawClient initialized(McpServer server, String capabilitiesJson) {
        RawClient client = connect(server);
        client.result("initialize", """
                {"protocolVersion":"2025-11-25","capabilities":%s,"clientInfo":{"name":"raw","version":"1"}}"""
                .formatted(capabilitiesJson));
        client.notify("notifications/initialized", null);
        return client;
    }

    /** The server's session for this connection. */
    public ServerSession session() {
        return session;
    }

    /** Sends a request with the next numeric id; the future completes with its response or error response. */
    public CompletableFuture<JsonRpcMessage> sendAsync(String method, String paramsJson) {
        return sendAsync(RequestId.of(ids.incrementAndGet()), method, paramsJson);
    }

    /** Like {@link #sendAsync(String, String)} with the given id, which may repeat one already used. */
    public CompletableFuture<JsonRpcMessage> sendAsync(RequestId id, String method, String paramsJson) {
        CompletableFuture<JsonRpcMessage> answer = new CompletableFuture<>();
        answers.put(id, answer);
        transport.send(JsonRpcRequest.of(id, method, json(paramsJson)));
        return answer;
    }

    /** Sends a request and waits for its answer, whatever it is. */
    public JsonRpcMessage send(String method, String paramsJson) {
        return await(sendAsync(method, paramsJson));
    }

    /** Sends a request that must succeed; returns its result. */
    public JsonNode result(String method, String paramsJson) {
        return resultOf(send(method, paramsJson));
    }

    /** Sends a request that must fail; returns the JSON-RPC error. */
    public JsonRpcError error(String method, String paramsJson) {
        return errorOf(send(method, paramsJson));
    }

    /** Sends a notification; {@code paramsJson} may be {@code null} for none. */
    public void notify(String method, String paramsJson) {
        transport.send(JsonRpcNotification.of(method, json(paramsJson)));
    }

    /** The notifications received so far with this method, in arrival order. */
    public List<JsonNode> notifications(String method) {
        return notifications.stream().filter(n -> n.method().equals(method))
                .map(n -> n.params().orElse(JSON.createObjectNode())).toList();
    }

    /** The requests the server sent us, in arrival order. */
    public List<JsonRpcRequest> serverRequests() {
        return List.copyOf(serverRequests);
    }

    /** Answers a server request with a result. */
    public void respond(RequestId id, String resultJson) {
        transport.send(new JsonRpcResponse(id, json(resultJson)));
    }

    /** Answers a server request with an error. */
    public void respondError(RequestId id, int code, String message) {
        transport.send(JsonRpcErrorResponse.of(id, JsonRpcError.of(code, message)));
    }

    /** Responses that answered no request of ours; a well-behaved server sends none. */
    public List<JsonRpcMessage> unexpected() {
        return List.copyOf(unexpected);
    }

    /** The result of {@code answer}; fails if it is not a successful response. */
    public static JsonNode resultOf(JsonRpcMessage answer) {
        if (answer instanceof JsonRpcResponse response) {
            return response.result();
        }
        throw new AssertionError("expected a result, got " + answer);
    }

    /** The error of {@code answer}; fails if it is not an error response. */
    public static JsonRpcError errorOf(JsonRpcMessage answer) {
        if (answer instanceof JsonRpcErrorResponse error) {
            return error.error();
        }
        throw new AssertionError("expected an error, got " + answer);
    }

    /** Waits at most {@link #WAIT} for {@code answer}; fails on timeout, interrupt or a closed connection. */
    public static JsonRpcMessage await(CompletableFuture<JsonRpcMessage> answer) {
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

    /** Parses {@code text} as JSON; {@code null} gives {@code null}. */
    public static JsonNode json(String text) {
        return text == null ? null : JSON.readTree(text);
    }

    /** Closes the client end and the server session, each within two seconds. */
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
