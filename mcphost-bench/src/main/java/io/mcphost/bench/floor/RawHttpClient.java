package io.mcphost.bench.floor;

import io.mcphost.bench.subject.Subject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The HTTP floor client: one JDK HttpClient POST per request with the JSON-RPC text as the body
 * and the session id header, answers read as strings, no MCP library. Thread-safe.
 */
public final class RawHttpClient implements Subject {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI endpoint;
    private final Duration timeout;
    private final AtomicLong ids = new AtomicLong();
    private volatile String session = "";

    private RawHttpClient(URI endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.timeout = timeout;
    }

    /** Runs the handshake against {@code endpoint} and returns the connected client. */
    public static RawHttpClient connect(URI endpoint, Duration timeout) {
        RawHttpClient client = new RawHttpClient(endpoint, timeout);
        client.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        client.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return client;
    }

    @Override
    public String echo(String text) {
        String answer = post("{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"" + text + "\"}}}");
        return Json.stringValue(answer, "text");
    }

    @Override
    public int listTools() {
        String answer = post("{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tools/list\"}");
        return answer.split("\"name\"", -1).length - 1;
    }

    private String post(String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (!session.isEmpty()) {
            request.header("Mcp-Session-Id", session);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            response.headers().firstValue("Mcp-Session-Id").ifPresent(id -> session = id);
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
