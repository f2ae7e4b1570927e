package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.McpServer;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** Where server messages go (request streams, the GET stream), resumption, and close under open streams. */
@Timeout(10)
class StreamRoutingTest {
    private final CountDownLatch gate = new CountDownLatch(1);
    private McpServer server;
    private StreamableHttpServer http;
    private HttpProbe probe;

    @BeforeEach
    void start() {
        server = TestServers.server(gate);
        http = StreamableHttpServer.builder(server).start();
        probe = new HttpProbe(http.endpoint());
        probe.initialize();
    }

    @AfterEach
    void stop() {
        gate.countDown();
        http.close(Duration.ofSeconds(2));
    }

    @Test
    void progressArrivesOnTheRequestsStreamBeforeItsResponse() {
        HttpResponse<String> response = probe.post(call(2, "tools/call",
                "{\"name\":\"progress\",\"arguments\":{},\"_meta\":{\"progressToken\":\"p-1\"}}"));

        List<SseReader.Event> events = new SseReader(new java.io.ByteArrayInputStream(response.body().getBytes())).rest();

        assertThat(events).extracting(e -> json(e.data()).path("method").asString(""))
                .containsExactly("notifications/progress", "notifications/progress", "");
        assertThat(json(events.get(0).data()).path("params").path("progressToken").asString()).isEqualTo("p-1");
        assertThat(json(events.get(2).data()).path("id").asInt()).isEqualTo(2);
    }

    /** A tool's log message relates to its request (spec: basic/transports): it goes on that request's stream, once. */
    @Test
    void aToolsLogArrivesOnItsRequestsStreamBeforeItsResponseNotOnTheGetStream() {
        try (SseReader stream = new SseReader(probe.get(null).body())) {
            assertThat(stream.next().orElseThrow().data()).as("priming event").isEmpty();

            HttpResponse<String> logged = probe.post(call(2, "tools/call", "{\"name\":\"log\",\"arguments\":{}}"));

            List<SseReader.Event> events = new SseReader(new java.io.ByteArrayInputStream(logged.body().getBytes())).rest();
            assertThat(events).extracting(e -> json(e.data()).path("method").asString(""))
                    .containsExactly("notifications/message", "");
            assertThat(json(events.get(0).data()).path("params").path("data").asString()).isEqualTo("hello from the log tool");
            assertThat(json(events.get(1).data()).path("id").asInt()).isEqualTo(2);
            // The GET stream carries what relates to no request: the next thing on it is the list change, not the log.
            server.notifyToolsListChanged();
            assertThat(json(stream.nextMessage().orElseThrow().data()).path("method").asString())
                    .isEqualTo("notifications/tools/list_changed");
        }
    }

    @Test
    void theGetStreamReceivesMessagesNotTiedToARequest() {
        HttpResponse<InputStream> get = probe.get(null);
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(get.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (SseReader stream = new SseReader(get.body())) {
            assertThat(stream.next().orElseThrow().data()).as("priming event").isEmpty();

            server.notifyToolsListChanged();

            JsonNode changed = json(stream.nextMessage().orElseThrow().data());
            assertThat(changed.path("method").asString()).isEqualTo("notifications/tools/list_changed");
        }
    }

    @Test
    void aGetStreamOfAnOlderClientOpensAtOnceAndItsFirstEventCarriesRetry() {
        HttpResponse<InputStream> get = probe.send(probe.request().setHeader("MCP-Protocol-Version", "2025-06-18")
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(get.statusCode()).isEqualTo(200);
        try (SseReader stream = new SseReader(get.body())) {
            server.notifyToolsListChanged();

            SseReader.Event first = stream.next().orElseThrow();

            assertThat(json(first.data()).path("method").asString()).isEqualTo("notifications/tools/list_changed");
            assertThat(first.retryMillis()).hasValue(1000L);
        }
    }

    @Test
    void aSecondGetStreamGets409WhileTheFirstIsOpen() {
        HttpResponse<InputStream> first = probe.get(null);
        try (SseReader stream = new SseReader(first.body())) {
            stream.next();

            HttpResponse<InputStream> second = probe.get(null);

            assertThat(second.statusCode()).isEqualTo(409);
        }
    }

    @Test
    void messagesWithNoOpenStreamWaitForTheGetStream() {
        // With no GET stream and the POST stream already complete, nothing can carry this log message yet.
        http.close(Duration.ofSeconds(1));
        http = StreamableHttpServer.builder(TestServers.server(gate)).responseMode(ResponseMode.JSON).start();
        probe = new HttpProbe(http.endpoint());
        probe.initialize();
        assertThat(json(probe.post(call(2, "tools/call", "{\"name\":\"log\",\"arguments\":{}}")).body())
                .path("result").isObject()).isTrue();

        try (SseReader stream = new SseReader(probe.get(null).body())) {
            JsonNode log = json(stream.nextMessage().orElseThrow().data());

            assertThat(log.path("method").asString()).isEqualTo("notifications/message");
        }
    }

    @Test
    void afterDroppedStreamsAGetWithLastEventIdReplaysTheMissedResponse() {
        HttpResponse<InputStream> post = probe.postStreaming(call(7, "tools/call", "{\"name\":\"gated\",\"arguments\":{}}"));
        String primingId;
        try (SseReader stream = new SseReader(post.body())) {
            primingId = stream.next().orElseThrow().id().orElseThrow();

            assertThat(http.dropStreams()).isEqualTo(1);

            assertThat(stream.next()).as("the dropped POST stream ends without the response").isEmpty();
        }
        gate.countDown(); // the response is produced while no connection carries the stream

        HttpResponse<InputStream> resumed = probe.get(primingId);

        assertThat(resumed.statusCode()).isEqualTo(200);
        try (SseReader stream = new SseReader(resumed.body())) {
            SseReader.Event replayed = stream.nextMessage().orElseThrow();
            assertThat(json(replayed.data()).path("id").asInt()).isEqualTo(7);
            assertThat(json(replayed.data()).path("result").path("content").path(0).path("text").asString())
                    .isEqualTo("opened");
            assertThat(replayed.id().orElseThrow()).startsWith(primingId.substring(0, primingId.indexOf('-') + 1));
            assertThat(stream.next()).as("the resumed stream ends after the response").isEmpty();
        }
        assertThat(http.sessionIds()).containsExactly(probe.sessionId());
    }

    @Test
    void aResumedGetStreamReplaysTheEventsAfterLastEventId() {
        String primingId;
        try (SseReader stream = new SseReader(probe.get(null).body())) {
            primingId = stream.next().orElseThrow().id().orElseThrow();
            // The list change is on the GET stream once notify returns; the client never reads it.
            server.notifyToolsListChanged();
            assertThat(http.dropStreams()).isEqualTo(1);
        }

        try (SseReader stream = new SseReader(probe.get(primingId).body())) {
            SseReader.Event replayed = stream.nextMessage().orElseThrow();

            assertThat(json(replayed.data()).path("method").asString()).isEqualTo("notifications/tools/list_changed");
            assertThat(replayed.retryMillis()).as("each connection starts with the retry hint").hasValue(1000L);
        }
    }

    @Test
    void cancellingARequestEndsItsStreamThoughNoResponseWillCome() {
        HttpResponse<InputStream> post = probe.postStreaming(call(7, "tools/call", "{\"name\":\"gated\",\"arguments\":{}}"));
        try (SseReader stream = new SseReader(post.body())) {
            stream.next();

            HttpResponse<String> cancel = probe.post("""
                    {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"test"}}""");

            assertThat(cancel.statusCode()).isEqualTo(202);
            assertThat(stream.next()).as("the POST stream ends without a response").isEmpty();
        }
    }

    @Test
    void closeReturnsWithinBudgetWhileAGetStreamIsOpen() {
        HttpResponse<InputStream> get = probe.get(null);
        SseReader stream = new SseReader(get.body());
        stream.next();
        probe.postStreaming(call(2, "tools/call", "{\"name\":\"gated\",\"arguments\":{}}")); // a POST stream stays open too

        long started = System.nanoTime();
        http.close(Duration.ofMillis(500));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(took).isLessThan(Duration.ofMillis(1_000));
        assertThat(http.sessionIds()).isEmpty();
        assertThat(stream.next()).as("the GET stream ended").isEmpty();
        stream.close();
    }
}
