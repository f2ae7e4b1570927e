package io.mcphost.bench.floor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.Executors;

/**
 * The floor over Streamable HTTP: the JDK's HttpServer on loopback answering each POST with the
 * same string-scanned answers as {@link FloorServer}, as one JSON body (never SSE), 202 for
 * notifications, 405 for the GET stream. One session id for everyone, never checked: the floor
 * keeps no state. Thread-safe; requests run on virtual threads.
 */
public final class FloorHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final String session = UUID.randomUUID().toString();

    private FloorHttpServer(HttpServer server) {
        this.server = server;
    }

    /**
     * Starts on 127.0.0.1 on a free port, path {@code /mcp}.
     *
     * @throws UncheckedIOException if no port can be bound
     */
    public static FloorHttpServer start() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
            FloorHttpServer floor = new FloorHttpServer(http);
            http.createContext("/mcp", floor::handle);
            http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            http.start();
            return floor;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The endpoint, e.g. {@code http://127.0.0.1:41234/mcp}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
    }

    private void handle(HttpExchange exchange) throws IOException {
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
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** Stops at once; exchanges in flight are dropped. */
    @Override
    public void close() {
        server.stop(0);
    }
}
