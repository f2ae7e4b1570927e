package io.mcphost.server;

import static io.mcphost.server.Fixtures.fullServer;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.testkit.RawClient;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Resources, resource templates, prompts and completions on the wire. */
class ResourcesAndPromptsTest {
    private RawClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void resourcesAndTemplatesAreListed() {
        client = RawClient.initialized(fullServer().build());

        JsonNode resources = client.result("resources/list", null);
        JsonNode templates = client.result("resources/templates/list", null);

        WireSchema.assertValid(resources, "ListResourcesResult");
        WireSchema.assertValid(templates, "ListResourceTemplatesResult");
        assertThat(resources.path("resources").get(0).path("uri").asString()).isEqualTo("test://readme");
        assertThat(templates.path("resourceTemplates").get(0).path("uriTemplate").asString()).isEqualTo("test://notes/{name}");
    }

    @Test
    void aResourceIsReadByItsUri() {
        client = RawClient.initialized(fullServer().build());

        JsonNode result = client.result("resources/read", "{\"uri\":\"test://readme\"}");

        WireSchema.assertValid(result, "ReadResourceResult");
        assertThat(result.path("contents").get(0).path("text").asString()).isEqualTo("read me");
        assertThat(result.path("contents").get(0).path("mimeType").asString()).isEqualTo("text/plain");
    }

    @Test
    void aTemplateReadsAnyUriThatFillsItsVariableWithOneSegment() {
        client = RawClient.initialized(fullServer().build());

        JsonNode note = client.result("resources/read", "{\"uri\":\"test://notes/groceries\"}");
        JsonRpcError deeper = client.error("resources/read", "{\"uri\":\"test://notes/a/b\"}");

        assertThat(note.path("contents").get(0).path("text").asString()).isEqualTo("note at test://notes/groceries");
        assertThat(deeper.code()).isEqualTo(JsonRpcError.RESOURCE_NOT_FOUND);
    }

    @Test
    void anUnknownUriIsResourceNotFoundNamingTheUri() {
        client = RawClient.initialized(fullServer().build());

        JsonRpcError error = client.error("resources/read", "{\"uri\":\"file:///nonexistent.txt\"}");

        assertThat(error.code()).isEqualTo(-32002);
        assertThat(error.message()).isEqualTo("Resource not found: file:///nonexistent.txt");
    }

    @Test
    void aReaderThatThrowsIsAnInternalErrorAndTheServerKeepsServing() {
        client = RawClient.initialized(McpServer.builder()
                .resource(Resource.of("test://broken", "broken", "Always fails", "text/plain"), uri -> {
                    throw new java.io.IOException("disk unplugged");
                }).build());

        JsonRpcError error = client.error("resources/read", "{\"uri\":\"test://broken\"}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INTERNAL_ERROR);
        assertThat(error.message()).contains("disk unplugged");
        assertThat(client.result("ping", null).isEmpty()).isTrue();
    }

    @Test
    void aPromptIsRenderedWithItsArguments() {
        client = RawClient.initialized(fullServer().build());

        JsonNode prompts = client.result("prompts/list", null);
        JsonNode result = client.result("prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":\"Ada\"}}");

        WireSchema.assertValid(prompts, "ListPromptsResult");
        WireSchema.assertValid(result, "GetPromptResult");
        assertThat(result.path("messages").get(0).path("content").path("text").asString()).isEqualTo("Say hello to Ada kindly");
    }

    @Test
    void aMissingRequiredPromptArgumentIsInvalidParams() {
        client = RawClient.initialized(fullServer().build());

        JsonRpcError error = client.error("prompts/get", "{\"name\":\"greet\",\"arguments\":{\"mood\":\"grumpy\"}}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).isEqualTo("prompt 'greet' needs the argument 'name'");
    }

    @Test
    void anUnknownPromptIsInvalidParams() {
        client = RawClient.initialized(fullServer().build());

        JsonRpcError error = client.error("prompts/get", "{\"name\":\"nope\"}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).isEqualTo("Unknown prompt: nope");
    }

    @Test
    void promptsAreListedPageByPage() {
        McpServer.Builder builder = McpServer.builder().pageSize(3);
        IntStream.range(0, 7).forEach(i -> builder.prompt(Prompt.of("p" + i, "Prompt " + i), args -> null));
        client = RawClient.initialized(builder.build());
        List<String> names = new ArrayList<>();

        JsonNode page = client.result("prompts/list", null);
        page.path("prompts").forEach(p -> names.add(p.path("name").asString()));
        while (page.has("nextCursor")) {
            page = client.result("prompts/list", "{\"cursor\":\"" + page.path("nextCursor").asString() + "\"}");
            page.path("prompts").forEach(p -> names.add(p.path("name").asString()));
        }

        assertThat(names).containsExactly("p0", "p1", "p2", "p3", "p4", "p5", "p6");
    }

    @Test
    void completionsAnswerForAKnownPromptAndRefuseAnUnknownOne() {
        client = RawClient.initialized(fullServer().build());

        JsonNode result = client.result("completion/complete", """
                {"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"mood","value":"h"}}""");
        JsonRpcError unknown = client.error("completion/complete", """
                {"ref":{"type":"ref/prompt","name":"nope"},"argument":{"name":"mood","value":"h"}}""");
        JsonRpcError unknownTemplate = client.error("completion/complete", """
                {"ref":{"type":"ref/resource","uri":"test://other/{x}"},"argument":{"name":"x","value":""}}""");

        WireSchema.assertValid(result, "CompleteResult");
        assertThat(result.path("completion").path("values")).extracting(JsonNode::asString).containsExactly("happy", "hungry");
        assertThat(unknown.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(unknownTemplate.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
    }

    @Test
    void moreThanAHundredCompletionsAreCutToAHundredWithHasMore() {
        List<String> many = IntStream.range(0, 150).mapToObj(i -> "v" + i).toList();
        client = RawClient.initialized(fullServer().completions(request -> CompleteResult.of(many)).build());

        JsonNode completion = client.result("completion/complete", """
                {"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"mood","value":""}}""").path("completion");

        assertThat(completion.path("values")).hasSize(100);
        assertThat(completion.path("total").intValue()).isEqualTo(150);
        assertThat(completion.path("hasMore").asBoolean()).isTrue();
    }

    @Test
    void completionWithoutAHandlerIsMethodNotFound() {
        client = RawClient.initialized(Fixtures.echoServer().build());

        JsonRpcError error = client.error("completion/complete", """
                {"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"mood","value":""}}""");

        assertThat(error.code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND);
    }
}
