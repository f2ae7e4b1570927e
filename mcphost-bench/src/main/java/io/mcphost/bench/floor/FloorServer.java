package io.mcphost.bench.floor;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The "floor" MCP server for benchmarks: newline-delimited JSON-RPC on stdin/stdout that answers
 * {@code initialize}, {@code ping}, {@code tools/list} and one {@code echo} tool, and ignores
 * notifications. It does the least work a correct-enough server can do (string scanning, no JSON
 * library), so that what a benchmark measures is the client, not this server.
 *
 * <p>Single-threaded: one loop reads a line, answers it, and flushes only when no further input
 * is already waiting. That batching lets concurrent callers share one write syscall, the same way
 * for every client library under test. Not a general MCP server; not thread-safe.
 */
public final class FloorServer {
    /** The tools/list result: one tool, {@code echo}, taking {@code {"text": string}}. */
    static final String TOOLS = "{\"tools\":[{\"name\":\"echo\",\"description\":\"Echoes text\","
            + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}}]}";

    private FloorServer() {
    }

    /** Serves stdin/stdout until stdin ends. */
    public static void main(String[] args) throws IOException {
        serve(System.in, System.out);
    }

    /**
     * Serves one connection until {@code in} ends. Blocks the calling thread.
     *
     * @throws IOException when writing to {@code out} fails
     */
    public static void serve(InputStream in, OutputStream out) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        OutputStream writer = new BufferedOutputStream(out, 1 << 16);
        String line;
        while ((line = reader.readLine()) != null) {
            String answer = answer(line);
            if (answer != null) {
                writer.write(answer.getBytes(StandardCharsets.UTF_8));
                writer.write('\n');
            }
            // Flush when the pipe holds no further request: a burst of requests gets one write.
            if (!reader.ready()) {
                writer.flush();
            }
        }
        writer.flush();
    }

    /** The answer line for one request line, or null for a notification or a response. */
    static String answer(String line) {
        String id = Json.rawValue(line, "id");
        String method = Json.stringValue(line, "method");
        if (id == null || method == null) {
            return null; // notifications (initialized, cancelled) and responses need no answer
        }
        String result = switch (method) {
            case "initialize" -> initializeResult(line);
            case "ping" -> "{}";
            case "tools/list" -> TOOLS;
            case "tools/call" -> callResult(line);
            default -> null;
        };
        if (result == null) {
            return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";
        }
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}";
    }

    private static String initializeResult(String line) {
        // Agree to whatever revision the client offers: each library then runs its own newest path.
        String version = Json.stringValue(line, "protocolVersion");
        return "{\"protocolVersion\":\"" + (version == null ? "2025-06-18" : version) + "\","
                + "\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"floor\",\"version\":\"1\"}}";
    }

    private static String callResult(String line) {
        String text = Json.rawValue(line, "text");
        if (text == null || text.isEmpty() || text.charAt(0) != '"') {
            text = "\"\"";
        }
        return "{\"content\":[{\"type\":\"text\",\"text\":" + text + "}],\"isError\":false}";
    }
}
