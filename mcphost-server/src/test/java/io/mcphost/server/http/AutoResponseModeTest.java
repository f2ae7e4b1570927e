package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * {@link ResponseMode#AUTO} for handshake-era POSTs: a response that is all there is to say is plain JSON,
 * served on the POST's own thread; whatever must leave before it (progress, a log message, a question to
 * the client, a long wait) turns the answer into the primed, resumable event stream of SSE mode.
 */
@Timeout(30)
class AutoResponseModeTest {
    private static final JsonNode OBJECT = JsonCodec.get().mapper().readTree("{\"type\":\"object\"}");
    private static final String ELICITING_INIT = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
             "capabilities":{"elicitation":{}},"clientInfo":{"name":"probe","version":"1"}}}""";

    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch entered = new CountDownLatch(1);
    private StreamableHttpServer http;
    private HttpProbe probe;

    @BeforeEach
    void start() {
        JsonNode nameSchema = JsonCodec.get().mapper().readTree(
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}");
        McpServer server = McpServer.builder().name("auto-test").version("1")
                .tool(Tool.of("thread", "Names the thread serving it", OBJECT),
                        call -> CallToolResult.text(Thread.currentThread().getName()))
                .tool(Tool.of("progress", "Reports progress, then answers", OBJECT), call -> {
                    call.progress(1, 2.0, "half");
                    return CallToolResult.text("progressed");
                })
                .tool(Tool.of("slow", "Waits for the test", OBJECT), call -> {
                    entered.countDown();
                    boolean opened = gate.await(25, TimeUnit.SECONDS);
                    return CallToolResult.text(opened ? "opened" : "timed out");
                })
                .tool(Tool.of("ask", "Asks the user's name", OBJECT), call -> {
                    ElicitResult answer = call.elicit("name", ElicitRequestFormParams.of("Your name?", nameSchema),
                            Duration.ofSeconds(20));
                    return CallToolResult.text("Hello " + answer.content().map(c -> c.path("name").asString()).orElse("?"));
                })
                .build();
        http = StreamableHttpServer.builder(server).responseMode(ResponseMode.AUTO).start();
        probe = new HttpProbe(http.endpoint());
        HttpResponse<String> init = probe.post(ELICITING_INIT);
        assertThat(init.headers().firstValue("Content-Type")).hasValue("application/json");
        probe.useSession(init.headers().firstValue("Mcp-Session-Id").orElseThrow());
        assertThat(probe.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode()).isEqualTo(202);
    }

    @AfterEach
    void stop() {
        gate.countDown();
        http.close(Duration.ofSeconds(2));
    }

    @Test
    void aResponseThatIsAllThereIsToSayIsPlainJsonServedOnThePostsOwnThread() {
        HttpResponse<String> response = probe.post(call(2, "tools/call", "{\"name\":\"thread\",\"arguments\":{}}"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode body = json(response.body());
        assertThat(body.path("id").asInt()).isEqualTo(2);
        // The HTTP exchange's thread (mcphost-http-N), not a handler thread of the request's own (mcphost-server-…).
        assertThat(body.path("result").path("content").path(0).path("text").asString()).startsWith("mcphost-http-");
    }

    @Test
    void inSseModeTheSameRequestIsAStreamServedOnAThreadOfItsOwn() {
        http.close(Duration.ofSeconds(1));
        http = StreamableHttpServer.builder(TestServers.server(gate)).start(); // SSE, the default
        probe = new HttpProbe(http.endpoint());
        probe.initialize();

        HttpResponse<String> response = probe.post(call(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}"));

        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
    }

    @Test
    void progressBeforeTheResponseTurnsItIntoAPrimedEventStream() {
        HttpResponse<String> response = probe.post(call(3, "tools/call",
                "{\"name\":\"progress\",\"arguments\":{},\"_meta\":{\"progressToken\":\"p-1\"}}"));

        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        List<SseReader.Event> events = events(response.body());
        assertThat(events.getFirst().data()).as("the priming event comes first").isEmpty();
        assertThat(events.getFirst().id()).isPresent();
        assertThat(events.subList(1, events.size())).extracting(e -> json(e.data()).path("method").asString(""))
                .containsExactly("notifications/progress", "");
        assertThat(json(events.getLast().data()).path("result").path("content").path(0).path("text").asString())
                .isEqualTo("progressed");
    }

    @Test
    void aQuestionToTheClientGoesOnTheRequestsStreamAndTheAnswerFollowsThere() {
        HttpResponse<InputStream> call = probe.postStreaming(call(4, "tools/call", "{\"name\":\"ask\",\"arguments\":{}}"));

        assertThat(call.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (SseReader events = new SseReader(call.body())) {
            JsonNode question = json(events.nextMessage().orElseThrow().data());
            assertThat(question.path("method").asString()).isEqualTo("elicitation/create");
            HttpResponse<String> answered = probe.post("{\"jsonrpc\":\"2.0\",\"id\":" + question.get("id")
                    + ",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
            assertThat(answered.statusCode()).isEqualTo(202);

            JsonNode result = json(events.nextMessage().orElseThrow().data());
            assertThat(result.path("id").asInt()).isEqualTo(4);
            assertThat(result.path("result").path("content").path(0).path("text").asString()).isEqualTo("Hello Ada");
            assertThat(events.next()).as("the stream ends after the response").isEmpty();
        }
    }

    @Test
    void aLongRequestBecomesAResumableStreamWhileItRuns() throws Exception {
        HttpRequest post = probe.postRequest(call(5, "tools/call", "{\"name\":\"slow\",\"arguments\":{}}"))
                .timeout(Duration.ofSeconds(25)).build();

        // Headers arrive while the tool still waits for the gate: the stream began without the response.
        HttpResponse<InputStream> running = probe.send(post, HttpResponse.BodyHandlers.ofInputStream());

        assertThat(running.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(gate.getCount()).as("the tool is still running").isEqualTo(1);
        String primingId;
        try (SseReader events = new SseReader(running.body())) {
            SseReader.Event priming = events.next().orElseThrow();
            assertThat(priming.data()).isEmpty();
            primingId = priming.id().orElseThrow();
            assertThat(http.dropStreams()).isEqualTo(1);
            assertThat(events.next()).as("the dropped stream ends without the response").isEmpty();
        }
        gate.countDown();

        try (SseReader resumed = new SseReader(probe.get(primingId).body())) {
            JsonNode result = json(resumed.nextMessage().orElseThrow().data());
            assertThat(result.path("id").asInt()).isEqualTo(5);
            assertThat(result.path("result").path("content").path(0).path("text").asString()).isEqualTo("opened");
        }
    }

    @Test
    void aCancelledRequestsPostEndsWithoutAResponse() throws Exception {
        CompletableFuture<HttpResponse<String>> call = CompletableFuture.supplyAsync(() ->
                probe.post(call(6, "tools/call", "{\"name\":\"slow\",\"arguments\":{}}")));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        HttpResponse<String> cancel = probe.post("""
                {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6,"reason":"test"}}""");
        assertThat(cancel.statusCode()).isEqualTo(202);
        gate.countDown(); // the tool returns; its result is not sent (spec: no response to a cancelled request)

        HttpResponse<String> ended = call.get(20, TimeUnit.SECONDS);
        assertThat(ended.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(events(ended.body())).as("the priming event and nothing else").extracting(SseReader.Event::data).containsExactly("");
    }

    @Test
    void aClientAcceptingOnlyOneTypeGetsThatOne() {
        HttpResponse<String> sseOnly = probe.send(probe.request().header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(call(7, "tools/call", "{\"name\":\"thread\",\"arguments\":{}}")))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(sseOnly.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(events(sseOnly.body())).extracting(SseReader.Event::data)
                .last().satisfies(data -> assertThat(json(data).path("id").asInt()).isEqualTo(7));
    }

    @Test
    void aRequestIdStillRunningIsRefusedAndTheRunningRequestIsUnharmed() throws Exception {
        CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() ->
                probe.post(call(8, "tools/call", "{\"name\":\"slow\",\"arguments\":{}}")));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        HttpResponse<String> again = probe.post(call(8, "tools/call", "{\"name\":\"thread\",\"arguments\":{}}"));

        assertThat(again.statusCode()).isEqualTo(400);
        gate.countDown();
        assertThat(json(first.get(20, TimeUnit.SECONDS).body()).path("result").path("content").path(0).path("text").asString())
                .isEqualTo("opened");
    }

    /** Every event of a whole SSE body, the priming event too. */
    private static List<SseReader.Event> events(String body) {
        List<SseReader.Event> events = new java.util.ArrayList<>();
        SseReader reader = new SseReader(new ByteArrayInputStream(body.getBytes()));
        for (java.util.Optional<SseReader.Event> e = reader.next(); e.isPresent(); e = reader.next()) {
            events.add(e.get());
        }
        return events;
    }
}
