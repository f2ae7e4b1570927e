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
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainHttpClient} against a server scripted byte by byte on a real socket: what goes on the wire,
 * how each body framing is read, when a connection is kept, and how a closed, silent or malformed server
 * ends an exchange.
 */
class PlainHttpClientTest {
    private final PlainHttpClient client = new PlainHttpClient(Duration.ofSeconds(2));
    private RawServer server;

    @AfterEach
    void close() throws IOException {
        client.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aPostCarriesItsHeadersAndBodyAndAnswersAreReadOnOneKeptConnection() throws Exception {
        server = new RawServer(request -> ok("{\"n\":" + request.body().length() + "}"));
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> response = client.send(post("{\"a\":" + i + "}").header("X-Trace", "t" + i).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("{\"n\":7}");
            assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        }
        assertThat(server.connections.get()).as("one keep-alive connection").isEqualTo(1);
        RawServer.Request first = server.requests.getFirst();
        assertThat(first.line()).isEqualTo("POST /mcp?x=1 HTTP/1.1");
        assertThat(first.head()).contains("Host: 127.0.0.1:" + server.port(), "X-Trace: t0", "Content-Length: 7",
                "User-Agent: mcphost");
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
        HttpResponse<InputStream> stream = client.send(HttpRequest.newBuilder(server.uri()).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        InputStream body = stream.body();
        byte[] first = body.readNBytes(13);
        assertThat(new String(first, StandardCharsets.UTF_8)).as("the first chunk, before the second was sent")
                .isEqualTo("data: first\n\n");
        secondEvent.countDown();
        assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("data: second\n\n");
        body.close();
        client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(server.connections.get()).as("the stream's connection carried the next request").isEqualTo(1);
    }

    @Test
    void connectionsTheServerClosedWhileIdleAreNotUsedAgain() throws Exception {
        // Two pooled connections, both closed by the server after 50 ms idle (as servers do after 5 s).
        server = new RawServer(request -> ok("{}") + RawServer.CLOSE_WHEN_IDLE);
        CompletableFuture<HttpResponse<String>> a = client.sendAsync(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        CompletableFuture<HttpResponse<String>> b = client.sendAsync(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        a.get(2, TimeUnit.SECONDS);
        b.get(2, TimeUnit.SECONDS);
        int before = server.connections.get();
        Thread.sleep(300);
        assertThat(client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("{}");
        assertThat(server.connections.get()).as("a new connection, not a dead pooled one").isEqualTo(before + 1);
        assertThat(server.requests).hasSize(3);
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
        client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        assertThatThrownBy(() -> client.send(post("\"second\"").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
        client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        assertThatThrownBy(() -> client.send(post("\"fourth\"").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
        assertThat(server.requests).extracting(RawServer.Request::body).containsExactly("{}", "\"second\"", "{}", "\"fourth\"");
    }

    @Test
    void connectionCloseAndABodyFramedByTheConnectionsEndAreNotReused() throws Exception {
        server = new RawServer(request -> "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"end\":true}" + RawServer.HANG_UP);
        assertThat(client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("{\"end\":true}");
        assertThat(client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("{\"end\":true}");
        assertThat(server.connections.get()).isEqualTo(2);
    }

    @Test
    void interimAnswersAreSkippedAndAnEmptyAnswerHasNoBody() throws Exception {
        server = new RawServer(request -> "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n");
        HttpResponse<String> response = client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void malformedOrFloodingAnswersFailTheExchangeWithAClearError() throws Exception {
        server = new RawServer(request -> request.body().equals("\"junk\"") ? "SSH-2.0-OpenSSH\r\n\r\n"
                : request.body().equals("\"flood\"") ? "HTTP/1.1 200 OK\r\nX: " + "a".repeat(20_000) + "\r\n\r\n"
                : "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort" + RawServer.HANG_UP);
        assertThatThrownBy(() -> client.send(post("\"junk\"").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class).hasMessageContaining("not an HTTP/1.1 answer");
        assertThatThrownBy(() -> client.send(post("\"flood\"").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class).hasMessageContaining("exceeds");
        assertThatThrownBy(() -> client.send(post("\"short\"").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class).hasMessageContaining("short of its Content-Length");
    }

    @Test
    void aSilentServerEndsAtTheRequestsTimeoutAndShutdownEndsABlockedStreamAtOnce() throws Exception {
        server = new RawServer(request -> request.line().startsWith("GET")
                ? "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" + RawServer.AWAIT
                : RawServer.AWAIT);
        server.gate = new CountDownLatch(1); // never opened
        long start = System.nanoTime();
        assertThatThrownBy(() -> client.send(post("{}").timeout(Duration.ofMillis(200)).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(HttpTimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));

        InputStream body = client.send(HttpRequest.newBuilder(server.uri()).GET().build(), HttpResponse.BodyHandlers.ofInputStream()).body();
        CompletableFuture<Throwable> reading = CompletableFuture.supplyAsync(() -> {
            try {
                body.read();
                return null;
            } catch (IOException e) {
                return e;
            }
        });
        Thread.sleep(100);
        client.shutdownNow();
        assertThat(reading.get(2, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(client.isTerminated()).isTrue();
        assertThatThrownBy(() -> client.send(post("{}").build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class).hasMessageContaining("shut down");
    }

    @Test
    void cancellingAnExchangeBeforeItsAnswerClosesItsConnection() throws Exception {
        server = new RawServer(request -> RawServer.AWAIT);
        server.gate = new CountDownLatch(1);
        CompletableFuture<HttpResponse<String>> future = client.sendAsync(post("{}").build(), HttpResponse.BodyHandlers.ofString());
        server.received.await(2, TimeUnit.SECONDS);
        future.cancel(true);
        assertThat(server.closedByClient.await(2, TimeUnit.SECONDS)).as("the server saw the connection end").isTrue();
        assertThatThrownBy(future::get).isInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void aRefusedConnectionIsAnIOException() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        assertThatThrownBy(() -> client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(java.net.ConnectException.class);
        assertThatThrownBy(() -> client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/mcp")).GET().build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class).hasMessageContaining("plain http only");
    }

    private HttpRequest.Builder post(String json) {
        return HttpRequest.newBuilder(URI.create(server.uri() + "?x=1")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
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
        /** Keeps the connection for the next request, but closes it after 50 ms without one. */
        static final String CLOSE_WHEN_IDLE = "\u0000idle\u0000";

        record Request(String line, String head, String body) {
        }

        interface Script {
            String answer(Request request);
        }

        final AtomicInteger connections = new AtomicInteger();
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
                while (true) {
                    Request request = read(in);
                    if (request == null) {
                        closedByClient.countDown();
                        return;
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
                            s.setSoTimeout(50);
                            try {
                                in.mark(1);
                                if (in.read() < 0) {
                                    return;
                                }
                                in.reset();
                            } catch (java.net.SocketTimeoutException idle) {
                                return; // idle too long: closed, as a server's keep-alive timeout does
                            } finally {
                                if (!s.isClosed()) {
                                    s.setSoTimeout(0);
                                }
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
