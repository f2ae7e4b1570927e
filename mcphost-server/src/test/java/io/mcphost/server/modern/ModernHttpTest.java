package io.mcphost.server.modern;

import static io.mcphost.server.modern.ModernFixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** Revision 2026-07-28 on the Streamable HTTP endpoint: stateless requests beside legacy sessions. */
@Timeout(10)
class ModernHttpTest {
    private final McpServer server = ModernFixtures.server();
    private final StreamableHttpServer http = StreamableHttpServer.builder(server).start();
    private final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void close() {
        http.close(Duration.ofSeconds(2));
        client.close();
    }

    private HttpRequest.Builder request(String method, String name, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        return name == null ? b : b.header("Mcp-Name", name);
    }

    private static String call(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void discoverIsAnsweredWithoutASession() {
        HttpResponse<String> r = send(request("server/discover", null, call(1, "server/discover", params("", "{}"))));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(http.sessionIds()).isEmpty();
        assertThat(Json.parse(r.body()).path("result").path("supportedVersions").toString()).contains("2026-07-28");
    }

    @Test
    void refusalsUseTheSpecsStatusAndCarryTheRequestId() {
        HttpResponse<String> missingMeta = send(request("tools/list", null, call(11, "tools/list", "{}")));
        assertError(missingMeta, 400, -32602, 11);

        HttpResponse<String> unsupported = send(request("tools/list", null, call(12, "tools/list", """
                {"_meta":{"io.modelcontextprotocol/protocolVersion":"v999","io.modelcontextprotocol/clientCapabilities":{}}}"""))
                .setHeader("MCP-Protocol-Version", "v999"));
        assertError(unsupported, 400, -32022, 12);

        HttpResponse<String> versionMismatch = send(request("tools/list", null, call(13, "tools/list", """
                {"_meta":{"io.modelcontextprotocol/protocolVersion":"v999","io.modelcontextprotocol/clientCapabilities":{}}}""")));
        assertError(versionMismatch, 400, -32020, 13);

        HttpResponse<String> methodMismatch = send(request("tools/lisT", null, call(14, "tools/list", params("", "{}"))));
        assertError(methodMismatch, 400, -32020, 14);

        HttpResponse<String> nameMissing = send(request("tools/call", null, call(15, "tools/call",
                params("\"name\":\"echo\"", "{}"))));
        assertError(nameMissing, 400, -32020, 15);

        HttpResponse<String> removed = send(request("ping", null, call(16, "ping", params("", "{}"))));
        assertError(removed, 404, -32601, 16);

        HttpResponse<String> capability = send(request("tools/call", "needs_sampling", call(17, "tools/call",
                params("\"name\":\"needs_sampling\"", "{}"))));
        assertError(capability, 400, -32021, 17);
    }

    @Test
    void customParamHeadersMustMatchTheArgumentsTheyMirror() {
        String body = call(21, "tools/call", params("\"name\":\"echo\",\"arguments\":{\"text\":\"héllo\"}", "{}"));
        assertError(send(request("tools/call", "echo", body)), 400, -32020, 21);
        assertError(send(request("tools/call", "echo", body).header("Mcp-Param-Text", "hello")), 400, -32020, 21);

        HttpResponse<String> ok = send(request("tools/call", "echo", body)
                .header("Mcp-Param-Text", "=?base64?aMOpbGxv?="));
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(Json.parse(ok.body()).path("result").path("content").get(0).path("text").asString()).isEqualTo("héllo");
    }

    @Test
    void legacyRefusalsCarryTheRequestIdToo() {
        HttpResponse<String> noSession = send(HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2025-11-25")
                .POST(HttpRequest.BodyPublishers.ofString(call(31, "tools/list", "{}"))));
        assertError(noSession, 400, -32600, 31);
        HttpResponse<String> wrongType = send(HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(call(32, "ping", "{}"))));
        assertError(wrongType, 415, -32600, 32);
    }

    @Test
    void theMethodsOnlyTheModernRevisionHasAreModernOverHttpAsOverStdio() {
        // One era rule for every transport: without _meta and under a legacy version header,
        // server/discover is still a modern request, refused for its missing _meta (as on stdio),
        // not a legacy request without a session.
        HttpResponse<String> discover = send(request("server/discover", null, call(61, "server/discover", "{}"))
                .setHeader("MCP-Protocol-Version", "2025-11-25"));
        assertError(discover, 400, -32602, 61);
        HttpResponse<String> listen = send(request("subscriptions/listen", null, call(62, "subscriptions/listen", "{}"))
                .setHeader("MCP-Protocol-Version", "2025-11-25"));
        assertError(listen, 400, -32602, 62);
        assertThat(http.sessionIds()).isEmpty();
    }

    @Test
    void getAndDeleteAtTheModernRevisionAreNotAllowed() {
        HttpResponse<String> get = send(HttpRequest.newBuilder(http.endpoint()).header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").GET());
        HttpResponse<String> delete = send(HttpRequest.newBuilder(http.endpoint())
                .header("MCP-Protocol-Version", "2026-07-28").DELETE());

        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(delete.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void anInputRoundWorksOverHttp() {
        HttpResponse<String> first = send(request("tools/call", "ask", call(41, "tools/call",
                params("\"name\":\"ask\"", "{\"elicitation\":{}}"))));
        JsonNode round = Json.parse(first.body()).path("result");
        assertThat(round.path("resultType").asString()).isEqualTo("input_required");

        HttpResponse<String> second = send(request("tools/call", "ask", call(42, "tools/call", params("""
                "name":"ask","requestState":"%s","inputResponses":{"name":{"action":"accept","content":{"name":"Bo"}}}"""
                .formatted(round.path("requestState").asString()), "{\"elicitation\":{}}"))));
        assertThat(Json.parse(second.body()).path("result").path("content").get(0).path("text").asString()).isEqualTo("Hello Bo");
    }

    @Test
    void aListenStreamIsAcknowledgedAndCarriesTheChangesItOptedInto() throws Exception {
        HttpResponse<InputStream> stream = client.send(request("subscriptions/listen", null, call(51, "subscriptions/listen",
                params("\"notifications\":{\"toolsListChanged\":true}", "{}"))).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            JsonNode ack = nextData(reader);
            assertThat(ack.path("method").asString()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(ack.path("params").path("_meta").path("io.modelcontextprotocol/subscriptionId").asInt()).isEqualTo(51);

            server.notifyPromptsListChanged(); // not opted into: never on this stream
            server.notifyToolsListChanged();
            JsonNode change = nextData(reader);
            assertThat(change.path("method").asString()).isEqualTo("notifications/tools/list_changed");
            assertThat(change.path("params").path("_meta").path("io.modelcontextprotocol/subscriptionId").asInt()).isEqualTo(51);
        }
    }

    @Test
    void progressFlowsOnTheRequestsOwnStream() {
        HttpResponse<String> r = send(request("tools/call", "logs", call(61, "tools/call", "{\"name\":\"logs\","
                + ModernFixtures.meta("{}", "\"io.modelcontextprotocol/logLevel\":\"debug\"") + "}")));

        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        List<String> data = new ArrayList<>();
        r.body().lines().filter(l -> l.startsWith("data: ")).forEach(l -> data.add(l.substring(6)));
        assertThat(data).hasSize(2);
        assertThat(Json.parse(data.get(0)).path("method").asString()).isEqualTo("notifications/message");
        assertThat(Json.parse(data.get(1)).path("id").asInt()).isEqualTo(61);
    }

    private static JsonNode nextData(BufferedReader reader) throws IOException {
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.startsWith("data: ")) {
                return Json.parse(line.substring(6));
            }
        }
        throw new AssertionError("the stream ended");
    }

    private static void assertError(HttpResponse<String> r, int status, int code, int id) {
        JsonNode body = Json.parse(r.body());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(body.path("error").path("code").asInt()).as(r.body()).isEqualTo(code);
        assertThat(body.path("id").asInt()).as(r.body()).isEqualTo(id);
    }
}
