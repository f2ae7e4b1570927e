package io.mcphost.bench.floor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;

/**
 * The floor over Streamable HTTP: the JDK's HttpServer on loopback answering each POST with the
 * same string-scanned answers as {@link FloorServer}, as one JSON body (never SSE), 202 for
 * notifications, 405 for the GET stream. One session id for everyone, never checked: the floor
 * keeps no state. Thread-safe; requests run on virtual threads. Counts the client connections
 * (distinct remote ports) it saw since {@link #resetConnections()}, to check a client's pooling.
 * {@link #startTls} serves the same over {@code https} (the JDK's HttpsServer, the
 * {@linkplain BenchTls bench certificate}).
 */
public final class FloorHttpServer implements AutoCloseable {
    static {
        // The JDK server's defaults would break the clients' pools, not measure them (read once, when
        // the first server starts; a -D on the command line wins): past 200 idle connections it closes
        // each newly idle one, and it closes a connection idle for 30 s, the clients' own keep-alive,
        // so a pooled connection could die under a POST, which the JDK client does not retry. With
        // four libraries' pools of 64, both happen. Nagle's algorithm is off, as real servers set it.
        System.getProperties().putIfAbsent("sun.net.httpserver.maxIdleConnections", "10000");
        System.getProperties().putIfAbsent("sun.net.httpserver.idleInterval", "600");
        System.getProperties().putIfAbsent("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final String session = UUID.randomUUID().toString();
    private final String scheme;
    private volatile Set<InetSocketAddress> peers = ConcurrentHashMap.newKeySet();

    private FloorHttpServer(HttpServer server, String scheme) {
        this.server = server;
        this.scheme = scheme;
    }

    /**
     * Starts on 127.0.0.1 on a free port, path {@code /mcp}.
     *
     * @throws UncheckedIOException if no port can be bound
     */
    public static FloorHttpServer start() {
        return start(null);
    }

    /**
     * As {@link #start()}, over TLS with {@code tls}'s key (use {@link BenchTls#server()}); the
     * endpoint is {@code https}.
     */
    public static FloorHttpServer startTls(SSLContext tls) {
        return start(java.util.Objects.requireNonNull(tls, "tls"));
    }

    private static FloorHttpServer start(SSLContext tls) {
        try {
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
            HttpServer http;
            if (tls == null) {
                http = HttpServer.create(loopback, 1024);
            } else {
                HttpsServer https = HttpsServer.create(loopback, 1024);
                https.setHttpsConfigurator(new HttpsConfigurator(tls));
                http = https;
            }
            FloorHttpServer floor = new FloorHttpServer(http, tls == null ? "http" : "https");
            http.createContext("/mcp", floor::handle);
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.start();
            return floor;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The endpoint, e.g. {@code http://127.0.0.1:41234/mcp} ({@code https} when started with TLS). */
    public URI endpoint() {
        return URI.create(scheme + "://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
    }

    /** Forgets the connections seen so far. */
    public void resetConnections() {
        peers = ConcurrentHashMap.newKeySet();
    }

    /** How many distinct client connections sent requests since the last {@link #resetConnections()}. */
    public int connections() {
        return peers.size();
    }

    private void handle(HttpExchange exchange) throws IOException {
        peers.add(exchange.getRemoteAddress());
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String method = exchange.getRequestMethod();
            if (method.equals("DELETE")) {
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            if (!method.equals("POST")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String answer = FloorServer.answer(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            exchange.getResponseHeaders().add("Mcp-Session-Id", session);
            if (answer == null) {
                exchange.sendResponseHeaders(202, -1);
                return;
            }
            respondJson(exchange, answer);
        }
    }

    /** Answers 200 with {@code answer} as the whole JSON body. */
    static void respondJson(HttpExchange exchange, String answer) throws IOException {
        byte[] body = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Stops at once; exchanges in flight are dropped. */
    @Override
    public void close() {
        server.stop(0);
    }
}
