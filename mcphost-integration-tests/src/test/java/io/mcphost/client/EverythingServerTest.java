package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.EverythingHttpServer;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client against the official reference server, @modelcontextprotocol/server-everything: the
 * same calls and assertions over each transport it offers (stdio, Streamable HTTP, HTTP+SSE).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EverythingServerTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** How the client reaches server-everything. */
    enum Kind {
        /** A child process over stdio. */
        STDIO,
        /** {@code streamableHttp} mode, reached over Streamable HTTP. */
        STREAMABLE_HTTP,
        /**
         * {@code sse} mode (the 2024-11-05 HTTP+SSE transport), reached through the automatic
         * fallback: the Streamable HTTP POST to {@code /sse} is refused, so the client opens the
         * stream and posts to the endpoint it names.
         */
        SSE
    }

    /** A connected client, the recording wrapped round its transport, and the HTTP server process if any. */
    private record Connection(McpClient client, RecordingTransport transport, Transport raw, EverythingHttpServer server) {
    }

    // One server and client per kind for the whole class, created on first use: starting node for
    // every test would multiply the run time, and the calls do not disturb one another.
    private final Map<Kind, Connection> connections = new EnumMap<>(Kind.class);

    private Connection connection(Kind kind) {
        return connections.computeIfAbsent(kind, EverythingServerTest::connect);
    }

    private McpClient client(Kind kind) {
        return connection(kind).client();
    }

    private RecordingTransport transport(Kind kind) {
        return connection(kind).transport();
    }

    private static Connection connect(Kind kind) {
        EverythingHttpServer server = switch (kind) {
            case STDIO -> null;
            case STREAMABLE_HTTP -> EverythingHttpServer.start("streamableHttp");
            case SSE -> EverythingHttpServer.start("sse");
        };
        Transport raw = switch (kind) {
            case STDIO -> {
                List<String> command = NpmFixtures.everythingStdio();
                yield StdioTransport.builder(command.getFirst(), command.subList(1, command.size()).toArray(String[]::new))
                        .name("everything").build();
            }
            case STREAMABLE_HTTP -> HttpTransport.builder(server.url("/mcp")).name("everything").build();
            case SSE -> HttpTransport.builder(server.url("/sse")).name("everything").build();
        };
        RecordingTransport transport = new RecordingTransport(raw);
        McpClient client = McpClient.builder(transport).name("everything").requestTimeout(Duration.ofSeconds(20)).connect();
        return new Connection(client, transport, raw, server);
    }

    @AfterAll
    void close() {
        for (Connection connection : connections.values()) {
            connection.client().close();
            if (connection.server() != null) {
                connection.server().close();
            }
        }
    }

    @Test
    void theStreamableTransportIsTheOneInUse() {
        assertThat(((HttpTransport) connection(Kind.STREAMABLE_HTTP).raw()).activeMode()).isEqualTo(HttpTransport.Mode.STREAMABLE_HTTP);
    }

    @Test
    void theClientFellBackToTheLegacyTransport() {
        assertThat(((HttpTransport) connection(Kind.SSE).raw()).activeMode()).isEqualTo(HttpTransport.Mode.SSE);
    }

    private static ObjectNode args(Object... keyValues) {
        ObjectNode node = CODEC.newObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.set((String) keyValues[i], CODEC.valueToTree(keyValues[i + 1]));
        }
        return node;
    }

    private static String text(CallToolResult result) {
        return result.content().stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .reduce("", String::concat);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void handshakeNegotiatesTheLatestRevision(Kind kind) {
        McpClient client = client(kind);
        assertThat(client.state()).isEqualTo(ClientState.READY);
        assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
        assertThat(client.serverInfo().name()).isEqualTo("mcp-servers/everything");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void listsToolsWithSchemas(Kind kind) {
        McpClient client = client(kind);
        List<Tool> tools = client.listTools();

        assertThat(tools).extracting(Tool::name).contains("echo", "get-sum", "get-structured-content");
        assertThat(tools).filteredOn(t -> t.name().equals("get-structured-content"))
                .allSatisfy(t -> assertThat(t.outputSchema()).isPresent());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void echoReturnsTheMessage(Kind kind) {
        McpClient client = client(kind);
        CallToolResult result = client.callTool("echo", args("message", "hello from McpHost"));

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).contains("hello from McpHost");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void getSumAddsNumbers(Kind kind) {
        McpClient client = client(kind);
        assertThat(text(client.callTool("get-sum", args("a", 2, "b", 40)))).contains("42");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void structuredContentIsKeptAndValidatedAgainstTheOutputSchema(Kind kind) {
        McpClient client = client(kind);
        client.listTools(); // learns the output schemas

        CallToolResult result = client.callTool("get-structured-content", args("location", "Chicago"));

        assertThat(result.structuredContent()).isPresent();
        assertThat(result.structuredContent().get().has("temperature")).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void progressNotificationsReachThePerCallCallback(Kind kind) {
        McpClient client = client(kind);
        List<Progress> seen = new CopyOnWriteArrayList<>();
        CallOptions options = CallOptions.builder().onProgress(seen::add).build();

        CallToolResult result = client.callTool("trigger-long-running-operation", args("duration", 0.3, "steps", 3), options);

        assertThat(result.isError()).isFalse();
        assertThat(seen).hasSize(3);
        assertThat(seen.getLast().progress()).isEqualTo(3.0);
        assertThat(seen.getLast().total()).hasValue(3.0);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aCallPastItsDeadlineFailsAndTheServerIsToldToCancel(Kind kind) {
        McpClient client = client(kind);
        RecordingTransport transport = transport(kind);
        CallOptions quick = CallOptions.timeout(Duration.ofMillis(300));

        assertThatThrownBy(() -> client.callTool("trigger-long-running-operation", args("duration", 5, "steps", 5), quick))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("server 'everything'")
                .hasMessageContaining("tools/call");
        client.ping(); // the connection is still healthy
        assertThat(transport.sent()).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(JsonRpcNotification.class,
                n -> assertThat(n.method()).isEqualTo("notifications/cancelled")));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void cancellingTheFutureSendsCancelled(Kind kind) {
        McpClient client = client(kind);
        RecordingTransport transport = transport(kind);
        var future = client.callToolAsync("trigger-long-running-operation", args("duration", 5, "steps", 5));
        future.cancel(true);

        Await.until(Duration.ofSeconds(5), () -> transport.sent().stream().anyMatch(m -> m instanceof JsonRpcNotification n
                && n.method().equals("notifications/cancelled")), "notifications/cancelled to be sent");
        assertThat(future).isCancelled();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void resourcesCanBeListedAndRead(Kind kind) {
        McpClient client = client(kind);
        var resources = client.listResources();
        assertThat(resources).isNotEmpty();

        var read = client.readResource(resources.getFirst().uri());

        assertThat(read.contents()).isNotEmpty();
        assertThat(client.listResourceTemplates()).isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void promptsCanBeListedAndFetchedWithArguments(Kind kind) {
        McpClient client = client(kind);
        assertThat(client.listPrompts()).extracting(p -> p.name()).contains("simple-prompt", "args-prompt");

        var prompt = client.getPrompt("args-prompt", Map.of("city", "Lisbon", "state", "Lisboa"));

        assertThat(prompt.messages()).isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void promptArgumentsCanBeCompleted(Kind kind) {
        McpClient client = client(kind);
        var result = client.complete(CompleteRequestParams.forPrompt("completable-prompt", "department", "E"));

        assertThat(result.completion().values()).contains("Engineering");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyMessageTheClientSentIsValidForTheNegotiatedRevision(Kind kind) {
        McpClient client = client(kind);
        RecordingTransport transport = transport(kind);
        client.ping();
        client.listTools();

        for (JsonRpcMessage message : transport.sent()) {
            SpecSchemas.assertValidMessage(CODEC.toTree(message), client.protocolVersion());
        }
        assertThat(transport.sent()).hasSizeGreaterThan(3);
    }
}
