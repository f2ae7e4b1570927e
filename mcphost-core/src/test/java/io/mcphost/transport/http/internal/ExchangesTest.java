package io.mcphost.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Exchanges} over the HTTP library (Jetty's client, as {@link HttpClients} sets it up) against a
 * server scripted byte by byte on a real socket: what goes on the wire, how each body framing is read,
 * when a connection is kept, and how a closed, silent or malformed server ends an exchange, and what
 * aborting does.
 */
class ExchangesTest {
    private final HttpClient client = HttpClients.start("test", Duration.ofSeconds(2), null);
    private RawServer server;
    private Exchanges exchanges;

    @AfterEach
    void close() throws IOException {
        HttpClients.stop(client);
        if (server != null) {
            server.close();
        }
    }

    private Exchanges exchanges() {
        if (exchanges == null) {
            exchanges = new Exchanges(client, new HttpSettings("test", server.uri(), Map.of(), Duration.ofSeconds(2),
                    1 << 20, 0, Duration.ZERO, false, null, null));
        }
        return exchanges;
    }

    /** Sends and reads the whole body as text. */
    private String text(Outgoing request) throws IOException {
        Incoming response = exchanges().send(request);
        try {
            return HttpErrors.readBounded(response.body(), 1 << 20);
        } finally {
            exchanges().done(response.body());
        }
    }

    @Test
    void aPostCarriesItsHeadersAndBodyAndAnswersAreReadOnOneKeptConnection() throws Exception {
        server = new RawServer(request -> ok("{\"n\":" + request.body().length() + "}"));
        for (int i = 0; i < 3; i++) {
            settle();
            Incoming response = exchanges().send(post("{\"a\":" + i + "}").header("X-Trace", "t" + i));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(HttpErrors.readBounded(response.body(), 1024)).isEqualTo("{\"n\":7}");
            assertThat(response.header("content-type")).hasValue("application/json");
            exchanges().done(response.body());
        }
        assertThat(server.connections.get()).as("one keep-alive connection").isEqualTo(1);
        RawServer.Request first = server.requests.getFirst();
        assertThat(first.line()).isEqualTo("POST /mcp?x=1 HTTP/1.1");
        assertThat(first.head()).contains("Host: 127.0.0.1:" + server.port(), "X-Trace: t0", "Content-Length: 7",
                "User-Agent: mcphost");
        assertThat(first.head().toLowerCase(java.util.Locale.ROOT)).as("no compression asked for, no cookies")
                .doesNotContain("accept-encoding", "cookie");
        assertThat(first.body()).isEqualTo("{\"a\":0}");
    }

    @Test
    void aChunkedStreamIsDecodedAsItArrivesAndItsTrailersLeaveTheConnectionReusable() throws Exception {
        CountDownLatch secondEvent = new CountDownLatch(1);
        server = new RawServer(request -> request.line().startsWith("GET")
                ? "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "d;ext=1\r\ndata: first\n\n\r\n" + RawServer.AWAIT + "e\r\ndata: second\n\n\r\n0\r\nX-Trailer: t\r\n\r\n"
                : ok("{}"));
        server.gate = secondEvent;
        Incoming stream = exchanges().send(new Outgoing(server.uri()).GET());
        InputStream body = stream.body();
        byte[] first = body.readNBytes(13);
        assertThat(new String(first, StandardCharsets.UTF_8)).as("the first chunk, before the second was sent")
                .isEqualTo("data: first\n\n");
        secondEvent.countDown();
        assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("data: second\n\n");
        exchanges().done(body);
        settle();
        text(post("{}"));
        assertThat(server.connections.get()).as("the stream's connection carried the next request").isEqualTo(1);
    }

    @Test
    void connectionsTheServerClosedWhileIdleAreNotUsedAgain() throws Exception {
        // Two pooled connections, both closed by the server once they are idle (as servers do after 5 s).
        server = new RawServer(request -> ok("{}") + RawServer.CLOSE_WHEN_IDLE);
        CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> quietly(post("{}")));
        CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> quietly(post("{}")));
        a.get(10, TimeUnit.SECONDS);
        b.get(10, TimeUnit.SECONDS);
        int before = server.connections.get();
        // A connection the client opened but sent nothing on (on a loaded machine the first call may be done
        // before the second is sent, which then reuses its connection) is never idle-closed by this server.
        int served = server.servedConnections.get();
        server.closeIdle.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.closedIdle.get() < served && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(server.closedIdle.get()).as("the server closed its idle connections").isEqualTo(served);
        // The client hears each close on its selector and drops the connection from its pool; the test is that it
        // then opens a new one (waited for in the pool, not for a fixed time: a loaded machine's selector runs late).
        var pool = (org.eclipse.jetty.client.AbstractConnectionPool) client.getDestinations().getFirst().getConnectionPool();
        while (pool.getConnectionCount() > before - served && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(pool.getConnectionCount()).as("pooled connections left after the server closed the served ones")
                .isEqualTo(before - served);
        assertThat(text(post("{}"))).isEqualTo("{}");
        assertThat(server.requests).hasSize(3);
        if (served == before) {
            assertThat(server.connections.get()).as("a new connection, not a dead pooled one").isEqualTo(before + 1);
        } else {
            // An open, never-used connection may carry it; a closed one never does (the request would have failed).
            assertThat(server.connections.get()).isBetween(before, before + 1);
        }
    }

    /**
     * The library returns a connection to its pool just after the body's end reached the reader (on its
     * own thread): a request sent in that instant opens a second connection. Unlike item 14's own client,
     * which pooled it before the reader heard of the end; the reuse itself is what these tests check.
     */
    private static void settle() throws InterruptedException {
        Thread.sleep(50);
    }

    private String quietly(Outgoing request) {
        try {
            return text(request);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aRequestTheServerReadIsNeverSentAgainWhateverHappensToItsAnswer() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        server = new RawServer(request -> switch (calls.incrementAndGet()) {
            case 1 -> ok("{}"); // the connection is pooled
            case 2 -> RawServer.HANG_UP; // read, then the connection dropped: no answer at all
            case 3 -> ok("{}");
            case 4 -> "HTTP/1.1 5" + RawServer.HANG_UP; // an answer cut short
            default -> ok("{\"again\":true}");
        });
        text(post("{}"));
        assertThatThrownBy(() -> text(post("\"second\""))).isInstanceOf(IOException.class);
        text(post("{}"));
        assertThatThrownBy(() -> text(post("\"fourth\""))).isInstanceOf(IOException.class);
        assertThat(server.requests).extracting(RawServer.Request::body).containsExactly("{}", "\"second\"", "{}", "\"fourth\"");
    }

    @Test
    void connectionCloseAndABodyFramedByTheConnectionsEndAreNotReused() throws Exception {
        server = new RawServer(request -> "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"end\":true}" + RawServer.HANG_UP);
        assertThat(text(post("{}"))).isEqualTo("{\"end\":true}");
        assertThat(text(post("{}"))).isEqualTo("{\"end\":true}");
        // Not reused: each request had a connection of its own (the library may open one more ahead of need).
        assertThat(server.connections.get()).isGreaterThanOrEqualTo(2);
        assertThat(server.requests).hasSize(2);
    }

    @Test
    void interimAnswersAreSkippedAndAnEmptyAnswerHasNoBody() throws Exception {
        server = new RawServer(request -> "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n");
        Incoming response = exchanges().send(post("{}"));
        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(HttpErrors.readBounded(response.body(), 1024)).isEmpty();
    }

    @Test
    void malformedOrFloodingAnswersFailTheExchangeWithAClearError() throws Exception {
        server = new RawServer(request -> request.body().equals("\"junk\"") ? "SSH-2.0-OpenSSH\r\n\r\n"
                : request.body().equals("\"flood\"") ? "HTTP/1.1 200 OK\r\nX: " + "a".repeat(20_000) + "\r\n\r\n"
                : "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort" + RawServer.HANG_UP);
        // A junk answer may leave the library waiting for a status line: the request's deadline ends it.
        assertThatThrownBy(() -> text(post("\"junk\"").timeout(Duration.ofSeconds(2)))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> text(post("\"flood\"").timeout(Duration.ofSeconds(2)))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> text(post("\"short\"").timeout(Duration.ofSeconds(2)))).isInstanceOf(IOException.class);
    }

    @Test
    void aSilentServerEndsAtTheRequestsTimeoutAndAbortingEndsABlockedStreamAtOnce() throws Exception {
        server = new RawServer(request -> request.line().startsWith("GET")
                ? "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" + RawServer.AWAIT
                : RawServer.AWAIT);
        server.gate = new CountDownLatch(1); // never opened
        long start = System.nanoTime();
        assertThat(exchanges().sendDiscarding(post("{}"), Duration.ofMillis(200))).isEqualTo(-1);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));

        InputStream body = exchanges().send(new Outgoing(server.uri()).GET()).body();
        CompletableFuture<Throwable> reading = CompletableFuture.supplyAsync(() -> {
            try {
                body.read();
                return null;
            } catch (IOException e) {
                return e;
            }
        });
        Thread.sleep(100);
        exchanges().abortAll();
        assertThat(reading.get(2, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(exchanges().isClosed()).isTrue();
        assertThatThrownBy(() -> text(post("{}"))).isInstanceOf(IOException.class).hasMessageContaining("closed");
    }

    @Test
    void abortingAnExchangeBeforeItsAnswerClosesItsConnection() throws Exception {
        server = new RawServer(request -> RawServer.AWAIT);
        server.gate = new CountDownLatch(1);
        CompletableFuture<Throwable> sending = CompletableFuture.supplyAsync(() -> {
            try {
                text(post("{}"));
                return null;
            } catch (IOException e) {
                return e;
            }
        });
        server.received.await(2, TimeUnit.SECONDS);
        exchanges().abortAll();
        assertThat(server.closedByClient.await(2, TimeUnit.SECONDS)).as("the server saw the connection end").isTrue();
        assertThat(sending.get(2, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
    }

    @Test
    void aRefusedConnectionIsAnIOException() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        server = new RawServer(request -> ok("{}"));
        assertThatThrownBy(() -> text(new Outgoing(URI.create("http://127.0.0.1:" + port + "/mcp")).POST("{}")))
                .isInstanceOf(java.net.ConnectException.class);
        assertThatThrownBy(() -> text(new Outgoing(URI.create("https://127.0.0.1:" + port + "/mcp")).GET()))
                .isInstanceOf(IOException.class);
    }

    private Outgoing post(String json) {
        return new Outgoing(URI.create(server.uri() + "?x=1")).header("Content-Type", "application/json").POST(json);
    }

    private static String ok(String json) {
        return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + json.length() + "\r\n\r\n" + json;
    }

    /**
     * A server on a real socket that answers each request with the script's bytes; {@link #AWAIT} in a
     * script waits for {@link #gate}, {@link #HANG_UP} closes the connection.
     */
    private static final class RawServer implements AutoCloseable {
        static final String AWAIT = "\u0000await\u0000";
        static final String HANG_UP = "\u0000hangup\u0000";
        /**
         * Keeps the connection for the next request, but closes it once {@link #closeIdle} opens while no request
         * came (as a server's keep-alive timeout does; the test says when, so a slow machine cannot make it early).
         */
        static final String CLOSE_WHEN_IDLE = "\u0000idle\u0000";
        /** Opened by the test: connections waiting idle after {@link #CLOSE_WHEN_IDLE} are closed. */
        final CountDownLatch closeIdle = new CountDownLatch(1);

        record Request(String line, String head, String body) {
        }

        interface Script {
            String answer(Request request);
        }

        final AtomicInteger connections = new AtomicInteger();
        /** Connections that ended while idle ({@link #CLOSE_WHEN_IDLE}): this server closed them, or the client did first. */
        final AtomicInteger closedIdle = new AtomicInteger();
        /** Connections that carried at least one request. */
        final AtomicInteger servedConnections = new AtomicInteger();
        final List<Request> requests = new CopyOnWriteArrayList<>();
        final CountDownLatch received = new CountDownLatch(1);
        final CountDownLatch closedByClient = new CountDownLatch(1);
        volatile CountDownLatch gate = new CountDownLatch(0);
        private final ServerSocket socket;
        private final Script script;
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        RawServer(Script script) throws IOException {
            this.script = script;
            this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(this::accept);
        }

        int port() {
            return socket.getLocalPort();
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + port() + "/mcp");
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = socket.accept();
                    accepted.add(s);
                    connections.incrementAndGet();
                    Thread.ofVirtual().start(() -> serve(s));
                }
            } catch (IOException e) {
                // closed
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = new java.io.BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
                boolean first = true;
                while (true) {
                    Request request = read(in);
                    if (request == null) {
                        closedByClient.countDown();
                        return;
                    }
                    if (first) {
                        servedConnections.incrementAndGet();
                        first = false;
                    }
                    requests.add(request);
                    received.countDown();
                    for (String part : split(script.answer(request))) {
                        if (part.equals(AWAIT)) {
                            out.flush();
                            if (!awaitGate(s, in)) {
                                closedByClient.countDown();
                                return;
                            }
                        } else if (part.equals(HANG_UP)) {
                            out.flush();
                            return;
                        } else if (part.equals(CLOSE_WHEN_IDLE)) {
                            out.flush();
                            if (!idleUntilNextRequest(s, in)) {
                                closedIdle.incrementAndGet(); // closed here, or by the client first: as gone
                                return;
                            }
                        } else {
                            out.write(part.getBytes(StandardCharsets.UTF_8));
                        }
                    }
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                closedByClient.countDown();
            }
        }

        /**
         * Waits for the next request (true) or for {@link #closeIdle}, then closes the connection (false); false also
         * when the client closed it first. Looks at both every 20 ms.
         */
        private boolean idleUntilNextRequest(Socket s, InputStream in) throws IOException, InterruptedException {
            s.setSoTimeout(20);
            try {
                while (true) {
                    try {
                        in.mark(1);
                        if (in.read() < 0) {
                            return false;
                        }
                        in.reset();
                        return true;
                    } catch (java.net.SocketTimeoutException quiet) {
                        if (closeIdle.await(0, TimeUnit.MILLISECONDS)) {
                            s.close();
                            return false;
                        }
                    }
                }
            } finally {
                if (!s.isClosed()) {
                    s.setSoTimeout(0);
                }
            }
        }

        /** Waits for the gate; false when the client closed the connection meanwhile (it sends nothing while it waits). */
        private boolean awaitGate(Socket s, InputStream in) throws IOException, InterruptedException {
            s.setSoTimeout(20);
            try {
                while (!gate.await(0, TimeUnit.MILLISECONDS)) {
                    try {
                        if (in.read() < 0) {
                            return false;
                        }
                    } catch (java.net.SocketTimeoutException e) {
                        // still open: wait on
                    }
                }
                return true;
            } finally {
                s.setSoTimeout(0);
            }
        }

        private static List<String> split(String script) {
            List<String> parts = new ArrayList<>();
            int from = 0;
            for (int i = script.indexOf('\u0000'); i >= 0; i = script.indexOf('\u0000', from)) {
                int end = script.indexOf('\u0000', i + 1) + 1;
                parts.add(script.substring(from, i));
                parts.add(script.substring(i, end));
                from = end;
            }
            parts.add(script.substring(from));
            return parts;
        }

        private static Request read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            int b;
            while (matched < 4 && (b = in.read()) >= 0) {
                head.write(b);
                matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
            }
            if (matched < 4) {
                return null;
            }
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int length = 0;
            for (String line : text.split("\r\n")) {
                if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(line.substring(15).strip());
                }
            }
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            return new Request(text.substring(0, text.indexOf("\r\n")), text, body);
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : accepted) {
                s.close();
            }
        }
    }
}
