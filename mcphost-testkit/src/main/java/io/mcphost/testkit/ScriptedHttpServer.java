package io.mcphost.transport.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A loopback HTTP server whose every answer a test scripts, for the faults a well-behaved server
 * never produces: hanging, dropping streams, wrong statuses, foreign endpoints. Records each
 * request it saw (method, headers, body).
 */
final class ScriptedHttpServer implements AutoCloseable {
    static final ObjectMapper JSON = JsonMapper.builder().build();

    /** One request as the server saw it. */
    record Seen(String method, String path, Map<String, List<String>> headers, String body, long atNanos) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
        }

        JsonNode json() {
            return body.isEmpty() ? JSON.missingNode() : JSON.readTree(body);
        }

        String rpcMethod() {
            return json().path("method").asString("");
        }
    }

    /** Answers one exchange. */
    @FunctionalInterface
    interface Script {
        void answer(Seen request, HttpExchange exchange) throws Exception;
    }

    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    ScriptedHttpServer(Script script) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            try {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Seen request = new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        Map.copyOf(exchange.getRequestHeaders()), body, System.nanoTime());
                seen.add(request);
                script.answer(request, exchange);
            } catch (Exception e) {
                // The client went away or the script ended the exchange abruptly on purpose.
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    List<Seen> seen(String httpMethod) {
        return seen.stream().filter(s -> s.method().equals(httpMethod)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ---- answers -------------------------------------------------------------------------------

    static void json(HttpExchange exchange, int status, String body, String... headers) throws IOException {
        for (int i = 0; i < headers.length; i += 2) {
            exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
        }
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    static void status(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
    }

    /** Starts an SSE answer; write events with {@link #event} and flush. */
    static OutputStream sse(HttpExchange exchange, String... headers) throws IOException {
        for (int i = 0; i < headers.length; i += 2) {
            exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }

    static void event(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    static String result(Seen request, String resultJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + request.json().get("id") + ",\"result\":" + resultJson + "}";
    }

    static String initializeResult(Seen request) {
        return result(request, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                + "\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}");
    }

    static void sleepForever() throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
    }
}
