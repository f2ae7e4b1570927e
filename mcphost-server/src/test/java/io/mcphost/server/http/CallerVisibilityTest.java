package io.mcphost.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.Caller;
import io.mcphost.server.McpServer;
import io.mcphost.server.Visibility;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * {@link Caller#current()} in handlers and a {@link Visibility} on a toolkit server over HTTP with
 * bearer tokens naming two principals, with real clients of both eras.
 */
@Timeout(20)
class CallerVisibilityTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\"}");
    private static final String ALICE = "alice-token-0123";
    private static final String BOB = "bob-token-4567";

    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    /** What the visibility was asked, as "principal method name". */
    private final List<String> asked = new CopyOnWriteArrayList<>();

    private McpServer server() {
        return McpServer.builder().name("who").version("1")
                .tool(Tool.of("whoami", "Names its caller", OBJECT), call -> CallToolResult.text(
                        Caller.current().map(c -> c.principal() + " " + c.scopes() + " " + c.groups()).orElse("nobody")))
                .tool(Tool.of("secret", "For alice", OBJECT), call -> CallToolResult.text("the secret"))
                .tool(Tool.of("broken", "Its visibility throws", OBJECT), call -> CallToolResult.text("shown"))
                .resource(io.mcphost.protocol.resources.Resource.of("secret://doc", "secret", "For alice", "text/plain"),
                        uri -> io.mcphost.protocol.resources.ReadResourceResult.of(
                                io.mcphost.protocol.content.TextResourceContents.of(uri, "text/plain", "the secret")))
                .resource(io.mcphost.protocol.resources.Resource.of("public://doc", "public", "For all", "text/plain"),
                        uri -> io.mcphost.protocol.resources.ReadResourceResult.of(
                                io.mcphost.protocol.content.TextResourceContents.of(uri, "text/plain", "public")))
                .visibility((caller, kind, name, method) -> {
                    asked.add(caller.map(Caller::principal).orElse("-") + " " + method + " " + name);
                    if (name.equals("broken")) {
                        throw new IllegalStateException("a broken visibility");
                    }
                    return !name.startsWith("secret") || caller.map(Caller::principal).filter("alice"::equals).isPresent();
                })
                .build();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient client(StreamableHttpServer http, Era era, String token) {
        McpClient client = McpClient.builder(HttpTransport.builder(http.endpoint()).header("Authorization", "Bearer " + token)
                .build()).name("test").era(era).requestTimeout(Duration.ofSeconds(10)).build();
        toClose.add(client);
        client.connect();
        return client;
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void handlersKnowTheirCallerAndTheVisibilityHidesPerCaller(Era era) {
        StreamableHttpServer http = StreamableHttpServer.builder(server()).bearerTokens(Map.of(ALICE, "alice", BOB, "bob"))
                .start();
        toClose.add(() -> http.close(Duration.ofSeconds(2)));
        McpClient alice = client(http, era, ALICE);
        McpClient bob = client(http, era, BOB);

        assertThat(alice.callTool("whoami", Json.newObject()).text()).isEqualTo("alice [] []");
        assertThat(bob.callTool("whoami", Json.newObject()).text()).isEqualTo("bob [] []");
        assertThat(alice.listTools()).extracting(Tool::name).containsExactly("whoami", "secret");
        assertThat(bob.listTools()).extracting(Tool::name).containsExactly("whoami");
        assertThat(alice.callTool("secret", Json.newObject()).text()).isEqualTo("the secret");
        assertThatThrownBy(() -> bob.callTool("secret", Json.newObject())).isInstanceOf(McpException.class)
                .hasMessageContaining("Unknown tool: secret");
        assertThatThrownBy(() -> alice.callTool("broken", Json.newObject())).as("a visibility that throws hides")
                .isInstanceOf(McpException.class).hasMessageContaining("Unknown tool: broken");
        assertThat(asked).contains("alice tools/list secret", "bob tools/list secret", "alice tools/call secret",
                "bob tools/call secret");
    }

    /**
     * A 2026-07-28 listen stream watches only the URIs its caller may read: a hidden one is left out of the
     * filter the server acknowledges (as a URI it does not know would be), so its updates never reach that caller.
     */
    @Test
    void aListenStreamDoesNotWatchAResourceItsCallerMayNotRead() throws Exception {
        StreamableHttpServer http = StreamableHttpServer.builder(server()).bearerTokens(Map.of(ALICE, "alice", BOB, "bob"))
                .start();
        toClose.add(() -> http.close(Duration.ofSeconds(2)));

        assertThat(listenAcknowledgement(http, BOB).path("notifications").path("resourceSubscriptions"))
                .extracting(JsonNode::asString).containsExactly("public://doc");
        assertThat(listenAcknowledgement(http, ALICE).path("notifications").path("resourceSubscriptions"))
                .extracting(JsonNode::asString).containsExactly("secret://doc", "public://doc");
        assertThat(asked).contains("bob subscriptions/listen secret://doc");
    }

    /** Opens a listen stream for both resources with {@code token} and returns its acknowledgement's params. */
    private JsonNode listenAcknowledgement(StreamableHttpServer http, String token) throws Exception {
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        toClose.add(client::shutdownNow);
        java.net.http.HttpResponse<java.io.InputStream> response = client.send(java.net.http.HttpRequest.newBuilder(http.endpoint())
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", HttpProbe.BOTH).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(HttpProbe.call(5, "subscriptions/listen", """
                        {"notifications":{"resourceSubscriptions":["secret://doc","public://doc"]},"_meta":{
                         "io.modelcontextprotocol/protocolVersion":"2026-07-28",
                         "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
                         "io.modelcontextprotocol/clientCapabilities":{}}}"""))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        SseReader events = new SseReader(response.body());
        toClose.add(events);
        JsonNode ack = Json.parse(events.next().orElseThrow().data());
        assertThat(ack.path("method").asString()).isEqualTo("notifications/subscriptions/acknowledged");
        return ack.path("params");
    }

    @Test
    void aTransportThatAuthenticatesNobodyHasNoCaller() throws Exception {
        var pair = MemoryTransport.pair();
        toClose.add(server().serve(pair.server())::close);
        McpClient client = McpClient.builder(pair.client()).name("test").requestTimeout(Duration.ofSeconds(10)).build();
        toClose.add(client);
        client.connect();
        assertThat(client.callTool("whoami", Json.newObject()).text()).isEqualTo("nobody");
        assertThat(client.listTools()).extracting(Tool::name).containsExactly("whoami");
        assertThat(asked).contains("- tools/list secret");
    }
}
