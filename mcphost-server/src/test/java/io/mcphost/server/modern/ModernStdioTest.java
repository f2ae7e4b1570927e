package io.mcphost.server.modern;

import static io.mcphost.server.modern.ModernFixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.server.McpServer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** Revision 2026-07-28 over a stdio-like connection (the in-memory pair), beside the legacy handshake. */
@Timeout(10)
class ModernStdioTest {
    private final McpServer server = ModernFixtures.server();
    private final MemoryWire wire = new MemoryWire(server);

    @AfterEach
    void close() {
        wire.close();
    }

    private static JsonNode result(JsonRpcMessage m) {
        assertThat(m).isInstanceOf(JsonRpcResponse.class);
        return ((JsonRpcResponse) m).result();
    }

    private static JsonRpcErrorResponse error(JsonRpcMessage m) {
        assertThat(m).isInstanceOf(JsonRpcErrorResponse.class);
        return (JsonRpcErrorResponse) m;
    }

    @Test
    void discoverNamesEveryRevisionTheCapabilitiesAndTheServer() {
        JsonNode r = result(wire.send("server/discover", params("", "{}")));

        assertThat(r.path("supportedVersions").toString()).contains("2026-07-28", "2025-11-25", "2024-11-05");
        assertThat(r.path("capabilities").path("tools").path("listChanged").asBoolean()).isTrue();
        assertThat(r.path("capabilities").has("tasks")).isFalse();
        assertThat(r.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asString()).isEqualTo("modern-test");
        assertThat(r.path("resultType").asString()).isEqualTo("complete");
        assertThat(r.path("ttlMs").isIntegralNumber()).isTrue();
        assertThat(r.path("cacheScope").asString()).isIn("public", "private");
    }

    @Test
    void listsAndReadsCarryResultTypeCacheHintsAndServerInfo() {
        for (String[] call : new String[][] {{"tools/list", ""}, {"prompts/list", ""}, {"resources/list", ""},
                {"resources/templates/list", ""}, {"resources/read", "\"uri\":\"mem://a\""}}) {
            JsonNode r = result(wire.send(call[0], params(call[1], "{}")));
            assertThat(r.path("resultType").asString()).as(call[0]).isEqualTo("complete");
            assertThat(r.has("ttlMs") && r.has("cacheScope")).as(call[0]).isTrue();
            assertThat(r.path("_meta").has("io.modelcontextprotocol/serverInfo")).as(call[0]).isTrue();
        }
        JsonNode called = result(wire.send("tools/call", params("\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}", "{}")));
        assertThat(called.path("resultType").asString()).isEqualTo("complete");
        assertThat(called.has("ttlMs")).isFalse();
    }

    @Test
    void metaIsCheckedOnEveryRequest() {
        assertThat(error(wire.send("server/discover", "{}")).error().code()).isEqualTo(-32602);
        assertThat(error(wire.send("tools/list", """
                {"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}""")).error().code()).isEqualTo(-32602);
        JsonRpcErrorResponse unsupported = error(wire.send("tools/list", """
                {"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}"""));
        assertThat(unsupported.error().code()).isEqualTo(-32022);
        assertThat(unsupported.error().data().orElseThrow().path("requested").asString()).isEqualTo("2099-01-01");
        assertThat(unsupported.error().data().orElseThrow().path("supported").toString()).contains("2026-07-28");
    }

    @Test
    void removedMethodsAreUnknownAtTheModernRevision() {
        for (String method : List.of("ping", "logging/setLevel", "resources/subscribe", "initialize")) {
            assertThat(error(wire.send(method, params("", "{}"))).error().code()).as(method).isEqualTo(-32601);
        }
    }

    @Test
    void aQuestionTheRequestDidNotDeclareACapabilityForIsRefusedWith32021() {
        JsonRpcErrorResponse e = error(wire.send("tools/call", params("\"name\":\"needs_sampling\"", "{}")));

        assertThat(e.error().code()).isEqualTo(-32021);
        assertThat(e.error().data().orElseThrow().path("requiredCapabilities").path("sampling").isObject()).isTrue();
    }

    @Test
    void anInputRoundEndsTheCallAndTheRetryWithTheAnswerCompletesIt() {
        JsonNode first = result(wire.send("tools/call", params("\"name\":\"ask\"", "{\"elicitation\":{}}")));
        assertThat(first.path("resultType").asString()).isEqualTo("input_required");
        assertThat(first.path("inputRequests").path("name").path("method").asString()).isEqualTo("elicitation/create");
        assertThat(wire.serverRequests).isEmpty();

        JsonNode done = result(wire.send("tools/call", params("""
                "name":"ask","requestState":"%s","inputResponses":{"name":{"action":"accept","content":{"name":"Ada"}}}"""
                .formatted(first.path("requestState").asString()), "{\"elicitation\":{}}")));
        assertThat(done.path("resultType").asString()).isEqualTo("complete");
        assertThat(done.path("content").get(0).path("text").asString()).isEqualTo("Hello Ada");
    }

    @Test
    void theStateCarriesEarlierAnswersAcrossRoundsAndIsRefusedWhenTampered() {
        String caps = "{\"elicitation\":{}}";
        JsonNode r1 = result(wire.send("tools/call", params("\"name\":\"two_rounds\"", caps)));
        assertThat(r1.path("inputRequests").has("elicitation-1")).isTrue();
        JsonNode r2 = result(wire.send("tools/call", params("""
                "name":"two_rounds","requestState":"%s","inputResponses":{"elicitation-1":{"action":"accept","content":{"name":"a"}}}"""
                .formatted(r1.path("requestState").asString()), caps)));
        assertThat(r2.path("inputRequests").has("elicitation-2")).isTrue();
        String state = r2.path("requestState").asString();
        String answer2 = "\"inputResponses\":{\"elicitation-2\":{\"action\":\"accept\",\"content\":{\"name\":\"b\"}}}";

        JsonRpcErrorResponse tampered = error(wire.send("tools/call", params(
                "\"name\":\"two_rounds\",\"requestState\":\"%sX\",%s".formatted(state, answer2), caps)));
        assertThat(tampered.error().code()).isEqualTo(-32602);
        JsonRpcErrorResponse otherRequest = error(wire.send("tools/call", params(
                "\"name\":\"ask\",\"requestState\":\"%s\",%s".formatted(state, answer2), caps)));
        assertThat(otherRequest.error().code()).isEqualTo(-32602);

        JsonNode r3 = result(wire.send("tools/call", params(
                "\"name\":\"two_rounds\",\"requestState\":\"%s\",%s".formatted(state, answer2), caps)));
        assertThat(r3.path("content").get(0).path("text").asString()).isEqualTo("a+b");
    }

    @Test
    void aMalformedInputResponseIsAProtocolErrorAndAMissingOneIsAskedAgain() {
        String caps = "{\"elicitation\":{}}";
        JsonRpcErrorResponse malformed = error(wire.send("tools/call", params(
                "\"name\":\"ask\",\"inputResponses\":{\"name\":12345}", caps)));
        assertThat(malformed.error().code()).isEqualTo(-32602);
        JsonNode again = result(wire.send("tools/call", params(
                "\"name\":\"ask\",\"inputResponses\":{\"other\":{\"action\":\"decline\"}}", caps)));
        assertThat(again.path("resultType").asString()).isEqualTo("input_required");
    }

    @Test
    void logMessagesFlowOnlyWhenTheRequestAsksForThem() {
        result(wire.send("tools/call", params("\"name\":\"logs\"", "{}")));
        assertThat(wire.notifications).isEmpty();

        result(wire.send("tools/call", "{\"name\":\"logs\"," + ModernFixtures.meta("{}",
                "\"io.modelcontextprotocol/logLevel\":\"info\"") + "}"));
        assertThat(wire.notifications).extracting(JsonRpcNotification::method).containsExactly("notifications/message");
    }

    @Test
    void aListenStreamIsAcknowledgedFirstAndGetsOnlyWhatItOptedInto() {
        CompletableFuture<JsonRpcMessage> listen = wire.sendAsync(77, "subscriptions/listen",
                params("\"notifications\":{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"mem://a\"]}", "{}"));
        awaitUntil(() -> !wire.notifications.isEmpty());
        JsonNode ack = wire.notifications.getFirst().params().orElseThrow();
        assertThat(wire.notifications.getFirst().method()).isEqualTo("notifications/subscriptions/acknowledged");
        assertThat(ack.path("_meta").path("io.modelcontextprotocol/subscriptionId").asLong()).isEqualTo(77);
        assertThat(ack.path("notifications").path("toolsListChanged").asBoolean()).isTrue();

        server.notifyPromptsListChanged();   // not opted into
        server.notifyToolsListChanged();
        assertThat(server.notifyResourceUpdated("mem://a")).isEqualTo(1);
        awaitUntil(() -> wire.notifications.size() >= 3);
        assertThat(wire.notifications).extracting(JsonRpcNotification::method).containsExactly(
                "notifications/subscriptions/acknowledged", "notifications/tools/list_changed",
                "notifications/resources/updated");
        assertThat(wire.notifications).allSatisfy(n -> assertThat(n.params().orElseThrow().path("_meta")
                .path("io.modelcontextprotocol/subscriptionId").asLong()).isEqualTo(77));

        wire.notify("notifications/cancelled", "{\"requestId\":77}");
        awaitUntil(() -> server.notifyResourceUpdated("mem://a") == 0);
        assertThat(listen).isNotDone(); // a cancelled request gets no response
    }

    @Test
    void theLegacyHandshakeStillWorksOnTheSameConnection() {
        JsonNode init = result(wire.send("initialize", """
                {"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"old","version":"1"}}"""));
        assertThat(init.path("protocolVersion").asString()).isEqualTo("2025-11-25");
        JsonNode tools = result(wire.send("tools/list", null));
        assertThat(tools.has("resultType")).isFalse();
        assertThat(result(wire.send("ping", null)).isEmpty()).isTrue();
        // ...and a modern request beside it is still served statelessly
        assertThat(result(wire.send("tools/list", params("", "{}"))).path("resultType").asString()).isEqualTo("complete");
    }

    static void awaitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 5 s");
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    static JsonNode json(String text) {
        return Json.parse(text);
    }
}
