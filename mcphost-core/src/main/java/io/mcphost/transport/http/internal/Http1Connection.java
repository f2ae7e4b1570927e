package io.mcphost.transport.http.internal;

import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
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
    record Head(int status, HttpHeaders headers, boolean keepAlive, boolean http11) {
    }

    /**
     * A reused connection on which the request could not even be written: the server had closed it
     * while it was idle, so it never saw the request, which may be sent again on a new connection.
     */
    static final class Stale extends IOException {
        private static final long serialVersionUID = 1L;

        Stale(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Header names this class writes itself, or that would change the framing: never taken from the request. */
    private static final java.util.Set<String> OWN_HEADERS = java.util.Set.of("host", "content-length", "transfer-encoding",
            "connection", "te", "upgrade", "expect", "keep-alive", "proxy-connection");

    private final SocketChannel channel;
    private final Socket socket;
    private final ConnectionInput in;
    private final OutputStream out;
    private final String authority;
    private int exchanges;
    private long idleSinceNanos;
    private boolean reusable = true;
    private volatile Runnable onAbort = () -> { };

    private Http1Connection(SocketChannel channel, String authority) throws IOException {
        this.channel = channel;
        this.socket = channel.socket();
        this.in = new ConnectionInput(socket.getInputStream(), 16 * 1024);
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
        // A channel, used through its blocking socket adaptor, so that a pooled connection can be probed
        // without blocking before it is used again (alive()).
        SocketChannel channel = SocketChannel.open();
        try {
            channel.socket().setTcpNoDelay(true); // a request is written in one flush; never wait for an ACK before it leaves
            channel.socket().connect(address, (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
            return new Http1Connection(channel, authority(uri));
        } catch (SocketTimeoutException e) {
            channel.close();
            throw new java.net.http.HttpConnectTimeoutException("connecting to " + authority(uri) + " timed out after " + timeout);
        } catch (IOException | RuntimeException e) {
            channel.close();
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
     * @throws Stale when the request could not be written to a reused connection (the server had closed it)
     * @throws HttpTimeoutException when the head did not come within the request's timeout
     * @throws IOException when writing or reading fails or the answer is not HTTP/1.1
     */
    Head exchange(HttpRequest request, byte[] body) throws IOException {
        exchanges++;
        try {
            write(request, body);
        } catch (IOException e) {
            reusable = false;
            // Nothing of the request reached a server that had closed the connection: safe to send again.
            // Once written, it is not: the server may have acted on it (the JDK client does not resend a POST either).
            throw reused() ? new Stale("the pooled connection to " + authority + " was closed by the server", e) : e;
        }
        long deadline = request.timeout().map(t -> System.nanoTime() + t.toNanos()).orElse(0L);
        try {
            while (true) {
                Head head = head(line(deadline), deadline);
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
            throw e;
        }
    }

    /**
     * Whether an idle connection can carry a request: the server has not closed it and sent nothing
     * unasked (a 408, stray bytes) since the last answer. A non-blocking read of the socket, no wait.
     */
    boolean alive() {
        if (!reusable || !channel.isOpen()) {
            return false;
        }
        try {
            if (in.available() > 0) {
                return false;
            }
            channel.configureBlocking(false);
            try {
                return channel.read(ByteBuffer.allocate(1)) == 0; // -1: closed by the server; 1: unasked bytes
            } finally {
                channel.configureBlocking(true);
            }
        } catch (IOException | RuntimeException e) {
            return false;
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
            String name = header.getKey();
            if (OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                continue; // framing is this class's alone: a second Content-Length would desynchronise the connection
            }
            agent |= name.equalsIgnoreCase("User-Agent");
            for (String value : header.getValue()) {
                if (!token(name) || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0 || value.indexOf(0) >= 0) {
                    throw new IOException("header '" + (token(name) ? name : "?") + "' is not valid in HTTP/1.1");
                }
                head.append(name).append(": ").append(value).append("\r\n");
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

    private Head head(String status, long deadline) throws IOException {
        // HTTP-version SP status-code SP [reason-phrase]
        if (!status.startsWith("HTTP/1.") || status.length() < 12 || status.charAt(8) != ' '
                || (status.length() > 12 && status.charAt(12) != ' ')) {
            throw new IOException("not an HTTP/1.1 answer: '" + printable(status) + "'");
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            char c = status.charAt(i);
            if (c < '0' || c > '9') {
                throw new IOException("not an HTTP status line: '" + printable(status) + "'");
            }
            code = code * 10 + (c - '0');
        }
        if (code < 100) {
            throw new IOException("not an HTTP status line: '" + printable(status) + "'");
        }
        boolean http11 = status.charAt(7) == '1';
        Map<String, List<String>> fields = new LinkedHashMap<>();
        int total = status.length();
        for (String line = line(deadline); !line.isEmpty(); line = line(deadline)) {
            total += line.length();
            if (total > MAX_HEAD) {
                throw new IOException("the answer's header section exceeds " + MAX_HEAD + " bytes");
            }
            int colon = line.indexOf(':');
            String name = colon <= 0 ? "" : line.substring(0, colon);
            if (!token(name)) {
                // No whitespace before the colon (RFC 9112 5.1) and no obsolete line folding (5.2).
                throw new IOException("malformed header line in the answer");
            }
            fields.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>()).add(line.substring(colon + 1).strip());
        }
        HttpHeaders headers = HttpHeaders.of(fields, (n, v) -> true);
        boolean close = headers.allValues("connection").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("close"));
        return new Head(code, headers, http11 && !close, http11);
    }

    /** A header field name: one or more token characters (RFC 9110 5.6.2). */
    private static boolean token(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
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
            String[] codings = coding.getLast().split(",");
            String last = codings[codings.length - 1].strip().toLowerCase(Locale.ROOT);
            if (!head.headers().allValues("content-length").isEmpty() || !head.http11()) {
                reusable = false; // both framings, or chunked from HTTP/1.0: the body is read, the connection not trusted (RFC 9112 6.1, 6.3)
            }
            if (last.equals("chunked") && head.http11()) {
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
        return reusable && channel.isOpen();
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
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to free
        }
        onAbort.run();
    }

    /** Runs {@code action} when the connection is aborted (a body pump waiting for demand must end too). */
    void onAbort(Runnable action) {
        onAbort = action;
    }

    /**
     * One line without its CRLF (a bare LF is accepted, RFC 9112 2.2), read by {@code deadline}
     * ({@link System#nanoTime()}; 0: none).
     */
    private String line(long deadline) throws IOException {
        if (deadline != 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new SocketTimeoutException();
            }
            socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
        }
        String line;
        try {
            line = in.readLine(MAX_LINE);
        } catch (EOFException e) {
            throw new EOFException("the answer ended in its header section");
        }
        if (line == null) {
            throw new EOFException("the server closed the connection without answering");
        }
        if (line.indexOf('\r') >= 0 || line.indexOf(0) >= 0) {
            throw new IOException("a bare CR or NUL in the answer's head"); // RFC 9112 2.2
        }
        return line;
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
