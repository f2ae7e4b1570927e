package io.mcphost.bench.scenario;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client side of the {@code streams} and {@code gateway-idle} scenarios, a process of its own so
 * that its sockets count against its own file-descriptor limit, not the server's: opens N streams on
 * 127.0.0.1, prints {@code open <ok> <failed> <millis>} once all are open, and holds every stream,
 * never reading, until its standard input closes. Raw sockets, so that a client library's memory and
 * threads stay out of the picture; {@code 64} streams are set up at a time, under the server's listen
 * backlog. What one stream is, by {@link Mode}:
 * <ul>
 *   <li>{@code get} (the default): a 2025-11-25 session (initialize answered as JSON) with its GET
 *       stream, whose response headers are read;</li>
 *   <li>{@code legacy}: the same with {@code notifications/initialized} sent before the GET, as an
 *       idle 2025-11-25 client leaves a session (McpHost's client and the TypeScript SDK's open that
 *       GET stream for what the server sends on its own);</li>
 *   <li>{@code listen}: a 2026-07-28 {@code subscriptions/listen} POST (no session; the modern
 *       {@code _meta}, opted into the three list changes), read up to its acknowledgement.</li>
 * </ul>
 *
 * <pre>java -cp ... io.mcphost.bench.scenario.StreamHolder http://127.0.0.1:PORT/mcp 10000 [get|legacy|listen]</pre>
 */
public final class StreamHolder {
    private static final int AT_ONCE = 64;
    private static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

    /** What one held stream is; see the class comment. */
    enum Mode {
        GET, LEGACY, LISTEN;

        static Mode of(String name) {
            return valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    private StreamHolder() {
    }

    /** Opens the streams, reports, holds them until stdin closes, then exits. */
    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0]);
        int count = Integer.parseInt(args[1]);
        Mode mode = args.length > 2 ? Mode.of(args[2]) : Mode.GET;
        ConcurrentLinkedQueue<Socket> open = new ConcurrentLinkedQueue<>();
        AtomicInteger failed = new AtomicInteger();
        Semaphore slots = new Semaphore(AT_ONCE);
        long start = System.nanoTime();
        try (ExecutorService setup = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                slots.acquire();
                setup.submit(() -> {
                    try {
                        open.add(openStream(endpoint, mode));
                    } catch (IOException | RuntimeException e) {
                        if (failed.getAndIncrement() == 0) {
                            System.err.println("stream-holder: first failure: " + e);
                        }
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        System.out.println("open " + open.size() + " " + failed.get() + " " + (System.nanoTime() - start) / 1_000_000);
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold until the scenario closes our stdin
        }
        for (Socket socket : open) {
            socket.close();
        }
    }

    /** Opens one stream of {@code mode} on a socket of its own, which is returned open, its stream unread. */
    static Socket openStream(URI endpoint, Mode mode) throws IOException {
        Socket socket = new Socket(endpoint.getHost(), endpoint.getPort());
        try {
            socket.setSoTimeout(60_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            if (mode == Mode.LISTEN) {
                post(out, endpoint, "application/json, text/event-stream", List.of("MCP-Protocol-Version: 2026-07-28",
                        "Mcp-Method: subscriptions/listen"), listenBody());
                List<String> headers = readHead(in);
                expect200(headers);
                readUntil(in, ACKNOWLEDGED);
                socket.setSoTimeout(0);
                return socket;
            }
            post(out, endpoint, "application/json", List.of(), initializeBody());
            List<String> headers = readHead(in);
            expect200(headers);
            String session = header(headers, "mcp-session-id");
            skipBody(in, headers);
            List<String> inSession = List.of("Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25");
            if (mode == Mode.LEGACY) {
                post(out, endpoint, "application/json, text/event-stream", inSession,
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
                List<String> accepted = readHead(in);
                if (accepted.isEmpty() || !accepted.getFirst().startsWith("HTTP/1.1 202")) {
                    throw new IOException("notifications/initialized not accepted: " + accepted);
                }
                skipBody(in, accepted);
            }
            out.write(("GET " + endpoint.getPath() + " HTTP/1.1\r\nHost: " + hostHeader(endpoint)
                    + "\r\nAccept: text/event-stream\r\n" + String.join("\r\n", inSession) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            expect200(readHead(in));
            socket.setSoTimeout(0);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    static String initializeBody() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"stream-holder\",\"version\":\"1\"}}}";
    }

    /** A listen request as a 2026-07-28 client sends it: what it opts into, and the per-request {@code _meta}. */
    static String listenBody() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
                + "{\"toolsListChanged\":true,\"promptsListChanged\":true,\"resourcesListChanged\":true},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"stream-holder\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    }

    private static void post(OutputStream out, URI endpoint, String accept, List<String> extra, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST ").append(endpoint.getPath()).append(" HTTP/1.1\r\nHost: ")
                .append(hostHeader(endpoint)).append("\r\nContent-Type: application/json\r\nAccept: ").append(accept)
                .append("\r\nContent-Length: ").append(body.length).append("\r\n");
        for (String line : extra) {
            head.append(line).append("\r\n");
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private static String hostHeader(URI endpoint) {
        return endpoint.getHost() + ":" + endpoint.getPort();
    }

    /** Reads a response's body of known length, or nothing where there is none. */
    private static void skipBody(InputStream in, List<String> headers) throws IOException {
        for (String line : headers) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equalsIgnoreCase("content-length")) {
                in.readNBytes(Integer.parseInt(line.substring(colon + 1).strip()));
                return;
            }
        }
    }

    /** Reads until {@code marker} has been seen (chunk framing and all), at most 64 KiB. */
    private static void readUntil(InputStream in, String marker) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        while (!seen.toString(StandardCharsets.UTF_8).contains(marker)) {
            byte[] chunk = new byte[512];
            int n = in.read(chunk);
            if (n < 0 || seen.size() > 65_536) {
                throw new IOException("no " + marker + " on the stream: " + seen.toString(StandardCharsets.UTF_8));
            }
            seen.write(chunk, 0, n);
        }
    }

    private static void expect200(List<String> headers) throws IOException {
        if (headers.isEmpty() || !headers.getFirst().startsWith("HTTP/1.1 200")) {
            throw new IOException("unexpected response: " + headers);
        }
    }

    private static String header(List<String> headers, String name) throws IOException {
        for (String line : headers) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().toLowerCase(Locale.ROOT).equals(name)) {
                return line.substring(colon + 1).strip();
            }
        }
        throw new IOException("no " + name + " header in " + headers);
    }

    /** The status line and header lines, up to the blank line. */
    private static List<String> readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before the response headers ended");
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return List.of(head.toString(StandardCharsets.ISO_8859_1).strip().split("\r\n"));
    }
}
