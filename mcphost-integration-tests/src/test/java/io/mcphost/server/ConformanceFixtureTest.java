package io.mcphost.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.conformance.ConformanceServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The conformance fixture answers both eras on one endpoint: a smoke test, so a broken fixture shows
 * here before a suite run (which the build runs separately) fails for reasons far from the cause.
 */
@Timeout(10)
class ConformanceFixtureTest {
    private final StreamableHttpServer http = ConformanceServer.start(0);
    private final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void close() {
        http.close(Duration.ofSeconds(2));
        client.close();
    }

    private HttpResponse<String> post(String version, String method, String name, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(http.endpoint()).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", version)
                .header("Mcp-Method", method).POST(HttpRequest.BodyPublishers.ofString(body));
        if (name != null) {
            b.header("Mcp-Name", name);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode lastData(String sseOrJson) {
        if (!sseOrJson.startsWith("{")) {
            String[] lines = sseOrJson.lines().filter(l -> l.startsWith("data: ") && l.length() > 6).toArray(String[]::new);
            return Json.parse(lines[lines.length - 1].substring(6));
        }
        return Json.parse(sseOrJson);
    }

    @Test
    void aModernClientGetsAnInputRoundFromTheElicitationTool() throws Exception {
        HttpResponse<String> r = post("2026-07-28", "tools/call", "test_input_required_result_elicitation", """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"test_input_required_result_elicitation",
                 "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                          "io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}""");

        JsonNode result = lastData(r.body()).path("result");
        assertThat(result.path("resultType").asString()).isEqualTo("input_required");
        assertThat(result.path("inputRequests").has("user_name")).isTrue();
    }

    @Test
    void aLegacyClientInitializesAndCallsASimpleTool() throws Exception {
        HttpResponse<String> init = post("2025-11-25", "initialize", null, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",
                 "capabilities":{},"clientInfo":{"name":"t","version":"1"}}}""");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(lastData(init.body()).path("result").path("protocolVersion").asString()).isEqualTo("2025-11-25");

        HttpResponse<String> call = client.send(HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25").header("Mcp-Session-Id", session)
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_simple_text"}}""")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(lastData(call.body()).path("result").path("content").get(0).path("text").asString())
                .isEqualTo("This is a simple text response for testing.");
    }
}
