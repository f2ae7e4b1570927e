package io.mcphost.testkit.eras;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * An era test server over HTTP on {@code 127.0.0.1}, endpoint {@code /mcp}: modern requests (they
 * carry {@code MCP-Protocol-Version: 2026-07-28}) are served statelessly by the modes that speak
 * the modern era, with the revision's status codes (400 for UnsupportedProtocolVersion and
 * HeaderMismatch, 404 for an unknown method); {@code initialize} opens a session in the modes that
 * speak the legacy era, and a legacy server refuses a request without a session the way common
 * SDKs do (400 with a JSON-RPC error without id), or per its mode: {@link EraMode#LEGACY_SILENT}
 * never answers, {@link EraMode#LEGACY_JUNK} answers 200 with an HTML page. GET answers 405 (no
 * listening stream). Records every POST's {@code Mcp-*} headers. Close it to stop.
 */
public final class EraHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final EraScript script;
    private final Map<String, Boolean> sessions = new ConcurrentHashMap<>();
    private final List<Map<String, String>> seen = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicInteger drops = new java.util.concurrent.atomic.AtomicInteger();
    /** The open listen streams, each with the drop generation it was opened in. */
    private final Map<Object, Integer> streams = new ConcurrentHashMap<>();

    /** How long a modern server holds its answer to {@code server/discover} (as an authorising proxy in front would). */
    private final java.time.Duration discoverDelay;

    private EraHttpServer(EraMode mode, java.time.Duration discoverDelay) throws IOException {
        this.script = new EraScript(mode);
        this.discoverDelay = discoverDelay;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/mcp", this::handle);
        server.start();
    }

    /** Starts a server playing {@code mode}. */
    public static EraHttpServer start(EraMode mode) {
        return start(mode, java.time.Duration.ZERO);
    }

    /**
     * Starts a server playing {@code mode} that answers {@code server/discover} only after
     * {@code discoverDelay}: the time an authorisation in front of it can take.
     */
    public static EraHttpServer start(EraMode mode, java.time.Duration discoverDelay) {
        try {
            return new EraHttpServer(mode, discoverDelay);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start an HTTP server on the loopback interface", e);
        }
    }

    /** The endpoint URL. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
    }

    /** The {@code Mcp-*} and {@code MCP-Protocol-Version} headers of every POST so far (names lower-cased). */
    public List<Map<String, String>> requestHeaders() {
        return List.copyOf(seen);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("POST")) {
                send(exchange, exchange.getRequestMethod().equals("DELETE") ? 200 : 405, "text/plain", "");
                return;
            }
            Map<String, String> headers = new java.util.TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> {
                String lower = name.toLowerCase(java.util.Locale.ROOT);
                if (lower.startsWith("mcp-")) {
                    headers.put(lower, values.getFirst());
                }
            });
            seen.add(headers);
            JsonNode request = EraScript.JSON.readTree(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            boolean modernHeader = EraScript.MODERN.equals(headers.get("mcp-protocol-version"));
            String method = request.path("method").asString("");
            if (modernHeader && script.mode().speaksModern()) {
                if (!method.equals(headers.get("mcp-method"))) {
                    reply(exchange, 400, EraScript.error(request.get("id"), -32020, "Mcp-Method does not match the body", null));
                    return;
                }
                if (method.equals("server/discover") && !discoverDelay.isZero()) {
                    closed.await(discoverDelay.toMillis(), TimeUnit.MILLISECONDS);
                }
                EraScript.Reply modern = script.handle(request);
                if (modern instanceof EraScript.Reply.Listen listen) {
                    serveListen(exchange, listen);
                } else {
                    reply(exchange, -1, modern);
                }
                return;
            }
            String session = headers.get("mcp-session-id");
            boolean known = session != null && sessions.containsKey(session);
            if (!method.equals("initialize") && !known && script.mode().speaksLegacy()) {
                switch (script.mode()) {
                    case LEGACY_SILENT -> closed.await(30, TimeUnit.SECONDS);
                    case LEGACY_JUNK -> send(exchange, 200, "text/html", "<html><body>It works!</body></html>");
                    case LEGACY_32602 -> reply(exchange, 200, script.handle(request));
                    default -> send(exchange, 400, "application/json",
                            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: No valid session ID provided\"},\"id\":null}");
                }
                return;
            }
            if (request.get("id") == null) {
                send(exchange, 202, "text/plain", "");
                return;
            }
            EraScript.Reply reply = script.handle(request);
            if (method.equals("initialize") && script.mode().speaksLegacy()) {
                String id = UUID.randomUUID().toString();
                sessions.put(id, true);
                exchange.getResponseHeaders().add("Mcp-Session-Id", id);
            }
            reply(exchange, 200, reply);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A subscriptions/listen stream: SSE, the acknowledgment first, open until the client closes it. */
    private void serveListen(HttpExchange exchange, EraScript.Reply.Listen listen) throws IOException, InterruptedException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        java.io.OutputStream body = exchange.getResponseBody();
        CountDownLatch gone = new CountDownLatch(1);
        java.util.concurrent.locks.ReentrantLock writing = new java.util.concurrent.locks.ReentrantLock();
        java.util.function.Consumer<JsonNode> out = message -> {
            writing.lock();
            try {
                body.write(("event: message\ndata: " + EraScript.JSON.writeValueAsString(message) + "\n\n")
                        .getBytes(StandardCharsets.UTF_8));
                body.flush();
            } catch (IOException e) {
                gone.countDown(); // the client closed the stream: the subscription ends
            } finally {
                writing.unlock();
            }
        };
        Object stream = new Object();
        int generation = drops.get();
        streams.put(stream, generation);
        Runnable remove;
        writing.lock();
        try {
            // Live before the acknowledgment is written, and nothing overtakes it (spec: subscriptions,
            // "Acknowledgment"): a client that saw it must hear of every change made after.
            remove = script.listen(listen, out);
            out.accept(listen.ack());
        } finally {
            writing.unlock();
        }
        try {
            // A keep-alive comment now and then also finds out when the client has gone.
            while (!gone.await(100, TimeUnit.MILLISECONDS) && closed.getCount() > 0 && drops.get() == generation) {
                writing.lock();
                try {
                    body.write(":\n\n".getBytes(StandardCharsets.UTF_8));
                    body.flush();
                } catch (IOException e) {
                    gone.countDown();
                } finally {
                    writing.unlock();
                }
            }
        } finally {
            remove.run();
            streams.remove(stream);
        }
    }

    /**
     * Ends every open listen stream abruptly (no response), as a restart or a proxy timeout would, and
     * returns once they have ended (at most 5 s): streams opened from then on are new ones.
     */
    public void dropListenStreams() {
        int generation = drops.incrementAndGet();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (streams.values().stream().anyMatch(g -> g < generation) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10); // each stream notices within its 100 ms keep-alive wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** How many listen streams are open now. */
    public int listeners() {
        return script.listeners();
    }

    /** Sends a reply; status -1 picks the modern status for an error (400 version/header, 404 unknown method). */
    private static void reply(HttpExchange exchange, int status, EraScript.Reply reply) throws IOException {
        switch (reply) {
            case EraScript.Reply.Answer a -> {
                int code = status;
                if (code < 0) {
                    int error = a.message().path("error").path("code").asInt(0);
                    code = error == -32022 || error == -32020 ? 400 : error == -32601 ? 404 : 200;
                }
                send(exchange, code, "application/json", EraScript.JSON.writeValueAsString(a.message()));
            }
            case EraScript.Reply.Junk j -> send(exchange, 200, "text/plain", j.line());
            case EraScript.Reply.Silence s -> send(exchange, 202, "text/plain", "");
            case EraScript.Reply.Listen l -> {
                throw new IllegalStateException("listen streams are served by serveListen");
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
