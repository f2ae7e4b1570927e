package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Our protocol records serialise to JSON the official 2025-11-25 schema accepts. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class RecordSchemaTest {
    private static final ProtocolVersion VERSION = ProtocolVersion.V2025_11_25;
    private static final JsonCodec CODEC = JsonCodec.get();

    private static JsonNode json(String text) {
        return CODEC.mapper().readTree(text);
    }

    static Stream<Arguments> records() {
        return Stream.of(
                Arguments.of("TextContent", TextContent.of("hi")),
                Arguments.of("ImageContent", ImageContent.of("aGk=", "image/png")),
                Arguments.of("ResourceLink", ResourceLink.of("file:///x", "x")),
                Arguments.of("EmbeddedResource",
                        EmbeddedResource.of(TextResourceContents.of("file:///x", "text/plain", "hi"))),
                Arguments.of("Tool", Tool.of("echo", "Echoes", json("{\"type\":\"object\"}"))),
                Arguments.of("CallToolResult", CallToolResult.text("hi")),
                Arguments.of("CallToolResult", CallToolResult.error("bad")),
                Arguments.of("Resource", Resource.of("file:///x", "x", "A file", "text/plain")),
                Arguments.of("ResourceTemplate", ResourceTemplate.of("file:///{path}", "files", "Files", "text/plain")),
                Arguments.of("Prompt", Prompt.of("p", "d", PromptArgument.of("a", "d", true))),
                Arguments.of("GetPromptResult", GetPromptResult.of("d", PromptMessage.user("hi"))),
                Arguments.of("CompleteResult", CompleteResult.of(List.of("a"))),
                Arguments.of("Implementation", Implementation.of("x", "1")));
    }

    @ParameterizedTest(name = "{1} is a valid {0}")
    @MethodSource("records")
    void each_record_serialises_to_a_valid_instance_of_the_spec_definition_of_the_same_name(String def, Object record) {
        SpecSchemas.assertValid(CODEC.valueToTree(record), def, VERSION);
    }

    @Test
    void complete_request_params_for_a_prompt_form_a_valid_completion_request() {
        ObjectNode request = CODEC.newObject();
        request.put("jsonrpc", "2.0");
        request.put("id", 1);
        request.put("method", "completion/complete");
        request.set("params", CODEC.valueToTree(CompleteRequestParams.forPrompt("p", "a", "v")));

        assertThat(SpecSchemas.messageDefs(request, VERSION)).contains("CompleteRequest");
        SpecSchemas.assertValidMessage(request, VERSION);
    }

    @Test
    void a_call_tool_result_with_structured_content_and_is_error_survives_a_round_trip() {
        JsonNode original = json("""
                {"content":[{"type":"text","text":"failed"}],
                 "structuredContent":{"code":7,"reasons":["x","y"],"nested":{"ok":false}},
                 "isError":true}
                """);

        CallToolResult result = CODEC.treeToValue(original, CallToolResult.class);

        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isPresent();
        assertThat(CODEC.valueToTree(result)).isEqualTo(original);
        SpecSchemas.assertValid(original, "CallToolResult", VERSION);
    }

    @Test
    void a_tool_with_output_schema_annotations_and_icons_survives_a_round_trip() {
        JsonNode original = json("""
                {"name":"weather","title":"Weather","description":"Gets the weather",
                 "inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]},
                 "outputSchema":{"type":"object","properties":{"celsius":{"type":"number"}}},
                 "annotations":{"title":"Weather lookup","readOnlyHint":true,"destructiveHint":false,
                                "idempotentHint":true,"openWorldHint":true},
                 "icons":[{"src":"https://example.com/w.png","mimeType":"image/png","sizes":["48x48"],"theme":"light"}]}
                """);

        Tool tool = CODEC.treeToValue(original, Tool.class);

        assertThat(tool.outputSchema()).isPresent();
        assertThat(tool.annotations()).isPresent();
        assertThat(tool.icons()).hasSize(1);
        assertThat(CODEC.valueToTree(tool)).isEqualTo(original);
        SpecSchemas.assertValid(original, "Tool", VERSION);
    }
}
