package io.mcphost.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * A loopback HTTP server whose every answer a test scripts, for the faults a well-behaved MCP server
 * never produces: hanging, dropping streams, wrong statuses, foreign endpoints. It records each
 * request it saw (method, path, headers, body, arrival time). The static helpers write the common
 * answers: JSON, a bare status, an SSE stream and its events, JSON-RPC results.
 *
 * <p>Starts listening on construction, on a free port of the loopback interface. Each exchange runs
 * the script on its own virtual thread, so a script may block (even forever, see
 * {@link #sleepForever()}) without holding up other exchanges. The exchange is closed when the script
 * returns or throws; a throwing script simply ends its exchange abruptly. Thread-safe.
 */
public final class ScriptedHttpServer implements AutoCloseable {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /**
     * One request as the server saw it.
     *
     * @param method   the HTTP method
     * @param path     the request path, without the query
     * @param headers  the request headers (names as sent)
     * @param body     the request body, empty when there was none
     * @param atNanos  {@link System#nanoTime()} when the request arrived
     */
    public record Seen(String method, String path, Map<String, List<String>> headers, String body, long atNanos) {
        /** The first value of header {@code name}, matched ignoring case, or {@code null} when absent. */
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
        }

        /** The body parsed as JSON; a missing node when the body is empty. */
        public JsonNode json() {
            return body.isEmpty() ? JSON.missingNode() : JSON.readTree(body);
        }

        /** The JSON-RPC {@code method} of the body, or {@code ""} when it has none. */
        public String rpcMethod() {
            return json().path("method").asString("");
        }
    }

    /** Answers one exchange; runs on the exchange's own virtual thread. */
    @FunctionalInterface
    public interface Script {
        /**
         * Writes the answer to {@code request} on {@code exchange}. Throwing ends the exchange
         * abruptly, which is how a script drops a connection on purpose.
         */
        void answer(Seen request, HttpExchange exchange) throws Exception;
    }

    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    /**
     * Starts a server that answers every request with {@code script}.
     *
     * @throws IllegalStateException if no loopback port can be bound
     */
    public ScriptedHttpServer(Script script) {
        Objects.requireNonNull(script, "script");
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

    /** The URL of {@code path} on this server, such as {@code url("/mcp")}. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Every request seen so far, in arrival order; a snapshot. */
    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    /** The requests seen so far with HTTP method {@code httpMethod}, in arrival order; a snapshot. */
    public List<Seen> seen(String httpMethod) {
        return seen.stream().filter(s -> s.method().equals(httpMethod)).toList();
    }

    /** Stops listening and closes open exchanges at once; scripts still running are abandoned. */
    @Override
    public void close() {
        server.stop(0);
    }

    // ---- answers -------------------------------------------------------------------------------

    /**
     * Answers with a JSON body and {@code status}; {@code headers} are extra name/value pairs. An
     * empty body is sent with no content at all.
     */
    public static void json(HttpExchange exchange, int status, String body, String... headers) throws IOException {
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

    /** Answers with {@code status} and no body. */
    public static void status(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
    }

    /**
     * Starts an SSE answer (status 200, {@code text/event-stream}); {@code headers} are extra
     * name/value pairs. Write events with {@link #event}; the stream ends when the script returns.
     */
    public static OutputStream sse(HttpExchange exchange, String... headers) throws IOException {
        for (int i = 0; i < headers.length; i += 2) {
            exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }

    /** Writes {@code text} (one or more complete SSE events, blank-line terminated) and flushes it. */
    public static void event(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /**
     * A server that plays a plain JSON-mode Streamable HTTP server for the handshake and the rest of the
     * protocol's housekeeping — {@code initialize} (session {@code session-1}), notifications (202), the
     * GET stream (405) and DELETE (204) — and answers every other request with {@code requests}.
     */
    public static ScriptedHttpServer withHandshake(Script requests) {
        return new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("POST") && request.rpcMethod().equals("initialize")) {
                json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "session-1");
            } else if (request.method().equals("POST") && !request.json().has("id")) {
                status(exchange, 202);
            } else if (request.method().equals("GET")) {
                status(exchange, 405);
            } else if (request.method().equals("DELETE")) {
                status(exchange, 204);
            } else {
                requests.answer(request, exchange);
            }
        });
    }

    /** A JSON-RPC response to {@code request} (same id) with {@code resultJson} as its result. */
    public static String result(Seen request, String resultJson) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + request.json().get("id") + ",\"result\":" + resultJson + "}";
    }

    /** A 2025-11-25 {@code initialize} response to {@code request}, announcing the tools capability. */
    public static String initializeResult(Seen request) {
        return result(request, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                + "\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}");
    }

    /**
     * Blocks the script's thread until the exchange is abandoned (the server closes or the thread is
     * interrupted): the way a script plays a server that never answers.
     */
    public static void sleepForever() throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
    }
}
