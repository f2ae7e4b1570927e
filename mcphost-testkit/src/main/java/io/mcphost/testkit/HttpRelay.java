package io.mcphost.testkit;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;

/**
 * One MCP HTTP request passed on, for fixtures that stand between a client and a server (a resource server
 * in front of an MCP server, a proxy that records what reaches an upstream): the method, the body and the
 * MCP headers of both eras go to the target; its status, {@code Content-Type}, {@code Mcp-Session-Id} and
 * body come back. Never the {@code Authorization} header: what stands in between decides about tokens.
 * Stateless; blocks the calling thread for the whole exchange (the answer is read whole, no streaming).
 */
public final class HttpRelay {
    private HttpRelay() {
    }

    /**
     * Sends {@code exchange}'s request, whose body was read as {@code body}, to {@code target} with
     * {@code client}, and answers {@code exchange} with what came back.
     *
     * @throws IOException when the target cannot be reached or the answer cannot be written
     */
    public static void relay(HttpExchange exchange, byte[] body, URI target, HttpClient client) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
        // The MCP headers of both eras: 2026-07-28 mirrors the body in Mcp-Method, Mcp-Name and Mcp-Param-*.
        exchange.getRequestHeaders().forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("content-type") || lower.equals("accept") || lower.equals("last-event-id")
                    || lower.startsWith("mcp-")) {
                values.forEach(value -> request.header(name, value));
            }
        });
        HttpResponse<InputStream> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while relaying to " + target, e);
        }
        response.headers().firstValue("Content-Type").ifPresent(v -> exchange.getResponseHeaders().set("Content-Type", v));
        response.headers().firstValue("Mcp-Session-Id").ifPresent(v -> exchange.getResponseHeaders().set("Mcp-Session-Id", v));
        byte[] bytes;
        try (InputStream in = response.body()) {
            bytes = in.readAllBytes();
        }
        exchange.sendResponseHeaders(response.statusCode(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
