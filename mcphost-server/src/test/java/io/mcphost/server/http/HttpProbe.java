package io.mcphost.server.http;

import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.JsonNode;

/**
 * Test driver: raw Streamable HTTP exchanges with the JDK client, no MCP client in between, so the
 * tests see exactly what the server answers. Remembers the session id from initialize. Thread-safe
 * enough for one test at a time.
 */
final class HttpProbe {
    static final String BOTH = "application/json, text/event-stream";
    static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},
             "clientInfo":{"name":"probe","version":"1"}}}""";

    private final HttpClient client;
    private final URI endpoint;
    /** Sent as {@code Authorization: Bearer <token>} when not null. */
    private final String token;
    private volatile String sessionId;

    HttpProbe(URI endpoint) {
        this(endpoint, null, null);
    }

    /** A probe sending {@code token} as its bearer token (null: none), from {@code localAddress} (null: any). */
    HttpProbe(URI endpoint, String token, InetAddress localAddress) {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5));
        if (localAddress != null) {
            builder.localAddress(localAddress);
        }
        this.client = builder.build();
        this.endpoint = endpoint;
        this.token = token;
    }

    /** Uses {@code id} as the session id from now on, as a client that learnt another's id would. */
    void useSession(String id) {
        sessionId = id;
    }

    String sessionId() {
        return sessionId;
    }

    /** Initializes, remembers the session id and sends notifications/initialized; returns the initialize response. */
    HttpResponse<String> initialize() {
        sessionId = null;
        HttpResponse<String> response = post(INITIALIZE);
        sessionId = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> initialized = post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        if (initialized.statusCode() != 202) {
            throw new AssertionError("notifications/initialized got " + initialized.statusCode());
        }
        return response;
    }

    /** A request builder with the headers a 2025-11-25 client sends (session id once known). */
    HttpRequest.Builder request() {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(5));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        if (sessionId != null) {
            builder.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", "2025-11-25");
        }
        return builder;
    }

    HttpRequest.Builder postRequest(String json) {
        return request().header("Content-Type", "application/json").header("Accept", BOTH)
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    /** POSTs a message and reads the whole answer (an SSE stream is read until the server ends it). */
    HttpResponse<String> post(String json) {
        return send(postRequest(json).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** POSTs a message and returns as soon as the headers arrived, to read the body as it streams. */
    HttpResponse<InputStream> postStreaming(String json) {
        return send(postRequest(json).build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    /** Opens a GET stream, optionally resuming after {@code lastEventId}. */
    HttpResponse<InputStream> get(String lastEventId) {
        HttpRequest.Builder builder = request().header("Accept", "text/event-stream").GET();
        if (lastEventId != null) {
            builder.header("Last-Event-ID", lastEventId);
        }
        return send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    HttpResponse<String> delete() {
        return send(request().DELETE().build(), HttpResponse.BodyHandlers.ofString());
    }

    <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return client.send(request, handler);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** A JSON-RPC request text. */
    static String call(int id, String method, String paramsJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}";
    }

    static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }

    /** Waits (polling, with a 5 s deadline) until {@code condition} holds. */
    static void awaitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 5 s waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** Headers as a plain map, for assertion messages. */
    static Map<String, String> headers(HttpResponse<?> response) {
        Map<String, String> map = new LinkedHashMap<>();
        response.headers().map().forEach((k, v) -> map.put(k, String.join(",", v)));
        return map;
    }
}
