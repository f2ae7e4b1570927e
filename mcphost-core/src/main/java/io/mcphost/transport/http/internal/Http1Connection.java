package io.mcphost.transport.http.internal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection of a {@link PlainHttpClient}: a plain TCP socket, used by one exchange at a
 * time. Writes a request, reads the status line and headers, and gives the body as an
 * {@link InputStream} framed by {@code Content-Length}, chunked transfer coding or the connection's end
 * (RFC 9112, section 6.3). Whether the connection may carry another exchange is known once that body has
 * been read to its end. Not thread-safe, except {@link #abort()}, which any thread may call to end a
 * blocked read or write.
 */
final class Http1Connection {
    /** Longest status or header line, and the whole header section: a flood is an error, not a buffer. */
    private static final int MAX_LINE = 16 * 1024;
    private static final int MAX_HEAD = 256 * 1024;

    /** The status line and headers of a response. */
    record Head(int status, HttpHeaders headers, boolean keepAlive) {
    }

    /** A reused connection that failed before any byte of the answer: the server had closed it while it was idle. */
    static final class Stale extends IOException {
        private static final long serialVersionUID = 1L;

        Stale(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String authority;
    private int exchanges;
    private long idleSinceNanos;
    private boolean reusable = true;

    private Http1Connection(Socket socket, String authority) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        this.out = new BufferedOutputStream(socket.getOutputStream(), 8 * 1024);
        this.authority = authority;
    }

    /** Connects to {@code uri}'s host and port (80 when none) within {@code timeout}. */
    static Http1Connection open(URI uri, Duration timeout) throws IOException {
        String host = uri.getHost();
        if (host == null) {
            throw new IOException("no host in " + uri.getScheme() + " URI");
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        InetSocketAddress address = new InetSocketAddress(bare, port);
        if (address.isUnresolved()) {
            throw new java.net.UnknownHostException("unknown host " + bare);
        }
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true); // a request is written in one flush; never wait for an ACK before it leaves
            socket.connect(address, (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
            return new Http1Connection(socket, authority(uri));
        } catch (SocketTimeoutException e) {
            socket.close();
            throw new java.net.http.HttpConnectTimeoutException("connecting to " + authority(uri) + " timed out after " + timeout);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    static String authority(URI uri) {
        return uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
    }

    String authority() {
        return authority;
    }

    /** Whether this connection carried an exchange before the current one. */
    boolean reused() {
        return exchanges > 1;
    }

    /**
     * Writes {@code request} with {@code body} (null: none) and reads the answer's head, skipping
     * interim (1xx) answers. The request's timeout, if any, bounds the wait for the head.
     *
     * @throws Stale when a reused connection ended before the first byte of the answer
     * @throws HttpTimeoutException when the head did not come within the request's timeout
     * @throws IOException when writing or reading fails or the answer is not HTTP/1.1
     */
    Head exchange(HttpRequest request, byte[] body) throws IOException {
        exchanges++;
        boolean answered = false;
        try {
            write(request, body);
            socket.setSoTimeout(request.timeout().map(t -> (int) Math.min(Integer.MAX_VALUE, Math.max(1, t.toMillis()))).orElse(0));
            while (true) {
                String status = line(!answered);
                answered = true;
                Head head = head(status);
                if (head.status() >= 200) {
                    socket.setSoTimeout(0); // the body streams for as long as it streams (an SSE stream: hours)
                    return head;
                }
                if (head.status() == 101) {
                    throw new IOException("the server switched protocols (101), which McpHost does not ask for");
                }
            }
        } catch (SocketTimeoutException e) {
            reusable = false;
            throw new HttpTimeoutException("no answer within " + request.timeout().orElseThrow());
        } catch (IOException e) {
            reusable = false;
            if (!answered && reused() && !(e instanceof HttpTimeoutException)) {
                throw new Stale("the pooled connection to " + authority + " was closed by the server", e);
            }
            throw e;
        }
    }

    private void write(HttpRequest request, byte[] body) throws IOException {
        URI uri = request.uri();
        StringBuilder head = new StringBuilder(256);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        head.append(request.method()).append(' ').append(path);
        if (uri.getRawQuery() != null) {
            head.append('?').append(uri.getRawQuery());
        }
        head.append(" HTTP/1.1\r\nHost: ").append(authority).append("\r\n");
        boolean agent = false;
        // The request's headers passed the JDK's builder checks (names are tokens, values have no CR/LF,
        // Host, Connection and Content-Length cannot be set), so they are written as they are.
        for (Map.Entry<String, List<String>> header : request.headers().map().entrySet()) {
            agent |= header.getKey().equalsIgnoreCase("User-Agent");
            for (String value : header.getValue()) {
                head.append(header.getKey()).append(": ").append(value).append("\r\n");
            }
        }
        if (!agent) {
            head.append("User-Agent: mcphost\r\n");
        }
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.write(body);
        }
        out.flush();
    }

    private Head head(String status) throws IOException {
        // HTTP-version SP status-code SP [reason-phrase]
        if (!status.startsWith("HTTP/1.") || status.length() < 12 || status.charAt(8) != ' ') {
            throw new IOException("not an HTTP/1.1 answer: '" + printable(status) + "'");
        }
        int code;
        try {
            code = Integer.parseInt(status.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP status line: '" + printable(status) + "'");
        }
        boolean http11 = status.charAt(7) == '1';
        Map<String, List<String>> fields = new LinkedHashMap<>();
        int total = status.length();
        for (String line = line(false); !line.isEmpty(); line = line(false)) {
            total += line.length();
            if (total > MAX_HEAD) {
                throw new IOException("the answer's header section exceeds " + MAX_HEAD + " bytes");
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                throw new IOException("malformed header line in the answer"); // obsolete folding included (RFC 9112 5.2)
            }
            String name = line.substring(0, colon).strip();
            fields.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>()).add(line.substring(colon + 1).strip());
        }
        HttpHeaders headers = HttpHeaders.of(fields, (n, v) -> true);
        boolean close = headers.allValues("connection").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("close"));
        return new Head(code, headers, http11 && !close);
    }

    /**
     * The body of an answer with {@code head} to a request with {@code method}. Once read to its end,
     * {@link #reusable()} tells whether the connection may carry another exchange.
     *
     * @throws IOException when the framing headers contradict each other
     */
    InputStream body(String method, Head head) throws IOException {
        reusable = head.keepAlive();
        int status = head.status();
        if (method.equals("HEAD") || status == 204 || status == 304) {
            return InputStream.nullInputStream();
        }
        List<String> coding = head.headers().allValues("transfer-encoding");
        if (!coding.isEmpty()) {
            String last = coding.getLast().toLowerCase(Locale.ROOT);
            if (last.endsWith("chunked")) {
                return new ChunkedBody(in, MAX_LINE);
            }
            reusable = false; // framed by the end of the connection
            return in;
        }
        List<String> lengths = head.headers().allValues("content-length");
        if (!lengths.isEmpty()) {
            long length;
            try {
                length = Long.parseLong(lengths.getFirst());
            } catch (NumberFormatException e) {
                throw new IOException("malformed Content-Length in the answer");
            }
            if (length < 0 || lengths.stream().anyMatch(l -> !l.equals(lengths.getFirst()))) {
                throw new IOException("contradictory Content-Length in the answer");
            }
            return new FixedBody(in, length);
        }
        reusable = false;
        return in;
    }

    /** Whether the last answer's body, read to its end, leaves the connection usable for another exchange. */
    boolean reusable() {
        return reusable && !socket.isClosed();
    }

    void idleSince(long nanos) {
        idleSinceNanos = nanos;
    }

    long idleSinceNanos() {
        return idleSinceNanos;
    }

    /** Closes the socket; a read or write blocked on it fails at once. Any thread. */
    void abort() {
        reusable = false;
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing left to free
        }
    }

    /** One line without its CRLF (a bare LF is accepted, RFC 9112 2.2). */
    private String line(boolean first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int b = in.read();
        if (b < 0) {
            throw new EOFException(first ? "the server closed the connection without answering" : "the answer ended in its header section");
        }
        while (b != '\n') {
            if (b < 0) {
                throw new EOFException("the answer ended in its header section");
            }
            if (line.size() >= MAX_LINE) {
                throw new IOException("a line of the answer's head exceeds " + MAX_LINE + " bytes");
            }
            line.write(b);
            b = in.read();
        }
        byte[] bytes = line.toByteArray();
        int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
    }

    private static String printable(String s) {
        String cut = s.length() > 40 ? s.substring(0, 40) + "..." : s;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** A body of known length: ends after it, never reads into the next answer. */
    private static final class FixedBody extends InputStream {
        private final InputStream in;
        private long left;

        FixedBody(InputStream in, long length) {
            this.in = in;
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left == 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new EOFException("the answer's body ended " + left + " bytes short of its Content-Length");
            }
            left -= n;
            return n;
        }
    }
}
