package io.mcphost.protocol.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.internal.JsonCodec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class TasksRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final ProtocolVersion V = ProtocolVersion.V2025_11_25;
    private static final Task WORKING = new Task("t-1", TaskStatus.WORKING, Optional.of("halfway"),
            "2025-11-25T10:00:00Z", "2025-11-25T10:01:00Z", Optional.of(60_000L), Optional.of(5_000L));
    private static final Task DONE = Task.of("t-2", TaskStatus.COMPLETED, "2025-11-25T10:00:00Z");

    static Stream<Arguments> resultsAndTheirSchemaDefs() {
        return Stream.of(
                Arguments.of("Task", WORKING),
                Arguments.of("Task", DONE),
                Arguments.of("CreateTaskResult", CreateTaskResult.of(WORKING)),
                Arguments.of("GetTaskResult", GetTaskResult.of(WORKING)),
                Arguments.of("CancelTaskResult", CancelTaskResult.of(Task.of("t-3", TaskStatus.CANCELLED, "2025-11-25T10:00:00Z"))),
                Arguments.of("ListTasksResult", ListTasksResult.of(List.of(WORKING, DONE))),
                Arguments.of("ListTasksResult", ListTasksResult.of(List.of())),
                Arguments.of("TaskStatusNotificationParams", TaskStatusNotificationParams.of(DONE)),
                Arguments.of("TaskMetadata", TaskMetadata.keepFor(Duration.ofMinutes(1))),
                Arguments.of("TaskMetadata", TaskMetadata.create()),
                Arguments.of("RelatedTaskMetadata", new RelatedTaskMetadata("t-1")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("resultsAndTheirSchemaDefs")
    void eachRecordWritesJsonValidAgainstItsSchemaDefinitionAndReadsBackEqual(String def, Object record) {
        JsonNode json = reparse(CODEC.valueToTree(record));

        SpecSchemas.assertValidResult(json, def, V);
        assertThat(CODEC.treeToValue(json, record.getClass())).isEqualTo(record);
    }

    @Test
    void anUnlimitedTtlIsWrittenAsNullBecauseTheKeyIsRequired() {
        JsonNode json = CODEC.valueToTree(DONE);

        assertThat(json.has("ttl")).isTrue();
        assertThat(json.get("ttl").isNull()).isTrue();
        assertThat(json.has("isTerminal") || json.has("terminal")).isFalse();
        assertThat(CODEC.treeToValue(json, Task.class).ttl()).isEmpty();
    }

    @Test
    void taskRequestParamsFormValidRequests() {
        for (var entry : List.of(
                new Object[] {"tasks/get", GetTaskRequestParams.of("t-1")},
                new Object[] {"tasks/result", GetTaskPayloadRequestParams.of("t-1")},
                new Object[] {"tasks/cancel", CancelTaskRequestParams.of("t-1")})) {
            JsonNode params = CODEC.valueToTree(entry[1]);
            assertThat(params.toString()).isEqualTo("{\"taskId\":\"t-1\"}");
            JsonNode request = CODEC.mapper().readTree(
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + entry[0] + "\",\"params\":" + params + "}");
            SpecSchemas.assertValidMessage(request, V);
        }
    }

    @Test
    void statusNotificationParamsCarryTheTaskFieldsFlat() {
        TaskStatusNotificationParams params = CODEC.treeToValue(CODEC.mapper().readTree("""
                {"taskId":"t-1","status":"input_required","createdAt":"a","lastUpdatedAt":"b","ttl":null,
                 "_meta":{"k":"v"}}"""), TaskStatusNotificationParams.class);

        assertThat(params.task()).isEqualTo(new Task("t-1", TaskStatus.INPUT_REQUIRED, Optional.empty(), "a", "b",
                Optional.empty(), Optional.empty()));
        assertThat(params.meta()).isPresent();
        SpecSchemas.assertValidMessage(CODEC.mapper().readTree("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tasks/status\",\"params\":"
                + CODEC.valueToTree(params) + "}"), V);
    }

    @Test
    void terminalStatusesAreCompletedFailedAndCancelled() {
        assertThat(Stream.of(TaskStatus.values()).filter(TaskStatus::isTerminal))
                .containsExactly(TaskStatus.COMPLETED, TaskStatus.FAILED, TaskStatus.CANCELLED);
        assertThat(WORKING.isTerminal()).isFalse();
        assertThat(CODEC.valueToTree(TaskStatus.INPUT_REQUIRED).stringValue()).isEqualTo("input_required");
    }

    @Test
    void durationsComeFromTheMillisecondFields() {
        assertThat(WORKING.ttlDuration()).contains(Duration.ofMinutes(1));
        assertThat(WORKING.pollIntervalDuration()).contains(Duration.ofSeconds(5));
        assertThat(DONE.ttlDuration()).isEmpty();
    }

    @Test
    void aNegativeRequestedTtlIsRefused() {
        assertThatThrownBy(() -> TaskMetadata.keepFor(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ttl");
    }

    @Test
    void relatedTaskIsReadFromMeta() {
        JsonNode meta = CODEC.mapper().readTree("{\"io.modelcontextprotocol/related-task\":{\"taskId\":\"t-9\"}}");

        assertThat(RelatedTaskMetadata.from(meta)).contains(new RelatedTaskMetadata("t-9"));
        assertThat(RelatedTaskMetadata.from(CODEC.mapper().readTree("{}"))).isEmpty();
    }

    @Test
    void theModelImmediateResponseIsReadFromMeta() {
        CreateTaskResult result = CODEC.treeToValue(CODEC.mapper().readTree("{\"task\":" + CODEC.valueToTree(WORKING)
                + ",\"_meta\":{\"io.modelcontextprotocol/model-immediate-response\":\"started\"}}"), CreateTaskResult.class);

        assertThat(result.modelImmediateResponse()).contains("started");
        assertThat(CreateTaskResult.of(WORKING).modelImmediateResponse()).isEmpty();
    }

    private static JsonNode reparse(JsonNode node) {
        return CODEC.mapper().readTree(CODEC.mapper().writeValueAsString(node));
    }
}
