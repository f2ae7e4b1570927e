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
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client against the official reference server, @modelcontextprotocol/server-everything: the
 * same calls over each transport (subclasses: stdio, Streamable HTTP, HTTP+SSE).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class EverythingServerContract {
    private static final JsonCodec CODEC = JsonCodec.get();

    private RecordingTransport transport;
    protected McpClient client;

    /** A new transport to a running server-everything. */
    protected abstract Transport newTransport();

    @BeforeAll
    void connect() {
        transport = new RecordingTransport(newTransport());
        client = McpClient.builder(transport).name("everything").requestTimeout(Duration.ofSeconds(20)).connect();
    }

    @AfterAll
    void close() {
        client.close();
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

    @Test
    void handshakeNegotiatesTheLatestRevision() {
        assertThat(client.state()).isEqualTo(ClientState.READY);
        assertThat(client.protocolVersion()).isEqualTo(ProtocolVersion.V2025_11_25);
        assertThat(client.serverInfo().name()).isEqualTo("mcp-servers/everything");
    }

    @Test
    void listsToolsWithSchemas() {
        List<Tool> tools = client.listTools();

        assertThat(tools).extracting(Tool::name).contains("echo", "get-sum", "get-structured-content");
        assertThat(tools).filteredOn(t -> t.name().equals("get-structured-content"))
                .allSatisfy(t -> assertThat(t.outputSchema()).isPresent());
    }

    @Test
    void echoReturnsTheMessage() {
        CallToolResult result = client.callTool("echo", args("message", "hello from McpHost"));

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).contains("hello from McpHost");
    }

    @Test
    void getSumAddsNumbers() {
        assertThat(text(client.callTool("get-sum", args("a", 2, "b", 40)))).contains("42");
    }

    @Test
    void structuredContentIsKeptAndValidatedAgainstTheOutputSchema() {
        client.listTools(); // learns the output schemas

        CallToolResult result = client.callTool("get-structured-content", args("location", "Chicago"));

        assertThat(result.structuredContent()).isPresent();
        assertThat(result.structuredContent().get().has("temperature")).isTrue();
    }

    @Test
    void progressNotificationsReachThePerCallCallback() {
        List<Progress> seen = new CopyOnWriteArrayList<>();
        CallOptions options = CallOptions.builder().onProgress(seen::add).build();

        CallToolResult result = client.callTool("trigger-long-running-operation", args("duration", 0.3, "steps", 3), options);

        assertThat(result.isError()).isFalse();
        assertThat(seen).hasSize(3);
        assertThat(seen.getLast().progress()).isEqualTo(3.0);
        assertThat(seen.getLast().total()).hasValue(3.0);
    }

    @Test
    void aCallPastItsDeadlineFailsAndTheServerIsToldToCancel() {
        CallOptions quick = CallOptions.timeout(Duration.ofMillis(300));

        assertThatThrownBy(() -> client.callTool("trigger-long-running-operation", args("duration", 5, "steps", 5), quick))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("server 'everything'")
                .hasMessageContaining("tools/call");
        client.ping(); // the connection is still healthy
        assertThat(transport.sent()).anySatisfy(m -> assertThat(m).isInstanceOfSatisfying(JsonRpcNotification.class,
                n -> assertThat(n.method()).isEqualTo("notifications/cancelled")));
    }

    @Test
    void cancellingTheFutureSendsCancelled() {
        var future = client.callToolAsync("trigger-long-running-operation", args("duration", 5, "steps", 5));
        future.cancel(true);

        Await.until(() -> transport.sent().stream().anyMatch(m -> m instanceof JsonRpcNotification n
                && n.method().equals("notifications/cancelled")), Duration.ofSeconds(5), "notifications/cancelled to be sent");
        assertThat(future).isCancelled();
    }

    @Test
    void resourcesCanBeListedAndRead() {
        var resources = client.listResources();
        assertThat(resources).isNotEmpty();

        var read = client.readResource(resources.getFirst().uri());

        assertThat(read.contents()).isNotEmpty();
        assertThat(client.listResourceTemplates()).isNotEmpty();
    }

    @Test
    void promptsCanBeListedAndFetchedWithArguments() {
        assertThat(client.listPrompts()).extracting(p -> p.name()).contains("simple-prompt", "args-prompt");

        var prompt = client.getPrompt("args-prompt", Map.of("city", "Lisbon", "state", "Lisboa"));

        assertThat(prompt.messages()).isNotEmpty();
    }

    @Test
    void promptArgumentsCanBeCompleted() {
        var result = client.complete(CompleteRequestParams.forPrompt("completable-prompt", "department", "E"));

        assertThat(result.completion().values()).contains("Engineering");
    }

    @Test
    void everyMessageTheClientSentIsValidForTheNegotiatedRevision() {
        client.ping();
        client.listTools();

        for (JsonRpcMessage message : transport.sent()) {
            SpecSchemas.assertValidMessage(CODEC.toTree(message), client.protocolVersion());
        }
        assertThat(transport.sent()).hasSizeGreaterThan(3);
    }
}
