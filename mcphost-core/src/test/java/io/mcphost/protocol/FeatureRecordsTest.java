package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.Role;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.ClientCapabilities;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.InitializeRequestParams;
import io.mcphost.protocol.lifecycle.InitializeResult;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.logging.SetLevelRequestParams;
import io.mcphost.protocol.prompts.GetPromptRequestParams;
import io.mcphost.protocol.prompts.ListPromptsResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ListResourceTemplatesResult;
import io.mcphost.protocol.resources.ListResourcesResult;
import io.mcphost.protocol.resources.ReadResourceRequestParams;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.resources.SubscribeRequestParams;
import io.mcphost.protocol.resources.UnsubscribeRequestParams;
import io.mcphost.protocol.tools.CallToolRequestParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.utilities.CancelledNotificationParams;
import io.mcphost.protocol.utilities.PaginatedRequestParams;
import io.mcphost.protocol.utilities.ProgressNotificationParams;
import io.mcphost.protocol.utilities.ProgressToken;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Static factories, polymorphism and older-revision shapes of the feature records. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class FeatureRecordsTest {
    private static final ProtocolVersion LATEST = ProtocolVersion.V2025_11_25;
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final JsonNode OBJECT_SCHEMA = json("{\"type\":\"object\"}");

    private static JsonNode json(String text) {
        return CODEC.mapper().readTree(text);
    }

    static Stream<Arguments> factories() {
        Implementation me = Implementation.of("mcphost", "0.1.0");
        Tool tool = Tool.of("echo", "Echoes", OBJECT_SCHEMA).withExecution(ToolExecution.of(ToolExecution.TaskSupport.OPTIONAL));
        return Stream.of(
                Arguments.of("InitializeRequestParams", InitializeRequestParams.of(LATEST, ClientCapabilities.none(), me)),
                Arguments.of("InitializeResult", InitializeResult.of(LATEST,
                        CODEC.treeToValue(json("{\"tools\":{\"listChanged\":true}}"), ServerCapabilities.class), me)),
                Arguments.of("ListToolsResult", ListToolsResult.of(List.of(tool))),
                Arguments.of("ListToolsResult", ListToolsResult.of(List.of())),
                Arguments.of("ToolExecution", ToolExecution.of(ToolExecution.TaskSupport.REQUIRED)),
                Arguments.of("CallToolRequestParams", CallToolRequestParams.of("echo", json("{\"text\":\"hi\"}"))),
                Arguments.of("CallToolRequestParams", CallToolRequestParams.of("echo", null)),
                Arguments.of("ListResourcesResult", ListResourcesResult.of(List.of(Resource.of("file:///a", "a", null, null)))),
                Arguments.of("ListResourceTemplatesResult", ListResourceTemplatesResult.of(
                        List.of(ResourceTemplate.of("file:///{p}", "files", null, null)))),
                Arguments.of("ReadResourceRequestParams", ReadResourceRequestParams.of("file:///a")),
                Arguments.of("ReadResourceResult", ReadResourceResult.of(BlobResourceContents.of("file:///b", "image/png", "aGk="))),
                Arguments.of("SubscribeRequestParams", SubscribeRequestParams.of("file:///a")),
                Arguments.of("UnsubscribeRequestParams", UnsubscribeRequestParams.of("file:///a")),
                Arguments.of("ResourceUpdatedNotificationParams", ResourceUpdatedNotificationParams.of("file:///a")),
                Arguments.of("ListPromptsResult", ListPromptsResult.of(List.of(Prompt.of("p", null)))),
                Arguments.of("GetPromptRequestParams", GetPromptRequestParams.of("p", Map.of("a", "b"))),
                Arguments.of("SetLevelRequestParams", SetLevelRequestParams.of(LoggingLevel.WARNING)),
                Arguments.of("LoggingMessageNotificationParams", LoggingMessageNotificationParams.of(LoggingLevel.ERROR, "db", "down")),
                Arguments.of("ProgressNotificationParams", ProgressNotificationParams.of(ProgressToken.of("t"), 1, 10.0, "one")),
                Arguments.of("ProgressNotificationParams", ProgressNotificationParams.of(ProgressToken.of(7), 0.5, null, null)),
                Arguments.of("CancelledNotificationParams", CancelledNotificationParams.of(RequestId.of(3), "user")),
                Arguments.of("PaginatedRequestParams", PaginatedRequestParams.firstPage()),
                Arguments.of("PaginatedRequestParams", PaginatedRequestParams.after("c2")),
                Arguments.of("AudioContent", AudioContent.of("aGk=", "audio/wav")),
                Arguments.of("CallToolResult", CallToolResult.structured(json("{\"n\":1}"), "{\"n\":1}")));
    }

    @ParameterizedTest(name = "{1} is a valid {0}")
    @MethodSource("factories")
    void each_static_factory_builds_a_valid_instance_of_the_spec_definition(String def, Object record) {
        JsonNode tree = CODEC.valueToTree(record);

        SpecSchemas.assertValid(tree, def, LATEST);
        assertThat(CODEC.treeToValue(tree, record.getClass())).isEqualTo(record);
    }

    @Test
    void a_required_list_is_written_even_when_empty_and_optional_members_are_omitted() {
        JsonNode tree = CODEC.valueToTree(ListToolsResult.of(List.of()));

        assertThat(tree).isEqualTo(json("{\"tools\":[]}"));
        assertThat(CODEC.valueToTree(Tool.of("t", null, OBJECT_SCHEMA)))
                .isEqualTo(json("{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"}}"));
    }

    @Test
    void every_content_block_kind_round_trips_through_the_sealed_interface() {
        JsonNode original = json("""
                [{"type":"text","text":"hi","annotations":{"audience":["user","assistant"],"priority":0.5,
                  "lastModified":"2025-01-12T15:00:58Z"}},
                 {"type":"image","data":"aGk=","mimeType":"image/png","_meta":{"k":1}},
                 {"type":"audio","data":"aGk=","mimeType":"audio/wav"},
                 {"type":"resource_link","uri":"file:///r","name":"r","title":"R","mimeType":"text/plain","size":12,
                  "icons":[{"src":"https://x/i.png","sizes":["48x48"]}]},
                 {"type":"resource","resource":{"uri":"file:///t","mimeType":"text/plain","text":"body"}},
                 {"type":"resource","resource":{"uri":"file:///b","blob":"aGk="}}]
                """);

        List<ContentBlock> blocks = CODEC.mapper().readerForListOf(ContentBlock.class).readValue(original);

        assertThat(blocks).extracting(b -> (Class) b.getClass()).containsExactly(TextContent.class, ImageContent.class,
                AudioContent.class, ResourceLink.class, EmbeddedResource.class, EmbeddedResource.class);
        assertThat(((EmbeddedResource) blocks.get(4)).resource()).isInstanceOf(TextResourceContents.class);
        assertThat(((EmbeddedResource) blocks.get(5)).resource()).isInstanceOf(BlobResourceContents.class);
        assertThat(((TextContent) blocks.get(0)).annotations().orElseThrow().audience()).containsExactly(Role.USER, Role.ASSISTANT);
        // A bare List<ContentBlock> needs its element type named: erasure would drop the "type" tags.
        String written = CODEC.mapper().writerFor(CODEC.mapper().getTypeFactory()
                .constructCollectionType(List.class, ContentBlock.class)).writeValueAsString(blocks);
        assertThat(json(written)).isEqualTo(original);
        assertThat(CODEC.valueToTree(blocks.get(3)).get("type").stringValue()).isEqualTo("resource_link");
        for (JsonNode block : original) {
            SpecSchemas.assertValid(block, "ContentBlock", LATEST);
        }
        String described = blocks.stream().map(FeatureRecordsTest::describe).reduce("", String::concat);
        assertThat(described).isEqualTo("TIAL[text][blob]");
    }

    /** An exhaustive switch: adding a content kind breaks this test's compilation on purpose. */
    private static String describe(ContentBlock block) {
        return switch (block) {
            case TextContent t -> "T";
            case ImageContent i -> "I";
            case AudioContent a -> "A";
            case ResourceLink l -> "L";
            case EmbeddedResource e -> switch (e.resource()) {
                case TextResourceContents t -> "[text]";
                case BlobResourceContents b -> "[blob]";
            };
        };
    }

    @Test
    void a_content_block_of_an_unknown_type_is_refused_with_a_clear_error() {
        assertThatThrownBy(() -> CODEC.treeToValue(json("{\"type\":\"hologram\",\"data\":\"x\"}"), ContentBlock.class))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("ContentBlock")
                .hasMessageContaining("hologram");
    }

    @Test
    void a_tool_missing_its_input_schema_is_refused_naming_the_field() {
        assertThatThrownBy(() -> CODEC.treeToValue(json("{\"name\":\"t\"}"), Tool.class))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("inputSchema");
    }

    @ParameterizedTest(name = "a tool as sent in {0} parses")
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18"})
    void tools_of_older_revisions_parse_without_title_icons_or_output_schema(String revision) {
        ProtocolVersion version = ProtocolVersion.fromId(revision).orElseThrow();
        JsonNode old = json("""
                {"tools":[{"name":"add","description":"Adds","inputSchema":{"type":"object",
                  "properties":{"a":{"type":"number"}}}}],"nextCursor":"2"}
                """);
        SpecSchemas.assertValidResult(old, "ListToolsResult", version);

        ListToolsResult page = CODEC.treeToValue(old, ListToolsResult.class);

        Tool tool = page.tools().getFirst();
        assertThat(tool.title()).isEmpty();
        assertThat(tool.outputSchema()).isEmpty();
        assertThat(tool.icons()).isEmpty();
        assertThat(tool.execution()).isEmpty();
        assertThat(tool.displayName()).isEqualTo("add");
        assertThat(page.nextCursor()).contains("2");
        assertThat(CODEC.valueToTree(page)).isEqualTo(old);
    }

    @Test
    void an_initialize_result_of_2024_11_05_parses_without_title_or_instructions() {
        JsonNode old = json("""
                {"protocolVersion":"2024-11-05","capabilities":{"logging":{},"resources":{"subscribe":true}},
                 "serverInfo":{"name":"old","version":"1.0"}}
                """);
        SpecSchemas.assertValidResult(old, "InitializeResult", ProtocolVersion.V2024_11_05);

        InitializeResult result = CODEC.treeToValue(old, InitializeResult.class);

        assertThat(result.knownVersion()).contains(ProtocolVersion.V2024_11_05);
        assertThat(result.serverInfo().title()).isEmpty();
        assertThat(result.instructions()).isEmpty();
        assertThat(ServerCapabilities.hasOption(result.capabilities().resources(), "subscribe")).isTrue();
        assertThat(CODEC.valueToTree(result)).isEqualTo(old);
    }

    @Test
    void progress_tokens_and_cancelled_request_ids_keep_their_json_type() {
        JsonNode stringToken = json("{\"progressToken\":\"7\",\"progress\":1}");
        JsonNode numberToken = json("{\"progressToken\":7,\"progress\":1}");

        ProgressNotificationParams s = CODEC.treeToValue(stringToken, ProgressNotificationParams.class);
        ProgressNotificationParams n = CODEC.treeToValue(numberToken, ProgressNotificationParams.class);

        assertThat(s.progressToken()).isEqualTo(ProgressToken.of("7")).isNotEqualTo(n.progressToken());
        assertThat(n.progressToken()).isEqualTo(ProgressToken.of(7));
        assertThat(CODEC.valueToTree(s).get("progressToken").isString()).isTrue();
        assertThat(CODEC.valueToTree(n).get("progressToken").isIntegralNumber()).isTrue();

        CancelledNotificationParams cancelled = CODEC.treeToValue(json("{\"requestId\":\"abc\"}"), CancelledNotificationParams.class);
        assertThat(cancelled.requestId()).contains(RequestId.of("abc"));
        assertThat(CODEC.valueToTree(cancelled)).isEqualTo(json("{\"requestId\":\"abc\"}"));
    }

    @Test
    void a_progress_token_that_is_neither_string_nor_integer_is_refused() {
        assertThatThrownBy(() -> CODEC.treeToValue(json("{\"progressToken\":true,\"progress\":1}"),
                ProgressNotificationParams.class))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("ProgressToken");
    }

    @Test
    void tool_execution_defaults_to_forbidden_task_support() {
        Tool tool = CODEC.treeToValue(json("{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"},\"execution\":{}}"), Tool.class);

        assertThat(tool.execution().orElseThrow().effectiveTaskSupport()).isEqualTo(ToolExecution.TaskSupport.FORBIDDEN);
        assertThat(CODEC.treeToValue(json("{\"taskSupport\":\"required\"}"), ToolExecution.class).effectiveTaskSupport())
                .isEqualTo(ToolExecution.TaskSupport.REQUIRED);
    }

    @Test
    void a_call_tool_request_built_from_records_is_a_valid_message_and_a_broken_one_is_not() {
        ObjectNode request = CODEC.newObject();
        request.put("jsonrpc", "2.0");
        request.put("id", 9);
        request.put("method", McpMethod.TOOLS_CALL);
        ObjectNode params = (ObjectNode) CODEC.valueToTree(CallToolRequestParams.of("echo", json("{\"text\":\"hi\"}")));
        params.set("_meta", json("{\"progressToken\":7}"));
        request.set("params", params);

        SpecSchemas.assertValidMessage(request, LATEST);

        params.put("arguments", "not an object");
        assertThatThrownBy(() -> SpecSchemas.assertValidMessage(request, LATEST))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("CallToolRequest")
                .hasMessageContaining("arguments");
    }

    @Test
    void assert_valid_response_checks_the_result_against_the_named_definition() {
        JsonNode good = json("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}");
        JsonNode bad = json("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"description\":\"nameless\"}]}}");

        SpecSchemas.assertValidResponse(good, "ListToolsResult", LATEST);
        assertThatThrownBy(() -> SpecSchemas.assertValidResponse(bad, "ListToolsResult", LATEST))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("ListToolsResult")
                .hasMessageContaining("name");
        assertThatThrownBy(() -> SpecSchemas.assertValidResult(json("{}"), "ListToolsResult", LATEST))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("tools");
    }

    @Test
    void required_components_are_checked_when_records_are_built_in_code() {
        assertThatThrownBy(() -> CallToolRequestParams.of(null, null)).isInstanceOf(NullPointerException.class).hasMessage("name");
        assertThatThrownBy(() -> ProgressNotificationParams.of(ProgressToken.of(1), Double.NaN, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("progress");
        assertThat(GetPromptRequestParams.of("p", null).arguments()).isEmpty();
    }
}
