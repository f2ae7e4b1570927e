package io.mcphost.bench.floor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The least a gateway can do, as a process of its own: the JDK's HttpServer on 127.0.0.1 that writes
 * each POSTed message to one stdio upstream as a line and answers the request with the upstream's
 * line whose {@code id} matches, as one JSON body. No parsing beyond finding the {@code id}, no MCP
 * (no session state, capabilities, names, limits or checks), no thread hand-off: the HTTP server's
 * dispatcher thread serves each exchange itself and polls the pipe for the answer (at most 200 µs,
 * then a blocking read), as McpHost's stdio client does. So it answers one call at a time: a floor
 * for the added latency of a sequential call, not for throughput. 202 for a notification, 405 for
 * the GET stream. Bench only: {@code java -cp … FloorGateway PORT COMMAND ARGS…}; runs until killed.
 */
public final class FloorGateway {
    private static final long POLL_NANOS = 200_000;

    private final OutputStream upstreamIn;
    private final BufferedReader upstreamOut;
    private final String session = UUID.randomUUID().toString();

    private FloorGateway(Process upstream) {
        this.upstreamIn = upstream.getOutputStream();
        this.upstreamOut = new BufferedReader(new InputStreamReader(upstream.getInputStream(), StandardCharsets.UTF_8));
    }

    /** {@code PORT COMMAND ARGS…}: serves {@code http://127.0.0.1:PORT/mcp} in front of the command's stdio. */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: FloorGateway PORT COMMAND [ARGS...]");
        }
        List<String> command = Arrays.asList(args).subList(1, args.length);
        Process upstream = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        FloorGateway gateway = new FloorGateway(upstream);
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 1024);
        http.createContext("/mcp", gateway::handle);
        http.setExecutor(null); // the dispatcher thread serves each exchange: no hand-off
        Runtime.getRuntime().addShutdownHook(new Thread(upstream::destroy));
        http.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String method = exchange.getRequestMethod();
            if (!method.equals("POST")) {
                exchange.sendResponseHeaders(method.equals("DELETE") ? 200 : 405, -1);
                return;
            }
            // A JSON text has no line break outside whitespace: the line framing needs none at all.
            String message = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace('\n', ' ').replace('\r', ' ');
            exchange.getResponseHeaders().add("Mcp-Session-Id", session);
            String id = Json.topLevel(message, "id");
            upstreamIn.write((message + "\n").getBytes(StandardCharsets.UTF_8));
            upstreamIn.flush();
            if (id == null || Json.topLevel(message, "method") == null) {
                exchange.sendResponseHeaders(202, -1); // a notification (or a response): nothing comes back
                return;
            }
            String answer = answer(id);
            if (answer == null) {
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            FloorHttpServer.respondJson(exchange, answer);
        }
    }

    /** The upstream's next line answering {@code id} (others are dropped), or null when the upstream ended. */
    private String answer(String id) throws IOException {
        while (true) {
            long giveUp = System.nanoTime() + POLL_NANOS;
            while (!upstreamOut.ready() && System.nanoTime() - giveUp < 0) {
                Thread.onSpinWait();
            }
            String line = upstreamOut.readLine();
            if (line == null) {
                return null;
            }
            if (id.equals(Json.topLevel(line, "id"))) {
                return line;
            }
        }
    }
}
