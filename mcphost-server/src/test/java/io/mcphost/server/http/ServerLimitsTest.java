package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HTTP server's limits: header size, the idle timeout on stalled I/O, and what it does not time out. */
@Timeout(15)
class ServerLimitsTest {
    private final CountDownLatch gate = new CountDownLatch(1);
    private StreamableHttpServer http;

    @AfterEach
    void stop() {
        gate.countDown();
        if (http != null) {
            http.close(Duration.ofSeconds(2));
        }
    }

    @Test
    void headersOverTheLimitGet431() {
        http = StreamableHttpServer.builder(TestServers.server(gate)).maxHeaderBytes(4 * 1024).start();
        HttpProbe probe = new HttpProbe(http.endpoint());

        HttpResponse<String> big = probe.send(probe.postRequest(HttpProbe.INITIALIZE).header("X-Padding", "x".repeat(8 * 1024))
                .build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> small = probe.post(HttpProbe.INITIALIZE);

        assertThat(big.statusCode()).isEqualTo(431);
        assertThat(small.statusCode()).isEqualTo(200);
        assertThat(http.initializeCount()).isEqualTo(1);
    }

    @Test
    void aClientThatStallsMidBodyIsDisconnectedAfterTheIdleTimeout() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).idleTimeout(Duration.ofMillis(500)).start();
        try (Socket socket = new Socket(http.endpoint().getHost(), http.endpoint().getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: "
                    + HttpProbe.BOTH + "\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();

            InputStream in = socket.getInputStream();
            byte[] rest = in.readAllBytes(); // ends when the server closes the connection

            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(millis).isBetween(400L, 8_000L);
            String answer = new String(rest, StandardCharsets.ISO_8859_1);
            assertThat(answer.isEmpty() || !answer.startsWith("HTTP/1.1 2")).as(answer).isTrue();
        }
        assertThat(http.initializeCount()).isZero();
    }

    @Test
    void aCallOutlastingTheIdleTimeoutIsStillAnsweredInJsonAndSseModes() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).idleTimeout(Duration.ofMillis(300))
                .responseMode(ResponseMode.JSON).start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(1_200); // four idle timeouts with nothing to read or write
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            gate.countDown();
        });

        // A progress token makes the server answer with a stream even in JSON mode; the tool sends none.
        CompletableFuture<HttpResponse<String>> sse = CompletableFuture.supplyAsync(() -> probe.post(call(3, "tools/call",
                "{\"name\":\"gated\",\"arguments\":{},\"_meta\":{\"progressToken\":\"p\"}}")));
        HttpResponse<String> json = probe.post(call(2, "tools/call", "{\"name\":\"gated\",\"arguments\":{}}"));

        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json(json.body()).path("result").path("content").path(0).path("text").asString()).isEqualTo("opened");
        HttpResponse<String> stream = sse.get(10, TimeUnit.SECONDS);
        assertThat(stream.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(stream.headers().firstValue("X-Accel-Buffering")).hasValue("no");
        assertThat(stream.body()).contains("opened");
    }

    @Test
    void aQuietGetStreamOutlivesTheIdleTimeout() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).idleTimeout(Duration.ofMillis(300)).start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        HttpResponse<InputStream> stream = probe.get(null);
        SseReader reader = new SseReader(stream.body());
        assertThat(reader.next()).isPresent(); // the priming event

        CompletableFuture<Optional<SseReader.Event>> next = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> next.complete(reader.next()));

        Thread.sleep(1_200); // nothing to send: the stream waits, which is not the connection idling
        assertThat(next).as("the stream is still open").isNotDone();
        http.dropStreams();
        assertThat(next.get(5, TimeUnit.SECONDS)).isEmpty(); // ended by the server now, not by the idle timeout
        assertThat(http.sessionIds()).containsExactly(probe.sessionId());
    }
}
