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
                .visibility((caller, kind, name, method) -> {
                    asked.add(caller.map(Caller::principal).orElse("-") + " " + method + " " + name);
                    if (name.equals("broken")) {
                        throw new IllegalStateException("a broken visibility");
                    }
                    return !name.equals("secret") || caller.map(Caller::principal).filter("alice"::equals).isPresent();
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
