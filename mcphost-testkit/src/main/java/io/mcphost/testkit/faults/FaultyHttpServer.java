package io.mcphost.testkit.faults;

import static io.mcphost.testkit.ScriptedHttpServer.json;
import static io.mcphost.testkit.ScriptedHttpServer.status;

import com.sun.net.httpserver.HttpExchange;
import io.mcphost.testkit.ScriptedHttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A Streamable HTTP MCP endpoint on a free loopback port that initialises correctly and then fails
 * every tool call in one chosen way: it hangs, answers an error status, answers an HTML gateway page,
 * redirects, or sends a body without end. {@link #legacyEndpointOn(String)} plays an old HTTP+SSE
 * server whose message endpoint lies on another origin. It counts what it receives, so a test can
 * assert that a client did not retry in a storm.
 *
 * <p>For session expiry and dropped SSE streams use the server toolkit's {@code StreamableHttpServer}
 * test hooks ({@code expireSession}, {@code dropStreams}): they fault a real, complete server. For any
 * other wire-level fault, script a {@link ScriptedHttpServer} directly; this class is built on it.
 *
 * <p>Listening starts on construction; {@link #close()} stops it and abandons hung exchanges. Each
 * exchange runs on its own virtual thread. Thread-safe.
 */
public final class FaultyHttpServer implements AutoCloseable {
    private final ScriptedHttpServer server;

    private FaultyHttpServer(ScriptedHttpServer server) {
        this.server = server;
    }

    /** A server that follows the protocol for everything but tool calls, which {@code onToolCall} answers. */
    private static FaultyHttpServer failingCalls(ScriptedHttpServer.Script onToolCall) {
        return new FaultyHttpServer(new ScriptedHttpServer((request, exchange) -> {
            switch (request.method()) {
                case "POST" -> {
                    switch (request.rpcMethod()) {
                        case "initialize" -> json(exchange, 200, ScriptedHttpServer.initializeResult(request), "Mcp-Session-Id", "faulty-1");
                        case "tools/call" -> onToolCall.answer(request, exchange);
                        case "" -> status(exchange, 400);
                        default -> {
                            if (request.json().has("id")) {
                                json(exchange, 200, ScriptedHttpServer.result(request, "{}"));
                            } else {
                                status(exchange, 202);
                            }
                        }
                    }
                }
                case "DELETE" -> status(exchange, 200);
                default -> status(exchange, 405);
            }
        }));
    }

    /** Tool calls are never answered; the exchange stays open until the client gives up or the server closes. */
    public static FaultyHttpServer hangs() {
        return failingCalls((request, exchange) -> ScriptedHttpServer.sleepForever());
    }

    /** Tool calls are answered with {@code status} and a short plain-text body naming it. */
    public static FaultyHttpServer failsWith(int status) {
        return failingCalls((request, exchange) -> text(exchange, status, "text/plain", "internal error " + status));
    }

    /** Tool calls are answered 502 with the HTML page a reverse proxy shows when the server behind it is down. */
    public static FaultyHttpServer badGatewayPage() {
        return failingCalls((request, exchange) -> text(exchange, 502, "text/html",
                "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>"
                        + "<hr><center>nginx</center></body></html>"));
    }

    /** Tool calls are answered {@code 307} with {@code Location: location}. */
    public static FaultyHttpServer redirectsTo(String location) {
        Objects.requireNonNull(location, "location");
        return failingCalls((request, exchange) -> {
            exchange.getResponseHeaders().add("Location", location);
            status(exchange, 307);
        });
    }

    /**
     * Tool calls are answered 200 {@code application/json} with a body of {@code bytes} bytes that
     * never becomes valid JSON, written in chunks so the server holds none of it.
     */
    public static FaultyHttpServer hugeBody(long bytes) {
        return failingCalls((request, exchange) -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes);
            byte[] chunk = new byte[1 << 16];
            Arrays.fill(chunk, (byte) ' ');
            chunk[0] = '[';
            try (OutputStream out = exchange.getResponseBody()) {
                for (long left = bytes; left > 0; left -= chunk.length) {
                    out.write(chunk, 0, (int) Math.min(chunk.length, left));
                    chunk[0] = ' ';
                }
            }
        });
    }

    /**
     * An old HTTP+SSE server: POST gets 405, so a client falls back to GET, whose SSE stream names
     * {@code foreignOrigin + "/messages"} as the endpoint for messages; a client must refuse to send there.
     */
    public static FaultyHttpServer legacyEndpointOn(String foreignOrigin) {
        Objects.requireNonNull(foreignOrigin, "foreignOrigin");
        return new FaultyHttpServer(new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("GET")) {
                OutputStream out = ScriptedHttpServer.sse(exchange);
                ScriptedHttpServer.event(out, "event: endpoint\ndata: " + foreignOrigin + "/messages\n\n");
                ScriptedHttpServer.sleepForever();
            } else {
                status(exchange, 405);
            }
        }));
    }

    private static void text(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The MCP endpoint's URL, {@code http://127.0.0.1:<port>/mcp}. */
    public String url() {
        return server.url("/mcp");
    }

    /** Every request received so far, in arrival order; a snapshot. */
    public List<ScriptedHttpServer.Seen> requests() {
        return server.seen();
    }

    /** How many requests so far carried JSON-RPC method {@code rpcMethod}, such as {@code tools/call}. */
    public long count(String rpcMethod) {
        return server.seen().stream().filter(s -> s.rpcMethod().equals(rpcMethod)).count();
    }

    /** Stops listening and abandons exchanges still open. */
    @Override
    public void close() {
        server.close();
    }
}
