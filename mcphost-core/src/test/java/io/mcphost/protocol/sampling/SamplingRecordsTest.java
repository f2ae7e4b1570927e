package io.mcphost.protocol.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.content.Role;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class SamplingRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final ProtocolVersion V = ProtocolVersion.V2025_11_25;
    private static final JsonNode CITY = CODEC.mapper().readTree("{\"city\":\"Paris\"}");
    private static final Tool WEATHER = Tool.of("get_weather", "Weather for a city",
            CODEC.mapper().readTree("{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}"));

    static Stream<Arguments> recordsAndTheirSchemaDefs() {
        ToolUseContent use = ToolUseContent.of("call_1", "get_weather", CITY);
        return Stream.of(
                Arguments.of("SamplingMessage", SamplingMessage.user("hi")),
                Arguments.of("SamplingMessage", SamplingMessage.of(Role.ASSISTANT, use, ToolUseContent.of("call_2", "get_weather", CITY))),
                Arguments.of("SamplingMessage", SamplingMessage.of(Role.USER, SamplingContent.image("iVBORw0KGgo=", "image/png"),
                        SamplingContent.audio("UklGRg==", "audio/wav"), SamplingContent.text("what is this?"))),
                Arguments.of("SamplingMessage", SamplingMessage.of(Role.USER, ToolResultContent.text("call_1", "18°C"),
                        ToolResultContent.error("call_2", "no such city"))),
                Arguments.of("ToolUseContent", use),
                Arguments.of("ToolResultContent", ToolResultContent.from("call_1",
                        CallToolResult.structured(CODEC.mapper().readTree("{\"celsius\":18}"), "18°C"))),
                Arguments.of("ToolChoice", ToolChoice.required()),
                Arguments.of("ToolChoice", new ToolChoice(Optional.empty())),
                Arguments.of("ModelHint", ModelHint.of("claude")),
                Arguments.of("ModelPreferences", new ModelPreferences(List.of(ModelHint.of("sonnet")), Optional.of(0.2),
                        Optional.of(0.5), Optional.of(1.0))),
                Arguments.of("CreateMessageRequestParams", CreateMessageRequestParams.of(List.of(SamplingMessage.user("2+2?")), 10)),
                Arguments.of("CreateMessageRequestParams", CreateMessageRequestParams.builder(500)
                        .message(SamplingMessage.user("Weather in Paris?"))
                        .message(SamplingMessage.of(Role.ASSISTANT, use))
                        .message(SamplingMessage.of(Role.USER, ToolResultContent.text("call_1", "18°C")))
                        .modelPreferences(ModelPreferences.hints("claude-3-sonnet", "claude"))
                        .systemPrompt("Be brief").includeContext(IncludeContext.THIS_SERVER).temperature(0.2)
                        .stopSequences(List.of("STOP")).metadata(CODEC.mapper().readTree("{\"provider\":{\"x\":1}}"))
                        .tools(List.of(WEATHER)).toolChoice(ToolChoice.auto())
                        .task(TaskMetadata.keepFor(Duration.ofMinutes(5))).meta(CODEC.mapper().readTree("{\"progressToken\":7}"))
                        .build()),
                Arguments.of("CreateMessageResult", CreateMessageResult.text("m-1", "4")),
                Arguments.of("CreateMessageResult", CreateMessageResult.toolUse("m-1", List.of(use))));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("recordsAndTheirSchemaDefs")
    void eachRecordWritesJsonValidAgainstItsSchemaDefinitionAndReadsBackEqual(String def, Object record) {
        JsonNode json = CODEC.mapper().readTree(CODEC.mapper().writeValueAsString(record));

        SpecSchemas.assertValidResult(json, def, V);
        assertThat(CODEC.treeToValue(json, record.getClass())).isEqualTo(record);
    }

    @Test
    void aRequestWithToolsIsAValidSamplingRequestMessage() {
        CreateMessageRequestParams params = CreateMessageRequestParams.builder(100)
                .message(SamplingMessage.user("hi")).tools(List.of(WEATHER)).toolChoice(ToolChoice.none()).build();

        JsonNode request = CODEC.mapper().readTree("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"sampling/createMessage\",\"params\":"
                + CODEC.mapper().writeValueAsString(params) + "}");

        SpecSchemas.assertValidMessage(request, V);
    }

    @Test
    void oneBlockIsWrittenAloneAndSeveralAsAnArray() {
        assertThat(CODEC.valueToTree(SamplingMessage.user("hi")).toString())
                .isEqualTo("{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}");
        assertThat(CODEC.valueToTree(SamplingMessage.of(Role.USER, SamplingContent.text("a"), SamplingContent.text("b"))).toString())
                .isEqualTo("{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]}");
    }

    @Test
    void blocksReadIntoTheSealedTypeAndDeconstructInASwitch() {
        SamplingMessage message = CODEC.treeToValue(CODEC.mapper().readTree("""
                {"role":"assistant","content":[{"type":"text","text":"Let me check."},
                 {"type":"tool_use","id":"c1","name":"get_weather","input":{"city":"Paris"}}]}"""), SamplingMessage.class);

        List<String> seen = message.content().stream().map(block -> switch (block) {
            case SamplingContent.Text(TextContent text) -> "text:" + text.text();
            case SamplingContent.Image image -> "image";
            case SamplingContent.Audio audio -> "audio";
            case ToolUseContent use -> "tool_use:" + use.name() + use.input();
            case ToolResultContent result -> "tool_result:" + result.toolUseId();
        }).toList();

        assertThat(seen).containsExactly("text:Let me check.", "tool_use:get_weather{\"city\":\"Paris\"}");
    }

    @Test
    void theResultListsItsToolUses() {
        CreateMessageResult result = CODEC.treeToValue(CODEC.mapper().readTree("""
                {"role":"assistant","model":"m","stopReason":"toolUse","content":[
                 {"type":"tool_use","id":"a","name":"t","input":{}},{"type":"tool_use","id":"b","name":"t","input":{}}]}"""),
                CreateMessageResult.class);

        assertThat(result.toolUses()).extracting(ToolUseContent::id).containsExactly("a", "b");
        assertThat(result.stopReason()).contains(CreateMessageResult.TOOL_USE);
    }

    @Test
    void anUnknownBlockTypeIsAProtocolError() {
        assertThatThrownBy(() -> CODEC.treeToValue(CODEC.mapper().readTree(
                "{\"role\":\"user\",\"content\":{\"type\":\"resource_link\",\"uri\":\"x\",\"name\":\"n\"}}"), SamplingMessage.class))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("SamplingMessage");
    }

    @Test
    void badValuesAreRefusedWithTheirNames() {
        assertThatThrownBy(() -> CreateMessageRequestParams.builder(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxTokens must be positive, got 0");
        assertThatThrownBy(() -> new ModelPreferences(List.of(), Optional.of(1.5), Optional.empty(), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("costPriority must be between 0 and 1, got 1.5");
        assertThatThrownBy(() -> ToolUseContent.of("id", "t", CODEC.mapper().readTree("[]")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("input must be a JSON object");
        assertThatThrownBy(() -> SamplingMessage.of(Role.USER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one content block");
    }

    @Test
    void toolChoiceDefaultsToAuto() {
        assertThat(new ToolChoice(Optional.empty()).effectiveMode()).isEqualTo(ToolChoice.Mode.AUTO);
        assertThat(CODEC.valueToTree(ToolChoice.required()).toString()).isEqualTo("{\"mode\":\"required\"}");
    }

    @Test
    void aFailedCallToolResultBecomesAnErrorToolResult() {
        ToolResultContent result = ToolResultContent.from("c1", CallToolResult.error("boom"));

        assertThat(result.isError()).isTrue();
        assertThat(CODEC.valueToTree(result).toString())
                .isEqualTo("{\"type\":\"tool_result\",\"toolUseId\":\"c1\",\"content\":[{\"type\":\"text\",\"text\":\"boom\"}],\"isError\":true}");
    }
}
