package io.mcphost.churn;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.McpServer;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves an {@link McpServer} over the legacy HTTP+SSE transport of 2024-11-05 on a free loopback
 * port, in this JVM: the server toolkit speaks it nowhere else (the testkit's one is server-everything,
 * a Node process), and the churn of a legacy client wants a server that neither leaks nor costs a process.
 *
 * <p>{@code GET /sse} opens a session: an in-memory connection to the server, and an SSE stream whose
 * first event, {@code endpoint}, names {@code /messages?session=N}; what the server sends follows as
 * {@code message} events. A POST there hands its message to the server and is answered 202. The
 * protocol has no way to end a session but dropping the stream, which a server only sees when a write
 * fails, so an idle stream carries a comment every {@link #KEEP_ALIVE}: a session ends within that of its
 * client going away. Thread-safe; every exchange runs on a virtual thread.
 */
final class LegacySseServer implements AutoCloseable {
    static final Duration KEEP_ALIVE = Duration.ofMillis(200);
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String END = "";

    private final McpServer server;
    private final HttpServer http;
    private final Map<String, Transport> sessions = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    LegacySseServer(McpServer server) throws IOException {
        this.server = server;
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/sse", this::stream);
        http.createContext("/messages", this::message);
        http.start();
    }

    /** The SSE endpoint a legacy client connects to. */
    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/sse";
    }

    /** Sessions whose stream is still open. */
    int openSessions() {
        return sessions.size();
    }

    private void stream(HttpExchange exchange) throws IOException {
        String id = Long.toString(ids.incrementAndGet());
        BlockingQueue<String> outbox = new LinkedBlockingQueue<>();
        MemoryTransport.Pair pair = MemoryTransport.pair();
        server.serve(pair.server());
        pair.client().start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                outbox.add(CODEC.encode(message));
            }

            @Override
            public void onClosed(McpTransportException cause) {
                outbox.add(END);
            }
        });
        sessions.put(id, pair.client());
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.getResponseHeaders().add("Cache-Control", "no-cache");
            exchange.sendResponseHeaders(200, 0);
            write(out, "event: endpoint\ndata: /messages?session=" + id + "\n\n");
            for (String message; (message = outbox.poll(KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS)) != END; ) {
                write(out, message == null ? ": keep-alive\n\n" : "event: message\ndata: " + message + "\n\n");
            }
        } catch (IOException e) {
            // The client dropped the stream: that is how a legacy session ends.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sessions.remove(id);
            pair.client().close();
        }
    }

    private void message(HttpExchange exchange) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getQuery();
            Transport session = query != null && query.startsWith("session=") ? sessions.get(query.substring(8)) : null;
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (!exchange.getRequestMethod().equals("POST") || session == null) {
                exchange.sendResponseHeaders(session == null ? 404 : 405, -1);
                return;
            }
            for (JsonRpcMessage message : CODEC.decode(new String(body, StandardCharsets.UTF_8))) {
                session.send(message);
            }
            exchange.sendResponseHeaders(202, -1);
        }
    }

    private static void write(OutputStream out, String event) throws IOException {
        out.write(event.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Stops listening and ends every session. */
    @Override
    public void close() {
        http.stop(0);
        sessions.values().forEach(Transport::close);
    }
}
