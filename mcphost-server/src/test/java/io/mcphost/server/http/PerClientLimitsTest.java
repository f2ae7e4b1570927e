package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Per-client limits: 429 with Retry-After beyond them, for that client only. The rate is proven on an
 * injected clock, never by sleeping.
 */
@Timeout(10)
class PerClientLimitsTest {
    private static final String ALICE = "alice-token";
    private static final String BOB = "bob-token";
    private static final String TOOLS_LIST = call(9, "tools/list", "{}");
    private static final String GATED = call(2, "tools/call", "{\"name\":\"gated\",\"arguments\":{}}");

    private final CountDownLatch gate = new CountDownLatch(1);
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private StreamableHttpServer http;

    @AfterEach
    void stop() {
        gate.countDown();
        if (http != null) {
            http.close(Duration.ofSeconds(2));
        }
    }

    @Test
    void beyondItsConcurrentRequestsAClientGets429AndOthersAreServed() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).bearerTokens(Map.of(ALICE, "alice", BOB, "bob"))
                .maxConcurrentRequestsPerClient(1).start();
        HttpProbe alice = new HttpProbe(http.endpoint(), ALICE, null);
        HttpProbe bob = new HttpProbe(http.endpoint(), BOB, null);
        alice.initialize();
        HttpResponse<InputStream> running = alice.postStreaming(GATED); // its handler waits for the gate

        HttpResponse<String> refused = alice.post(TOOLS_LIST);
        bob.initialize();
        HttpResponse<String> other = bob.post(TOOLS_LIST);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(http.rateLimitedCount()).as("refusals, for metrics").isEqualTo(1);
        // The other streams leave the count when their exchanges end, just after their clients read the end.
        HttpProbe.awaitUntil(() -> http.openStreamCount() == 1, "only the gated call's SSE stream to be open");
        gate.countDown();
        assertThat(new String(running.body().readAllBytes())).contains("opened");
        // The slot is freed once the exchange ends, just after the client saw the stream end.
        HttpProbe.awaitUntil(() -> alice.post(TOOLS_LIST).statusCode() == 200, "alice's slot to be freed");
        HttpProbe.awaitUntil(() -> http.openStreamCount() == 0, "the ended stream to leave the count");
    }

    @Test
    void listenStreamsDoNotTakeAConcurrencySlot() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).maxConcurrentRequestsPerClient(1).start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        HttpResponse<InputStream> legacy = probe.get(null);
        HttpResponse<InputStream> modern = probe.send(HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json").header("Accept", HttpProbe.BOTH)
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "subscriptions/listen")
                .POST(HttpRequest.BodyPublishers.ofString(call(5, "subscriptions/listen", """
                        {"notifications":{"toolsListChanged":true},"_meta":{
                         "io.modelcontextprotocol/protocolVersion":"2026-07-28",
                         "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
                         "io.modelcontextprotocol/clientCapabilities":{}}}"""))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (SseReader legacyEvents = new SseReader(legacy.body()); SseReader modernEvents = new SseReader(modern.body())) {
            assertThat(legacy.statusCode()).isEqualTo(200);
            assertThat(modern.statusCode()).isEqualTo(200);
            assertThat(modernEvents.next()).isPresent(); // the acknowledgement: the listen stream is open
            assertThat(http.openStreamCount()).as("the GET stream and the listen stream").isEqualTo(2);

            HttpResponse<String> call = probe.post(TOOLS_LIST);

            assertThat(call.statusCode()).isEqualTo(200);
        }
    }

    /**
     * A POST takes its concurrency slot only once its body says it runs a request: one whose body has not
     * arrived yet (here: half sent, on a raw socket) holds none, so the client's next call is served. Before,
     * the slot was taken with the headers, and a 2026-07-28 client's listen stream, POSTed beside its first
     * call, could have the call refused until the stream's body had been read (seen in a loaded build).
     */
    @Test
    void aPostWhoseBodyHasNotArrivedHoldsNoSlot() throws Exception {
        http = StreamableHttpServer.builder(TestServers.server(gate)).maxConcurrentRequestsPerClient(1).start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        byte[] body = TOOLS_LIST.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (java.net.Socket slow = new java.net.Socket(http.endpoint().getHost(), http.endpoint().getPort())) {
            java.io.OutputStream out = slow.getOutputStream();
            out.write(("POST " + http.endpoint().getRawPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/json\r\nAccept: " + HttpProbe.BOTH + "\r\n"
                    + "Mcp-Session-Id: " + probe.sessionId() + "\r\nMCP-Protocol-Version: 2025-11-25\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.write(body, 0, body.length / 2);
            out.flush();
            // The half-sent request is admitted (its headers are in) and waits for the rest of its body.
            HttpProbe.awaitUntil(() -> http.activeRequestCount() == 1, "the half-sent POST to be admitted");

            HttpResponse<String> call = probe.post(TOOLS_LIST);

            assertThat(call.statusCode()).isEqualTo(200);
            // The client has its answer before the server's thread gives the slot back: wait for that, not a time.
            HttpProbe.awaitUntil(() -> http.activeRequestCount() == 1, "the answered POST to give its slot back");
            out.write(body, body.length / 2, body.length - body.length / 2);
            out.flush();
            String answer = new String(slow.getInputStream().readNBytes(12), java.nio.charset.StandardCharsets.US_ASCII);
            assertThat(answer).isEqualTo("HTTP/1.1 200");
        }
    }

    @Test
    void beyondItsRateAClientGets429UntilItsBucketRefills() {
        http = StreamableHttpServer.builder(TestServers.server(gate)).requestsPerSecondPerClient(0.5, 3)
                .clientLimitsClock(clock::get).start();
        // Without authentication a client is its address: two loopback addresses are two clients.
        HttpProbe first = new HttpProbe(http.endpoint(), null, address("127.0.0.1"));
        HttpProbe second = new HttpProbe(http.endpoint(), null, address("127.0.0.2"));
        first.initialize(); // two requests: initialize and notifications/initialized
        HttpResponse<InputStream> stream = first.get(null); // a GET takes a token too
        assertThat(stream.statusCode()).isEqualTo(200);

        HttpResponse<String> refused = first.post(TOOLS_LIST);
        second.initialize();
        HttpResponse<String> other = second.post(TOOLS_LIST);
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_999));
        HttpResponse<String> early = first.post(TOOLS_LIST);
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
        HttpResponse<String> refilled = first.post(TOOLS_LIST);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("2"); // one token at 0.5 per second
        assertThat(refused.body()).contains("Too Many Requests");
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(early.statusCode()).isEqualTo(429);
        assertThat(early.headers().firstValue("Retry-After")).hasValue("1"); // never 0
        assertThat(refilled.statusCode()).isEqualTo(200);
        assertThat(http.initializeCount()).isEqualTo(2);
    }

    @Test
    void aRefusedRequestIsNotRun() {
        http = StreamableHttpServer.builder(TestServers.server(gate)).requestsPerSecondPerClient(1, 1)
                .clientLimitsClock(clock::get).start();
        HttpProbe probe = new HttpProbe(http.endpoint());

        assertThat(probe.post(HttpProbe.INITIALIZE).statusCode()).isEqualTo(200);
        HttpResponse<String> refused = probe.post(HttpProbe.INITIALIZE);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(http.initializeCount()).isEqualTo(1);
    }

    @Test
    void badLimitsFailFast() {
        StreamableHttpServerBuilder builder = StreamableHttpServer.builder(TestServers.server(gate));

        assertThatThrownBy(() -> builder.maxConcurrentRequestsPerClient(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.requestsPerSecondPerClient(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.requestsPerSecondPerClient(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.requestsPerSecondPerClient(Double.POSITIVE_INFINITY, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.requestsPerSecondPerClient(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static InetAddress address(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
