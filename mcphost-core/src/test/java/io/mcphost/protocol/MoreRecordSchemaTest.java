package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.elicitation.ElicitationCompleteNotificationParams;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.InitializeRequestParams;
import io.mcphost.protocol.lifecycle.InitializeResult;
import io.mcphost.protocol.logging.SetLevelRequestParams;
import io.mcphost.protocol.prompts.GetPromptRequestParams;
import io.mcphost.protocol.prompts.ListPromptsResult;
import io.mcphost.protocol.resources.ListResourceTemplatesResult;
import io.mcphost.protocol.resources.ListResourcesResult;
import io.mcphost.protocol.resources.ReadResourceRequestParams;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.resources.SubscribeRequestParams;
import io.mcphost.protocol.resources.UnsubscribeRequestParams;
import io.mcphost.protocol.roots.ListRootsResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.sampling.ModelPreferences;
import io.mcphost.protocol.sampling.SamplingMessage;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.ListTasksResult;
import io.mcphost.protocol.tasks.RelatedTaskMetadata;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolRequestParams;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.utilities.CancelledNotificationParams;
import io.mcphost.protocol.utilities.PaginatedRequestParams;
import io.mcphost.protocol.utilities.ProgressNotificationParams;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The params, results and notification params of 2025-11-25 not covered by RecordSchemaTest:
 * each parses from schema-shaped JSON, writes back the same JSON, and that JSON is valid against
 * the schema definition of the same name.
 */
class MoreRecordSchemaTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String TASK = """
            {"taskId":"t-1","status":"working","statusMessage":"halfway","createdAt":"2025-11-25T10:00:00Z",
             "lastUpdatedAt":"2025-11-25T10:01:00Z","ttl":60000,"pollInterval":500}""";

    static Stream<Arguments> records() {
        return Stream.of(
                Arguments.of("InitializeRequestParams", InitializeRequestParams.class, """
                        {"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true}},
                         "clientInfo":{"name":"mcphost","version":"0.1.0"}}"""),
                Arguments.of("InitializeResult", InitializeResult.class, """
                        {"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"logging":{}},
                         "serverInfo":{"name":"s","title":"S","version":"1"},"instructions":"be nice","_meta":{"k":1}}"""),
                Arguments.of("ProgressNotificationParams", ProgressNotificationParams.class,
                        "{\"progressToken\":\"tok\",\"progress\":2.5,\"total\":5,\"message\":\"step 2\"}"),
                Arguments.of("CancelledNotificationParams", CancelledNotificationParams.class,
                        "{\"requestId\":7,\"reason\":\"timed out\"}"),
                Arguments.of("PaginatedRequestParams", PaginatedRequestParams.class, "{\"cursor\":\"p2\"}"),
                Arguments.of("ListToolsResult", ListToolsResult.class,
                        "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}],\"nextCursor\":\"n\"}"),
                Arguments.of("CallToolRequestParams", CallToolRequestParams.class,
                        "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"},\"_meta\":{\"progressToken\":1}}"),
                Arguments.of("ListResourcesResult", ListResourcesResult.class,
                        "{\"resources\":[{\"uri\":\"file:///a\",\"name\":\"a\",\"mimeType\":\"text/plain\"}]}"),
                Arguments.of("ListResourceTemplatesResult", ListResourceTemplatesResult.class,
                        "{\"resourceTemplates\":[{\"uriTemplate\":\"file:///{p}\",\"name\":\"files\"}]}"),
                Arguments.of("ReadResourceRequestParams", ReadResourceRequestParams.class, "{\"uri\":\"file:///a\"}"),
                Arguments.of("SubscribeRequestParams", SubscribeRequestParams.class, "{\"uri\":\"file:///a\"}"),
                Arguments.of("UnsubscribeRequestParams", UnsubscribeRequestParams.class, "{\"uri\":\"file:///a\"}"),
                Arguments.of("ResourceUpdatedNotificationParams", ResourceUpdatedNotificationParams.class, "{\"uri\":\"file:///a\"}"),
                Arguments.of("ListPromptsResult", ListPromptsResult.class,
                        "{\"prompts\":[{\"name\":\"p\",\"arguments\":[{\"name\":\"a\",\"required\":true}]}]}"),
                Arguments.of("GetPromptRequestParams", GetPromptRequestParams.class, "{\"name\":\"p\",\"arguments\":{\"a\":\"1\"}}"),
                Arguments.of("SetLevelRequestParams", SetLevelRequestParams.class, "{\"level\":\"warning\"}"),
                Arguments.of("Root", Root.class, "{\"uri\":\"file:///home/me/project\",\"name\":\"project\"}"),
                Arguments.of("ListRootsResult", ListRootsResult.class, "{\"roots\":[{\"uri\":\"file:///tmp\"}]}"),
                Arguments.of("ElicitRequestFormParams", ElicitRequestFormParams.class, """
                        {"mode":"form","message":"Your name?","requestedSchema":{"type":"object",
                         "properties":{"name":{"type":"string"}},"required":["name"]}}"""),
                Arguments.of("ElicitRequestURLParams", ElicitRequestURLParams.class, """
                        {"mode":"url","message":"Sign in","elicitationId":"e-1","url":"https://example.com/login"}"""),
                Arguments.of("ElicitResult", ElicitResult.class, "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\",\"age\":36}}"),
                Arguments.of("ElicitResult", ElicitResult.class, "{\"action\":\"decline\"}"),
                Arguments.of("ElicitationCompleteNotification", ElicitationCompleteNotificationParams.class,
                        "{\"elicitationId\":\"e-1\"}"),
                Arguments.of("SamplingMessage", SamplingMessage.class, "{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}"),
                Arguments.of("ModelPreferences", ModelPreferences.class,
                        "{\"hints\":[{\"name\":\"claude\"}],\"costPriority\":0.2,\"intelligencePriority\":0.9}"),
                Arguments.of("CreateMessageRequestParams", CreateMessageRequestParams.class, """
                        {"messages":[{"role":"user","content":{"type":"text","text":"What is 2+2?"}}],
                         "systemPrompt":"Be brief","includeContext":"none","temperature":0.1,"maxTokens":100,
                         "stopSequences":["STOP"],
                         "tools":[{"name":"calc","inputSchema":{"type":"object"}}],"toolChoice":{"mode":"auto"}}"""),
                Arguments.of("CreateMessageResult", CreateMessageResult.class, """
                        {"role":"assistant","content":{"type":"text","text":"4"},"model":"m-1","stopReason":"endTurn"}"""),
                Arguments.of("Task", Task.class, TASK),
                Arguments.of("Task", Task.class, """
                        {"taskId":"t-2","status":"completed","createdAt":"2025-11-25T10:00:00Z",
                         "lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":null}"""),
                Arguments.of("CreateTaskResult", CreateTaskResult.class, "{\"task\":" + TASK + "}"),
                Arguments.of("ListTasksResult", ListTasksResult.class, "{\"tasks\":[" + TASK + "],\"nextCursor\":\"c\"}"),
                Arguments.of("TaskMetadata", TaskMetadata.class, "{\"ttl\":30000}"),
                Arguments.of("RelatedTaskMetadata", RelatedTaskMetadata.class, "{\"taskId\":\"t-1\"}"));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("records")
    void parsesWritesBackTheSameJsonAndMatchesTheSchema(String def, Class<?> type, String json) {
        JsonNode input = CODEC.mapper().readTree(json);

        // Through text, as on the wire: a long written as 60000 reads back as the same number node.
        JsonNode output = CODEC.mapper().readTree(CODEC.mapper().writeValueAsString(CODEC.treeToValue(input, type)));

        assertThat(output).isEqualTo(input);
        if (def.endsWith("Notification")) {
            SpecSchemas.assertValidMessage(CODEC.mapper().readTree("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\",\"params\":"
                    + json + "}"), ProtocolVersion.V2025_11_25);
        } else {
            SpecSchemas.assertValid(output, def, ProtocolVersion.V2025_11_25);
        }
    }
}
