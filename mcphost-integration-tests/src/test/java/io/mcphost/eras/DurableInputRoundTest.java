package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpInputRequiredException;
import io.mcphost.protocol.modern.InputRound;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.testkit.eras.EraHttpServer;
import io.mcphost.testkit.eras.EraMode;
import io.mcphost.testkit.eras.EraStdioServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Durable input rounds (revision 2026-07-28, MRTR): the application takes a round over, stores it as
 * JSON, closes the client — the user may answer much later — and a new client (here: another server
 * process too) finishes the request from the stored round.
 */
class DurableInputRoundTest {

    @Test
    void aStoredRoundIsFinishedByANewClientAgainstANewServerProcess() {
        String stored;
        try (McpClient first = McpClient.builder(StdioTransport.builder(EraStdioServer.command(EraMode.MODERN)).build()).connect()) {
            assertThat(first.era()).isEqualTo(Era.MODERN);
            McpInputRequiredException pending = (McpInputRequiredException) catchCall(() -> first.callTool("confirm",
                    Json.newObject(), CallOptions.builder().takeOverInput(true).build()));
            assertThat(pending.round().inputRequests()).containsOnlyKeys("ask");
            assertThat(pending.round().inputRequests().get("ask").method()).isEqualTo("elicitation/create");
            stored = pending.round().toJson();
        }
        InputRound round = InputRound.fromJson(stored);
        assertThat(round.method()).isEqualTo("tools/call");
        assertThat(round.requestState()).contains("state-1");
        try (McpClient second = McpClient.builder(StdioTransport.builder(EraStdioServer.command(EraMode.MODERN)).build()).connect()) {
            JsonNode answer = Json.parse("{\"action\":\"accept\",\"content\":{\"ok\":true}}");
            JsonNode raw = second.resumeInput(round, Map.of("ask", answer));
            CallToolResult result = Json.treeToValue(raw, CallToolResult.class);
            assertThat(result.text()).isEqualTo("confirmed {\"ok\":true} state=state-1");
        }
    }

    @Test
    void aRoundNoHandlerAnswersReachesTheCallerWithItsRoundOverHttp() {
        try (EraHttpServer server = EraHttpServer.start(EraMode.DUAL);
             McpClient client = McpClient.builder(HttpTransport.builder(server.url()).build()).connect()) {
            // No elicitation handler registered: the round goes to the caller instead of failing blindly.
            assertThatThrownBy(() -> client.callTool("confirm", Json.newObject()))
                    .isInstanceOfSatisfying(McpInputRequiredException.class, e -> {
                        assertThat(e.round().requestState()).isPresent();
                        JsonNode raw = client.resumeInput(e.round(), Map.of("ask", Json.parse("{\"action\":\"decline\"}")));
                        assertThat(raw.path("content").get(0).path("text").asString()).startsWith("confirmed ");
                    });
        }
    }

    private static Throwable catchCall(Runnable call) {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        try {
            call.run();
        } catch (RuntimeException e) {
            thrown.set(e);
        }
        assertThat(thrown.get()).isInstanceOf(McpInputRequiredException.class);
        return thrown.get();
    }
}
