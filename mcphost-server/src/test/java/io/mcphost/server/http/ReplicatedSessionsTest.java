package io.mcphost.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.SealingKeys;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Replicas that share {@link SealingKeys} share handshake-era sessions with no store between them: a
 * session started at one is used at another, an answer to one replica's question that reaches another
 * is passed on to it, and 2026-07-28 input rounds continue anywhere. Keys that differ, a changed id
 * or another principal get nothing.
 */
class ReplicatedSessionsTest {
    private static final String KEY_1 = key(1);
    private static final String KEY_2 = key(2);
    private static final String ELICITING_INIT = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
             "capabilities":{"elicitation":{}},"clientInfo":{"name":"probe","version":"1"}}}""";

    private static final String CLOCK = "test://clock";

    private final List<StreamableHttpServer> started = new ArrayList<>();

    @AfterEach
    void close() {
        release.countDown();
        started.forEach(s -> s.close(Duration.ofSeconds(2)));
    }

    private static String key(int seed) {
        byte[] bytes = new byte[32];
        java.util.Arrays.fill(bytes, (byte) seed);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** Lets the {@code job} tasks end. */
    private final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

    private McpServer server(SealingKeys keys) {
        JsonNode none = Json.parse("{\"type\":\"object\"}");
        ElicitRequestParams question = Json.treeToValue(Json.parse("""
                {"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}"""),
                ElicitRequestParams.class);
        return McpServer.builder().sealingKeys(keys)
                .tool(Tool.of("echo", "echoes", none), call -> CallToolResult.text("echo"))
                .resource(io.mcphost.protocol.resources.Resource.of(CLOCK, "clock", "ticks", "text/plain"),
                        uri -> io.mcphost.protocol.resources.ReadResourceResult.of(
                                io.mcphost.protocol.content.TextResourceContents.of(uri, "text/plain", "tick")))
                .tool(Tool.of("job", "runs as a task until released", none).withExecution(
                        io.mcphost.protocol.tools.ToolExecution.of(io.mcphost.protocol.tools.ToolExecution.TaskSupport.OPTIONAL)), call -> {
                    call.continueAsTask();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return CallToolResult.text("done");
                })
                .tool(Tool.of("ask", "asks the user's name", none), call -> {
                    ElicitResult answer = call.elicit("name", question, Duration.ofSeconds(20));
                    return CallToolResult.text("Hello " + answer.content().map(c -> c.path("name").asString()).orElse("?"));
                })
                .build();
    }

    private StreamableHttpServer replica(SealingKeys keys, Map<String, String> tokens) {
        StreamableHttpServerBuilder b = StreamableHttpServer.builder(server(keys)).port(0).sealedSessions(keys);
        if (!tokens.isEmpty()) {
            b.bearerTokens(tokens);
        }
        StreamableHttpServer http = b.start();
        started.add(http);
        return http;
    }

    private static String startSession(HttpProbe probe) {
        HttpResponse<String> init = probe.post(ELICITING_INIT);
        assertThat(init.statusCode()).isEqualTo(200);
        probe.useSession(init.headers().firstValue("Mcp-Session-Id").orElseThrow());
        assertThat(probe.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode()).isEqualTo(202);
        return probe.sessionId();
    }

    private static JsonNode message(HttpResponse<String> response) {
        String body = response.body();
        String data = body.lines().filter(l -> l.startsWith("data:") && l.length() > 5).reduce((a, b) -> b)
                .map(l -> l.substring(5).strip()).orElse(body);
        return Json.parse(data);
    }

    @Test
    void aSessionStartedAtOneReplicaIsUsedAtAnother() {
        SealingKeys keys = SealingKeys.of(KEY_1);
        StreamableHttpServer a = replica(keys, Map.of());
        StreamableHttpServer b = replica(keys, Map.of());
        HttpProbe atA = new HttpProbe(a.endpoint());
        String session = startSession(atA);
        HttpProbe atB = new HttpProbe(b.endpoint());
        atB.useSession(session);

        HttpResponse<String> list = atB.post(HttpProbe.call(2, "tools/list", "{}"));

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(message(list).path("result").path("tools").findValuesAsString("name")).containsExactly("echo", "job", "ask");
        assertThat(message(atB.post(HttpProbe.call(3, "tools/call", "{\"name\":\"echo\"}"))).path("result")
                .path("content").get(0).path("text").asString()).isEqualTo("echo");
        // Never taken up at all without the keys: a plain server knows only its own sessions.
        StreamableHttpServer plain = StreamableHttpServer.builder(server(SealingKeys.random())).port(0).start();
        started.add(plain);
        HttpProbe atPlain = new HttpProbe(plain.endpoint());
        atPlain.useSession(session);
        assertThat(atPlain.post(HttpProbe.call(4, "tools/list", "{}")).statusCode()).isEqualTo(404);
    }

    @Test
    void anAnswerThatReachesAnotherReplicaIsPassedOnToTheOneThatAsked() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        StreamableHttpServer a = replica(keys, Map.of());
        StreamableHttpServer b = replica(keys, Map.of());
        HttpProbe atA = new HttpProbe(a.endpoint());
        String session = startSession(atA);
        HttpProbe atB = new HttpProbe(b.endpoint());
        atB.useSession(session);

        HttpResponse<InputStream> call = atA.postStreaming(HttpProbe.call(5, "tools/call", "{\"name\":\"ask\"}"));
        try (SseReader events = new SseReader(call.body())) {
            JsonNode question = Json.parse(events.nextMessage().orElseThrow().data());
            assertThat(question.path("method").asString()).isEqualTo("elicitation/create");
            assertThat(question.path("id").isString()).isTrue(); // it names its replica
            HttpResponse<String> answered = atB.post("{\"jsonrpc\":\"2.0\",\"id\":" + question.get("id").toString()
                    + ",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
            assertThat(answered.statusCode()).isEqualTo(202);

            JsonNode result = Json.parse(events.nextMessage().orElseThrow().data());
            assertThat(result.path("id").asInt()).isEqualTo(5);
            assertThat(result.path("result").path("content").get(0).path("text").asString()).isEqualTo("Hello Ada");
        }
    }

    @Test
    void aStreamResumedThroughAnotherReplicaIsRelayedFromTheOneThatServesIt() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        StreamableHttpServer a = replica(keys, Map.of());
        StreamableHttpServer b = replica(keys, Map.of());
        HttpProbe atA = new HttpProbe(a.endpoint());
        String session = startSession(atA);
        HttpProbe atB = new HttpProbe(b.endpoint());
        atB.useSession(session);

        HttpResponse<InputStream> call = atA.postStreaming(HttpProbe.call(6, "tools/call", "{\"name\":\"ask\"}"));
        String primed;
        try (SseReader events = new SseReader(call.body())) {
            primed = events.next().orElseThrow().id().orElseThrow(); // the connection drops right after it
        }
        assertThat(primed).contains("~"); // a request stream's event ids name their replica

        HttpResponse<InputStream> resumed = atB.get(primed);
        assertThat(resumed.statusCode()).isEqualTo(200);
        try (SseReader events = new SseReader(resumed.body())) {
            JsonNode question = Json.parse(events.nextMessage().orElseThrow().data());
            assertThat(question.path("method").asString()).isEqualTo("elicitation/create");
            assertThat(atB.post("{\"jsonrpc\":\"2.0\",\"id\":" + question.get("id").toString()
                    + ",\"result\":{\"action\":\"accept\",\"content\":{\"name\":\"Grace\"}}}").statusCode()).isEqualTo(202);
            JsonNode result = Json.parse(events.nextMessage().orElseThrow().data());
            assertThat(result.path("result").path("content").get(0).path("text").asString()).isEqualTo("Hello Grace");
        }

        // The replica serving a stream is gone: resuming it elsewhere says so at once, and the session lives on.
        HttpResponse<InputStream> again = atA.postStreaming(HttpProbe.call(7, "tools/call", "{\"name\":\"ask\"}"));
        String lost;
        try (SseReader events = new SseReader(again.body())) {
            lost = events.next().orElseThrow().id().orElseThrow();
        }
        a.close(Duration.ofSeconds(2));
        HttpResponse<InputStream> gone = atB.get(lost);
        gone.body().close();
        assertThat(gone.statusCode()).isEqualTo(410);
        assertThat(atB.post(HttpProbe.call(8, "tools/call", "{\"name\":\"echo\"}")).statusCode()).isEqualTo(200);
    }

    @Test
    void anotherPrincipalAChangedIdOrOtherKeysGetNotFound() {
        SealingKeys keys = SealingKeys.of(KEY_1);
        Map<String, String> tokens = Map.of("token-ann", "ann", "token-bob", "bob");
        StreamableHttpServer a = replica(keys, tokens);
        StreamableHttpServer b = replica(keys, tokens);
        StreamableHttpServer other = replica(SealingKeys.of(KEY_2), tokens);
        HttpProbe ann = new HttpProbe(a.endpoint(), "token-ann", null);
        String session = startSession(ann);

        HttpProbe bobAtB = new HttpProbe(b.endpoint(), "token-bob", null);
        bobAtB.useSession(session);
        HttpProbe annAtOther = new HttpProbe(other.endpoint(), "token-ann", null);
        annAtOther.useSession(session);
        HttpProbe annAtB = new HttpProbe(b.endpoint(), "token-ann", null);
        // One character in the middle changed (the last one's low bits may be padding the decoder ignores).
        int middle = session.length() / 2;
        annAtB.useSession(session.substring(0, middle) + (session.charAt(middle) == 'A' ? 'B' : 'A') + session.substring(middle + 1));

        assertThat(bobAtB.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(404);
        assertThat(annAtOther.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(404);
        assertThat(annAtB.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(404);
        annAtB.useSession(session);
        assertThat(annAtB.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(200);
    }

    @Test
    void aRotatedKeyStillOpensWhatTheOldOneSealedUntilItIsDropped() {
        StreamableHttpServer old = replica(SealingKeys.of(KEY_1), Map.of());
        StreamableHttpServer rotated = replica(SealingKeys.of(KEY_2, KEY_1), Map.of());
        StreamableHttpServer dropped = replica(SealingKeys.of(KEY_2), Map.of());
        String session = startSession(new HttpProbe(old.endpoint()));

        HttpProbe atRotated = new HttpProbe(rotated.endpoint());
        atRotated.useSession(session);
        HttpProbe atDropped = new HttpProbe(dropped.endpoint());
        atDropped.useSession(session);

        assertThat(atRotated.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(200);
        assertThat(atDropped.post(HttpProbe.call(2, "tools/list", "{}")).statusCode()).isEqualTo(404);
        // A session the rotated replica starts is sealed under the new key, which the old-only replica cannot open.
        String fresh = startSession(new HttpProbe(rotated.endpoint()));
        HttpProbe atOld = new HttpProbe(old.endpoint());
        atOld.useSession(fresh);
        assertThat(atOld.post(HttpProbe.call(3, "tools/list", "{}")).statusCode()).isEqualTo(404);
        atDropped.useSession(fresh);
        assertThat(atDropped.post(HttpProbe.call(3, "tools/list", "{}")).statusCode()).isEqualTo(200);
    }

    @Test
    void aModernInputRoundContinuesAtAnotherReplicaThatSharesTheKeys() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        StreamableHttpServer a = replica(keys, Map.of());
        StreamableHttpServer b = replica(keys, Map.of());
        StreamableHttpServer stranger = replica(SealingKeys.of(KEY_2), Map.of());

        JsonNode round = modern(a.endpoint(), 41, "\"name\":\"ask\"").path("result");
        assertThat(round.path("resultType").asString()).isEqualTo("input_required");
        String retry = """
                "name":"ask","requestState":"%s","inputResponses":{"name":{"action":"accept","content":{"name":"Bo"}}}"""
                .formatted(round.path("requestState").asString());

        assertThat(modern(b.endpoint(), 42, retry).path("result").path("content").get(0).path("text").asString())
                .isEqualTo("Hello Bo");
        assertThat(modern(stranger.endpoint(), 43, retry).path("error").path("code").asInt()).isEqualTo(-32602);
    }

    private static JsonNode modern(URI endpoint, int id, String body) throws Exception {
        return message(modernPost(endpoint, id, "tools/call", "ask", body));
    }

    private static HttpResponse<String> modernPost(URI endpoint, int id, String method, String name, String body) throws Exception {
        String params = "{" + body + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{},"
                + "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}}";
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(HttpProbe.call(id, method, params)));
        if (name != null) {
            request.header("Mcp-Name", name);
        }
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void aTaskIsPolledThroughAnotherReplicaAndGoneWithItsOwn() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        StreamableHttpServer a = replica(keys, Map.of());
        StreamableHttpServer b = replica(keys, Map.of());

        JsonNode created = message(modernPost(a.endpoint(), 61, "tools/call", "job", "\"name\":\"job\"")).path("result");
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        String taskId = created.path("taskId").asString();
        assertThat(taskId).contains("~"); // it names its replica
        String get = "\"taskId\":\"" + taskId + "\"";

        HttpResponse<String> polled = modernPost(b.endpoint(), 62, "tasks/get", taskId, get);
        assertThat(message(polled).path("result").path("status").asString()).as(polled.body()).isEqualTo("working");
        release.countDown();
        JsonNode done = message(modernPost(b.endpoint(), 63, "tasks/get", taskId, get)).path("result");
        for (long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
             !done.path("status").asString().equals("completed") && System.nanoTime() < deadline; ) {
            Thread.sleep(10);
            done = message(modernPost(b.endpoint(), 64, "tasks/get", taskId, get)).path("result");
        }
        assertThat(done.path("result").path("content").get(0).path("text").asString()).isEqualTo("done");

        a.close(Duration.ofSeconds(2));
        HttpResponse<String> gone = modernPost(b.endpoint(), 65, "tasks/get", taskId, get);
        assertThat(gone.statusCode()).isEqualTo(410);
        assertThat(message(gone).path("error").path("message").asString()).contains("cannot be reached");
    }

    /** A replica on {@code port} that knows its {@code peers} (this one's own URL among them, skipped). */
    private McpServer peer(SealingKeys keys, int port, List<URI> peers) {
        McpServer server = server(keys);
        started.add(StreamableHttpServer.builder(server).port(port).sealedSessions(keys).peers(peers).start());
        return server;
    }

    private static URI at(int port) {
        return URI.create("http://127.0.0.1:" + port + "/mcp");
    }

    /** What a replica's copy of the session holds, as its peers ask it; null when it holds none. */
    private static JsonNode choicesAt(int port, String session) {
        HttpProbe probe = new HttpProbe(at(port));
        probe.useSession(session);
        HttpResponse<String> answer = probe.send(probe.request().header("Mcp-Replica-Query", "choices")
                .header("Mcp-Replica-Forwarded", "1").GET().build(), HttpResponse.BodyHandlers.ofString());
        return answer.statusCode() == 404 ? null : Json.parse(answer.body());
    }

    /** The next message on a GET stream, which must be the clock's update. */
    private static void hearsTheClock(SseReader stream) {
        JsonNode update = Json.parse(stream.nextMessage().orElseThrow().data());
        assertThat(update.path("method").asString()).isEqualTo("notifications/resources/updated");
        assertThat(update.path("params").path("uri").asString()).isEqualTo(CLOCK);
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aSubscriptionMadeAtOneReplicaIsHeardOnTheGetStreamAtAnyOther() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        int[] ports = {freePort(), freePort(), freePort()};
        List<URI> all = java.util.Arrays.stream(ports).mapToObj(ReplicatedSessionsTest::at).toList();
        McpServer a = peer(keys, ports[0], all);
        McpServer b = peer(keys, ports[1], all);
        HttpProbe atA = new HttpProbe(at(ports[0]));
        String session = startSession(atA);
        assertThat(atA.post(HttpProbe.call(2, "resources/subscribe", "{\"uri\":\"" + CLOCK + "\"}")).statusCode()).isEqualTo(200);
        assertThat(atA.post(HttpProbe.call(3, "logging/setLevel", "{\"level\":\"debug\"}")).statusCode()).isEqualTo(200);
        HttpProbe atB = new HttpProbe(at(ports[1]));
        atB.useSession(session);

        // The GET stream is at B, which never saw resources/subscribe: it was passed on before A answered.
        try (SseReader stream = new SseReader(atB.get(null).body())) {
            b.notifyResourceUpdated(CLOCK);
            hearsTheClock(stream);
        }
        // A replica that starts later (a restart) learns the session's choices when it takes it up.
        McpServer c = peer(keys, ports[2], all);
        HttpProbe atC = new HttpProbe(at(ports[2]));
        atC.useSession(session);
        try (SseReader stream = new SseReader(atC.get(null).body())) {
            c.notifyResourceUpdated(CLOCK);
            hearsTheClock(stream);
        }
        assertThat(choicesAt(ports[2], session).path("logLevel").asString()).isEqualTo("debug");
        assertThat(a.notifyResourceUpdated(CLOCK)).isEqualTo(1); // A's copy holds it still (nothing listens there)

        // Unsubscribing anywhere unsubscribes everywhere; ending the session ends every copy.
        assertThat(atC.post(HttpProbe.call(4, "resources/unsubscribe", "{\"uri\":\"" + CLOCK + "\"}")).statusCode()).isEqualTo(200);
        assertThat(choicesAt(ports[0], session).path("subscriptions")).isEmpty();
        assertThat(choicesAt(ports[1], session).path("subscriptions")).isEmpty();
        assertThat(atB.delete().statusCode()).isEqualTo(204);
        assertThat(choicesAt(ports[0], session)).isNull();
        assertThat(choicesAt(ports[2], session)).isNull();
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aDrainingReplicaHandsItsSessionsChoicesToThePeers() throws Exception {
        SealingKeys keys = SealingKeys.of(KEY_1);
        int[] ports = {freePort(), freePort()};
        List<URI> all = java.util.Arrays.stream(ports).mapToObj(ReplicatedSessionsTest::at).toList();
        peer(keys, ports[0], all);
        StreamableHttpServer a = started.getLast();
        HttpProbe atA = new HttpProbe(at(ports[0]));
        String session = startSession(atA);
        // B is not running yet: nothing can be passed on to it now.
        assertThat(atA.post(HttpProbe.call(2, "resources/subscribe", "{\"uri\":\"" + CLOCK + "\"}")).statusCode()).isEqualTo(200);
        McpServer b = peer(keys, ports[1], all);
        assertThat(choicesAt(ports[1], session)).isNull();

        assertThat(a.drain(Duration.ofSeconds(5))).isTrue();

        assertThat(choicesAt(ports[1], session).path("subscriptions").get(0).asString()).isEqualTo(CLOCK);
        a.close(Duration.ofSeconds(2));
        HttpProbe atB = new HttpProbe(at(ports[1]));
        atB.useSession(session);
        try (SseReader stream = new SseReader(atB.get(null).body())) {
            b.notifyResourceUpdated(CLOCK);
            hearsTheClock(stream);
        }
        // A handoff is authenticated by the keys that sealed it: anything else is refused, and takes nothing up.
        HttpResponse<String> forged = atB.send(HttpRequest.newBuilder(at(ports[1])).header("Mcp-Replica-Handoff", "1")
                .POST(HttpRequest.BodyPublishers.ofString(SealingKeys.of(KEY_2).seal("mcphost/replica-handoff",
                        ("{\"t\":" + System.currentTimeMillis() + ",\"sessions\":{}}").getBytes()))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(forged.statusCode()).isEqualTo(403);
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Test
    void keysAreCheckedWhenGiven() {
        assertThat(SealingKeys.parse("# current first\n" + KEY_2 + "\n" + KEY_1 + "\n").size()).isEqualTo(2);
        assertThat(SealingKeys.of(KEY_1).toString()).doesNotContain(KEY_1);
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> SealingKeys.of("c2hvcnQ="))
                .withMessageContaining("32 bytes");
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> SealingKeys.parse(" \n# none\n"))
                .withMessageContaining("no sealing key");
        SealingKeys keys = SealingKeys.of(KEY_1);
        String sealed = keys.seal("one", new byte[] {1, 2, 3});
        assertThat(keys.open("one", sealed)).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
        assertThat(keys.open("two", sealed)).isEqualTo(Optional.empty());
    }
}
