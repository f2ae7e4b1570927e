package io.mcphost.transport.http;

import static io.mcphost.testkit.ScriptedHttpServer.initializeResult;
import static io.mcphost.testkit.ScriptedHttpServer.json;
import static io.mcphost.testkit.ScriptedHttpServer.result;
import static io.mcphost.testkit.ScriptedHttpServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.testkit.ScriptedHttpServer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Some servers answer a request for a session they no longer know with HTTP 200 and a JSON-RPC
 * error rather than 404: that is an expiry too, so the client re-initialises and the call succeeds.
 */
class SessionErrorAnswerTest {

    @Test
    void aJsonRpcErrorSayingTheSessionIsUnknownReinitialisesAndTheCallSucceeds() {
        AtomicInteger sessions = new AtomicInteger();
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("POST") && request.rpcMethod().equals("initialize")) {
                json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "session-" + sessions.incrementAndGet());
            } else if (request.method().equals("POST") && !request.json().has("id")) {
                status(exchange, 202);
            } else if (!request.method().equals("POST")) {
                status(exchange, request.method().equals("DELETE") ? 204 : 405);
            } else if ("session-1".equals(request.header("Mcp-Session-Id"))) {
                json(exchange, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + request.json().get("id")
                        + ",\"error\":{\"code\":-32001,\"message\":\"Session not found\"}}");
            } else {
                json(exchange, 200, result(request, "{\"tools\":[]}"));
            }
        })) {
            try (McpClient client = McpClient.builder(HttpTransport.builder(server.url("/mcp")).build())
                    .name("scripted").requestTimeout(Duration.ofSeconds(10)).connect()) {
                assertThat(client.listTools()).isEmpty();
            }
            assertThat(sessions.get()).isEqualTo(2);
            assertThat(server.seen("POST").stream().filter(s -> s.rpcMethod().equals("tools/list")))
                    .extracting(s -> s.header("Mcp-Session-Id")).containsExactly("session-1", "session-2");
        }
    }
}
