package io.mcphost.bench.floor;

import io.mcphost.bench.subject.Subject;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * The HTTP floor client: one POST per request on plain blocking sockets (a pool of keep-alive
 * connections, one per concurrent caller), the JSON-RPC text as the body, the session id header,
 * answers read by {@code Content-Length} as strings; no HTTP library and no MCP library. It is the
 * least a Java client can do per call over HTTP/1.1, as {@link RawClient} is over stdio. (It used the
 * JDK's {@code HttpClient} before, whose one selector thread capped it below what McpHost reaches on
 * its own HTTP client.) Only what the floor server sends is understood: fixed-length answers. Over
 * {@code https} each connection is the JDK's {@link SSLSocket}, the host name verified as HTTPS does,
 * and nothing else changes. Thread-safe.
 */
public final class RawHttpClient implements Subject {
    private final URI endpoint;
    private final Duration timeout;
    private final SSLContext tls;
    private final AtomicLong ids = new AtomicLong();
    private final Deque<Connection> idle = new ConcurrentLinkedDeque<>();
    private final Deque<Connection> all = new ConcurrentLinkedDeque<>();
    private volatile String session = "";

    private RawHttpClient(URI endpoint, Duration timeout, SSLContext tls) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.tls = tls;
    }

    /** Runs the handshake against {@code endpoint} and returns the connected client. */
    public static RawHttpClient connect(URI endpoint, Duration timeout) {
        return connect(endpoint, timeout, null);
    }

    /**
     * As {@link #connect(URI, Duration)}; an {@code https} endpoint is reached with {@code tls}
     * (null: the JDK's default context).
     */
    public static RawHttpClient connect(URI endpoint, Duration timeout, SSLContext tls) {
        RawHttpClient client = new RawHttpClient(endpoint, timeout, tls);
        client.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        client.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return client;
    }

    @Override
    public String echo(String text) {
        String answer = post("{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"" + text + "\"}}}");
        return Json.stringValue(answer, "text");
    }

    @Override
    public int listTools() {
        String answer = post("{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":\"tools/list\"}");
        return answer.split("\"name\"", -1).length - 1;
    }

    private String post(String json) {
        Connection connection = idle.pollFirst();
        try {
            if (connection == null) {
                connection = new Connection(endpoint, timeout, tls);
                all.add(connection);
            }
            String answer = connection.post(endpoint, json, session, this);
            idle.offerFirst(connection);
            return answer;
        } catch (IOException e) {
            if (connection != null) {
                connection.close();
            }
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        all.forEach(Connection::close);
    }

    /** One keep-alive connection; used by one caller at a time. */
    private static final class Connection {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;

        Connection(URI endpoint, Duration timeout, SSLContext tls) throws IOException {
            boolean https = endpoint.getScheme().equals("https");
            try {
                socket = https ? (tls == null ? SSLContext.getDefault() : tls).getSocketFactory().createSocket() : new Socket();
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IOException(e);
            }
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            if (socket instanceof SSLSocket secure) {
                SSLParameters parameters = secure.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS"); // as every HTTP client does
                secure.setSSLParameters(parameters);
                secure.startHandshake();
            }
            in = new BufferedInputStream(socket.getInputStream(), 8192);
            out = new BufferedOutputStream(socket.getOutputStream(), 4096);
        }

        String post(URI endpoint, String json, String session, RawHttpClient client) throws IOException {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            String head = "POST " + endpoint.getRawPath() + " HTTP/1.1\r\nHost: " + endpoint.getHost() + ":" + endpoint.getPort()
                    + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + (session.isEmpty() ? "" : "Mcp-Session-Id: " + session + "\r\n")
                    + "Content-Length: " + body.length + "\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            String status = line();
            if (!status.startsWith("HTTP/1.1 2")) {
                throw new IOException("floor server answered '" + status + "'");
            }
            int length = 0;
            for (String line = line(); !line.isEmpty(); line = line()) {
                int colon = line.indexOf(':');
                String name = line.substring(0, colon);
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = Integer.parseInt(line.substring(colon + 1).strip());
                } else if (name.equalsIgnoreCase("Mcp-Session-Id")) {
                    client.session = line.substring(colon + 1).strip();
                }
            }
            return new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream(64);
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("the floor server closed the connection");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing: nothing left to free
            }
        }
    }
}
