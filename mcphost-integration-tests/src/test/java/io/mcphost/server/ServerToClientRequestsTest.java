package io.mcphost.server;

import static io.mcphost.testkit.RawClient.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RawClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Tool handlers asking the client: elicitation, sampling and roots, over the raw wire. */
class ServerToClientRequestsTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final JsonNode ANY = CODEC.mapper().readTree("{\"type\":\"object\"}");
    private static final JsonNode NAME_FORM = CODEC.mapper().readTree(
            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}");

    private static McpServer server(Duration wait) {
        return McpServer.builder()
                .tool(Tool.of("ask", "Asks the user for a name", ANY), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", NAME_FORM), wait);
                    return CallToolResult.text(answer.action() + " " + answer.content().map(JsonNode::toString).orElse(""));
                })
                .tool(Tool.of("sample", "Asks the model", ANY), call -> {
                    CreateMessageResult result = call.sample(CODEC.treeToValue(CODEC.mapper().readTree("""
                            {"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":10}"""),
                            CreateMessageRequestParams.class), wait);
                    return CallToolResult.text("model " + result.model());
                })
                .tool(Tool.of("roots", "Lists the client's roots", ANY),
                        call -> CallToolResult.text(call.roots(wait).stream().map(Root::uri).toList().toString()))
                .build();
    }

    private static JsonRpcRequest awaitServerRequest(RawClient client, String method) {
        Await.until(RawClient.WAIT, () -> client.serverRequests().stream().anyMatch(r -> r.method().equals(method)), method);
        return client.serverRequests().stream().filter(r -> r.method().equals(method)).findFirst().orElseThrow();
    }

    private static String text(JsonRpcMessage answer) {
        return resultOf(answer).path("content").get(0).path("text").asString();
    }

    @Test
    void aToolElicitsAndGetsTheUsersAnswer() {
        try (RawClient client = RawClient.initialized(server(Duration.ofSeconds(5)), "{\"elicitation\":{}}")) {
            CompletableFuture<JsonRpcMessage> call = client.sendAsync("tools/call", "{\"name\":\"ask\"}");

            JsonRpcRequest request = awaitServerRequest(client, "elicitation/create");
            assertThat(request.params().orElseThrow().path("requestedSchema").path("required").get(0).asString()).isEqualTo("name");
            client.respond(request.id(), "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}");

            assertThat(text(RawClient.await(call))).isEqualTo("ACCEPT {\"name\":\"Ada\"}");
        }
    }

    @Test
    void samplingAndRootsReachTheClientToo() {
        try (RawClient client = RawClient.initialized(server(Duration.ofSeconds(5)), "{\"sampling\":{},\"roots\":{}}")) {
            CompletableFuture<JsonRpcMessage> sample = client.sendAsync("tools/call", "{\"name\":\"sample\"}");
            client.respond(awaitServerRequest(client, "sampling/createMessage").id(),
                    "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"hello\"},\"model\":\"m-1\"}");
            CompletableFuture<JsonRpcMessage> roots = client.sendAsync("tools/call", "{\"name\":\"roots\"}");
            client.respond(awaitServerRequest(client, "roots/list").id(), "{\"roots\":[{\"uri\":\"file:///work\"}]}");

            assertThat(text(RawClient.await(sample))).isEqualTo("model m-1");
            assertThat(text(RawClient.await(roots))).isEqualTo("[file:///work]");
        }
    }

    @Test
    void withoutTheCapabilityNothingIsSentAndTheToolReportsAnError() {
        try (RawClient client = RawClient.initialized(server(Duration.ofSeconds(5)))) {
            JsonNode result = resultOf(client.send("tools/call", "{\"name\":\"ask\"}"));

            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.toString()).contains("client capability 'elicitation'");
            assertThat(client.serverRequests()).isEmpty();
        }
    }

    @Test
    void aClientErrorAndAMissingAnswerBothBecomeToolErrorsAndTheServerCancelsWhatItStopsWaitingFor() {
        try (RawClient client = RawClient.initialized(server(Duration.ofMillis(300)), "{\"elicitation\":{}}")) {
            CompletableFuture<JsonRpcMessage> refused = client.sendAsync("tools/call", "{\"name\":\"ask\"}");
            client.respondError(awaitServerRequest(client, "elicitation/create").id(), -32601, "no UI here");
            JsonNode refusedResult = resultOf(RawClient.await(refused));

            JsonNode ignored = resultOf(client.send("tools/call", "{\"name\":\"ask\"}")); // never answered

            assertThat(refusedResult.toString()).contains("no UI here");
            assertThat(ignored.path("isError").asBoolean()).isTrue();
            assertThat(ignored.toString()).contains("no answer from the client within");
            List<JsonNode> cancels = client.notifications("notifications/cancelled");
            assertThat(cancels).singleElement().satisfies(c -> assertThat(c.path("requestId").asString()).startsWith("s-"));
        }
    }
}
