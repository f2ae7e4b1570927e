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
 * The client side of the {@code streams} scenario, a process of its own so that its sockets count
 * against its own file-descriptor limit, not the server's: opens N Streamable HTTP sessions on
 * 127.0.0.1 (initialize answered as JSON, then a GET stream whose response headers and first event
 * are read), prints {@code open <ok> <failed> <millis>} once all are open, and holds every stream,
 * never reading, until its standard input closes. Raw sockets, so that a client library's memory and
 * threads stay out of the picture; {@code 64} sessions are set up at a time, under the server's
 * listen backlog.
 *
 * <pre>java -cp ... io.mcphost.bench.scenario.StreamHolder http://127.0.0.1:PORT/mcp 10000</pre>
 */
public final class StreamHolder {
    private static final int AT_ONCE = 64;

    private StreamHolder() {
    }

    /** Opens the streams, reports, holds them until stdin closes, then exits. */
    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0]);
        int count = Integer.parseInt(args[1]);
        ConcurrentLinkedQueue<Socket> open = new ConcurrentLinkedQueue<>();
        AtomicInteger failed = new AtomicInteger();
        Semaphore slots = new Semaphore(AT_ONCE);
        long start = System.nanoTime();
        try (ExecutorService setup = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                slots.acquire();
                setup.submit(() -> {
                    try {
                        open.add(openStream(endpoint));
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

    private static Socket openStream(URI endpoint) throws IOException {
        Socket socket = new Socket(endpoint.getHost(), endpoint.getPort());
        try {
            socket.setSoTimeout(60_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            String host = endpoint.getHost() + ":" + endpoint.getPort();
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"stream-holder\",\"version\":\"1\"}}}")
                    .getBytes(StandardCharsets.UTF_8);
            out.write(("POST " + endpoint.getPath() + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            List<String> headers = readHead(in);
            expect200(headers);
            String session = header(headers, "mcp-session-id");
            long length = Long.parseLong(header(headers, "content-length"));
            in.readNBytes((int) length);
            out.write(("GET " + endpoint.getPath() + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: text/event-stream\r\n"
                    + "Mcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n")
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
