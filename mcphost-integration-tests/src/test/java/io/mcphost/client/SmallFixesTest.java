package io.mcphost.client;

import static io.mcphost.testkit.ScriptedHttpServer.event;
import static io.mcphost.testkit.ScriptedHttpServer.initializeResult;
import static io.mcphost.testkit.ScriptedHttpServer.json;
import static io.mcphost.testkit.ScriptedHttpServer.result;
import static io.mcphost.testkit.ScriptedHttpServer.sse;
import static io.mcphost.testkit.ScriptedHttpServer.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.ScriptedHttpServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The smaller fixes of issue 14, each against a real server on loopback or a real process. */
@Timeout(30)
class SmallFixesTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @Test
    void notificationsInitializedCarriesTheProtocolVersionHeader() {
        try (ScriptedHttpServer server = ScriptedHttpServer.withHandshake(
                (request, exchange) -> json(exchange, 200, result(request, "{}")));
             McpClient client = McpClient.builder(HttpTransport.builder(server.url("/mcp")).build()).name("scripted").connect()) {
            var initialized = server.seen("POST").stream()
                    .filter(s -> s.rpcMethod().equals("notifications/initialized")).findFirst().orElseThrow();
            assertThat(initialized.header("MCP-Protocol-Version")).isEqualTo("2025-11-25");
            assertThat(initialized.header("Mcp-Session-Id")).isEqualTo("session-1");
        }
    }

    @Test
    void callsOnAClientWhoseConnectFailedThrowAnMcpExceptionNamingTheCause() {
        McpClient client = McpClient.builder(StdioTransport.builder("mcphost-no-such-command-51c2").name("missing").build())
                .name("missing").build();
        assertThatThrownBy(client::connect).isInstanceOf(McpException.class);

        assertThatThrownBy(() -> client.callTool("echo", CODEC.newObject()))
                .isInstanceOf(McpException.class).hasMessageContaining("mcphost-no-such-command-51c2");
        assertThatThrownBy(client::listTools).isInstanceOf(McpException.class);
        assertThatThrownBy(client::ping).isInstanceOf(McpException.class);
        client.close();
        assertThatThrownBy(() -> client.callTool("echo", CODEC.newObject())).isInstanceOf(McpException.class);
    }

    @Test
    void toolsListChangedRefreshesTheOutputSchemasThatResultsAreCheckedAgainst() throws Exception {
        AtomicReference<String> type = new AtomicReference<>("string");
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("POST") && request.rpcMethod().equals("initialize")) {
                json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "s");
            } else if (request.method().equals("POST") && !request.json().has("id")) {
                status(exchange, 202);
            } else if (!request.method().equals("POST")) {
                status(exchange, request.method().equals("DELETE") ? 204 : 405);
            } else if (request.rpcMethod().equals("tools/list")) {
                json(exchange, 200, result(request, "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"},"
                        + "\"outputSchema\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"" + type.get()
                        + "\"}},\"required\":[\"x\"]}}]}"));
            } else {
                String x = request.json().path("params").path("arguments").path("x").toString();
                String answer = result(request, "{\"content\":[],\"structuredContent\":{\"x\":" + x + "}}");
                if (request.json().path("params").path("arguments").path("change").asBoolean(false)) {
                    // The tool changed its schema; the server says so before it answers with the new shape.
                    type.set("number");
                    OutputStream out = sse(exchange);
                    event(out, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n");
                    event(out, "data: " + answer + "\n\n");
                    out.close();
                } else {
                    json(exchange, 200, answer);
                }
            }
        }); McpClient client = McpClient.builder(HttpTransport.builder(server.url("/mcp")).build()).name("scripted").connect()) {
            client.listTools();
            assertThat(client.callTool("t", CODEC.mapper().readTree("{\"x\":\"text\"}")).structuredContent()).isPresent();
            assertThatThrownBy(() -> client.callTool("t", CODEC.mapper().readTree("{\"x\":1}")))
                    .isInstanceOf(McpProtocolException.class).hasMessageContaining("outputSchema");

            // Checked against the old schema, this result (x is a number now) would be refused.
            assertThat(client.callTool("t", CODEC.mapper().readTree("{\"x\":2,\"change\":true}")).structuredContent()).isPresent();
            Await.until(Duration.ofSeconds(5), () -> server.seen("POST").stream()
                    .filter(s -> s.rpcMethod().equals("tools/list")).count() == 2, "the tools listed again");
            // The new schema is in force: a string is refused now.
            Await.until(Duration.ofSeconds(5), () -> {
                try {
                    client.callTool("t", CODEC.mapper().readTree("{\"x\":\"text\"}"));
                    return false;
                } catch (McpProtocolException e) {
                    return e.getMessage().contains("outputSchema");
                }
            }, "the new schema to be checked");
            assertThat(client.callTool("t", CODEC.mapper().readTree("{\"x\":3}")).structuredContent()).isPresent();
        }
    }
}
