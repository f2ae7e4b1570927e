package io.mcphost.protocol.modern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class EraTranslationTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    private static ObjectNode json(String text) {
        return (ObjectNode) CODEC.readTree(text);
    }

    @Test
    void aLegacyRequestBecomesModernWithItsMetaMergedIntoACopy() {
        ObjectNode params = json("{\"name\":\"echo\",\"_meta\":{\"progressToken\":7}}");
        ObjectNode modern = EraTranslation.withModernMeta(params, ProtocolVersion.V2026_07_28, json("{\"roots\":{}}"),
                Implementation.of("host", "1.0"), Optional.of(LoggingLevel.INFO));

        JsonNode meta = modern.get("_meta");
        assertThat(meta.get("progressToken").asInt()).isEqualTo(7);
        assertThat(meta.get(ModernMeta.PROTOCOL_VERSION).asString()).isEqualTo("2026-07-28");
        assertThat(meta.get(ModernMeta.CLIENT_CAPABILITIES).has("roots")).isTrue();
        assertThat(meta.get(ModernMeta.CLIENT_INFO).get("name").asString()).isEqualTo("host");
        assertThat(meta.get(ModernMeta.LOG_LEVEL).asString()).isEqualTo("info");
        assertThat(params.get("_meta").has(ModernMeta.PROTOCOL_VERSION)).as("the input is left alone").isFalse();

        ObjectNode quiet = EraTranslation.withModernMeta(json("{}"), ProtocolVersion.V2026_07_28, json("{}"),
                Implementation.of("host", "1.0"), Optional.empty());
        assertThat(quiet.get("_meta").has(ModernMeta.LOG_LEVEL)).isFalse();
    }

    @Test
    void methodsTheModernRevisionRemovedAreNotExpressible() {
        assertThat(EraTranslation.expressibleInModern("tools/call")).isTrue();
        assertThat(EraTranslation.expressibleInModern("ping")).isFalse();
        assertThat(EraTranslation.expressibleInModern("logging/setLevel")).isFalse();
        assertThat(EraTranslation.expressibleInModern("resources/subscribe")).isFalse();
        assertThat(EraTranslation.expressibleInModern("tasks/result")).isFalse();
    }

    @Test
    void legacyCapabilitiesLoseRootsListChangedAndDeclareTheTasksExtension() {
        ObjectNode legacy = json("{\"roots\":{\"listChanged\":true},\"sampling\":{\"tools\":{}}}");
        ObjectNode modern = EraTranslation.modernCapabilities(legacy);

        assertThat(modern.get("roots").isEmpty()).isTrue();
        assertThat(modern.get("sampling").has("tools")).isTrue();
        assertThat(modern.get("extensions").has(ModernMeta.TASKS_EXTENSION)).isTrue();
        assertThat(legacy.get("roots").has("listChanged")).as("the input is left alone").isTrue();
    }

    @Test
    void anInputRequiredRoundIsReadAndAnsweredWithItsStateEchoed() {
        ObjectNode original = json("{\"name\":\"book\",\"inputResponses\":{\"old\":{}},\"requestState\":\"s0\"}");
        JsonNode result = json("{\"resultType\":\"input_required\",\"requestState\":\"s1\",\"inputRequests\":{"
                + "\"who\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"name?\"}},"
                + "\"where\":{\"method\":\"roots/list\"}}}");

        InputRound round = EraTranslation.inputRound("tools/call", original, result);
        assertThat(round.params().has("inputResponses")).as("the previous round's answers are not the original's").isFalse();
        assertThat(round.params().has("requestState")).isFalse();
        assertThat(round.requestState()).contains("s1");
        assertThat(round.inputRequests().keySet()).containsExactly("who", "where");

        ObjectNode answered = EraTranslation.answered(round, Map.of("who", json("{\"action\":\"accept\"}")));
        assertThat(answered.get("name").asString()).isEqualTo("book");
        assertThat(answered.get("inputResponses").get("who").get("action").asString()).isEqualTo("accept");
        assertThat(answered.get("requestState").asString()).isEqualTo("s1");
    }

    @Test
    void aMalformedRoundIsRefused() {
        assertThatThrownBy(() -> EraTranslation.inputRound("tools/call", json("{}"), json("{\"resultType\":\"input_required\"}")))
                .isInstanceOf(McpProtocolException.class).hasMessageContaining("neither inputRequests nor requestState");
        assertThatThrownBy(() -> EraTranslation.inputRound("tools/call", json("{}"),
                json("{\"inputRequests\":{\"k\":{\"params\":{}}}}")))
                .isInstanceOf(McpProtocolException.class).hasMessageContaining("input request 'k' has no method");
    }

    @Test
    void anInputRequestIsTheLegacyServerRequestItStandsFor() {
        InputRequest request = new InputRequest("sampling/createMessage", json("{\"maxTokens\":5}"));
        JsonRpcRequest legacy = EraTranslation.asServerRequest("draft", request);

        assertThat(legacy.id()).isEqualTo(RequestId.of("input:draft"));
        assertThat(legacy.method()).isEqualTo("sampling/createMessage");
        assertThat(legacy.params()).hasValueSatisfying(p -> assertThat(p.get("maxTokens").asInt()).isEqualTo(5));
    }

    @Test
    void aModernTaskReadsAsTheCoreTask() {
        Task task = EraTranslation.legacyTask(json("{\"resultType\":\"task\",\"taskId\":\"t1\",\"status\":\"input_required\","
                + "\"statusMessage\":\"waiting\",\"createdAt\":\"2026-01-01T00:00:00Z\",\"ttlMs\":60000,\"pollIntervalMs\":500}"));

        assertThat(task.taskId()).isEqualTo("t1");
        assertThat(task.status()).isEqualTo(TaskStatus.INPUT_REQUIRED);
        assertThat(task.statusMessage()).contains("waiting");
        assertThat(task.lastUpdatedAt()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(task.ttl()).contains(60000L);
        assertThat(task.pollInterval()).contains(500L);
        assertThat(EraTranslation.isTaskHandle(json("{\"resultType\":\"task\"}"))).isTrue();
        assertThat(EraTranslation.isTaskHandle(json("{\"content\":[]}"))).isFalse();
        assertThatThrownBy(() -> EraTranslation.legacyTask(json("{\"status\":\"working\"}")))
                .isInstanceOf(McpProtocolException.class).hasMessageContaining("without a taskId");
        assertThatThrownBy(() -> EraTranslation.legacyTask(json("{\"taskId\":\"t\",\"status\":\"sleeping\"}")))
                .isInstanceOf(McpProtocolException.class).hasMessageContaining("unknown status 'sleeping'");
    }

    @Test
    void anEndedModernTaskInlinesWhatTasksResultAnswered() {
        JsonNode done = json("{\"taskId\":\"t\",\"status\":\"completed\",\"result\":{\"content\":[]}}");
        assertThat(EraTranslation.inlinedResult(done)).hasValueSatisfying(r -> assertThat(r.has("content")).isTrue());
        assertThat(EraTranslation.inlinedError(done)).isEmpty();

        JsonNode failed = json("{\"taskId\":\"t\",\"status\":\"failed\",\"error\":{\"code\":-32000,\"message\":\"boom\"}}");
        assertThat(EraTranslation.inlinedResult(failed)).isEmpty();
        assertThat(EraTranslation.inlinedError(failed)).hasValueSatisfying(e -> {
            assertThat(e.code()).isEqualTo(-32000);
            assertThat(e.message()).isEqualTo("boom");
        });
        assertThat(EraTranslation.inlinedError(json("{\"error\":{}}")))
                .hasValueSatisfying(e -> assertThat(e.code()).isEqualTo(JsonRpcError.INTERNAL_ERROR));
    }

    @Test
    void aTaskAsksAndIsAnsweredByTasksUpdate() {
        JsonNode detailed = json("{\"taskId\":\"t\",\"status\":\"input_required\",\"inputRequests\":{"
                + "\"a\":{\"method\":\"elicitation/create\",\"params\":{}},\"broken\":{\"params\":{}}}}");
        assertThat(EraTranslation.taskInputRequests(detailed).keySet()).containsExactly("a");

        ObjectNode update = EraTranslation.taskUpdate("t", Map.of("a", json("{\"action\":\"decline\"}")));
        assertThat(update.get("taskId").asString()).isEqualTo("t");
        assertThat(update.get("inputResponses").get("a").get("action").asString()).isEqualTo("decline");
    }

    @Test
    void theListenFilterAsksForWhatALegacySessionGotUnasked() {
        JsonNode capabilities = json("{\"tools\":{\"listChanged\":true},\"prompts\":{},\"resources\":{\"listChanged\":true}}");
        ObjectNode filter = EraTranslation.listenFilter(capabilities, List.of("file:///b", "file:///a"));

        assertThat(filter.get("toolsListChanged").asBoolean()).isTrue();
        assertThat(filter.has("promptsListChanged")).isFalse();
        assertThat(filter.get("resourcesListChanged").asBoolean()).isTrue();
        assertThat(filter.get("resourceSubscriptions")).extracting(JsonNode::asString).containsExactly("file:///a", "file:///b");
        assertThat(EraTranslation.listenFilter(json("{}"), List.of()).isEmpty()).isTrue();
    }
}
