package io.mcphost.client;

import io.mcphost.protocol.Era;
import static io.mcphost.testkit.ScriptedServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.ScriptedServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The client's protocol behaviour against a scripted server over the in-memory transport. */
class McpClientProtocolTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private record Connected(McpClient client, ScriptedServer server) {
    }

    private Connected connect(Function<ScriptedServer, ScriptedServer> setup,
                              Function<JsonRpcRequest, Optional<JsonNode>> script) {
        var pair = MemoryTransport.pair();
        ScriptedServer server = setup.apply(new ScriptedServer(pair.server(), script)).start();
        McpClient client = McpClient.builder(pair.client()).era(Era.LEGACY).name("scripted").requestTimeout(Duration.ofSeconds(5)).build();
        toClose.add(client);
        toClose.add(server::close);
        client.connect();
        return new Connected(client, server);
    }

    private Connected connect(Function<JsonRpcRequest, Optional<JsonNode>> script) {
        return connect(s -> s, script);
    }

    private static Optional<JsonNode> echoTool(JsonRpcRequest r) {
        String text = r.params().orElseThrow().path("arguments").path("text").stringValue();
        return Optional.of(json("{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}"));
    }

    @Test
    void handshakeSendsInitializedAfterTheAnswer() {
        Connected c = connect(r -> Optional.of(json("{}")));

        Await.until(Duration.ofSeconds(5), () -> c.server().receivedMethods().size() >= 2, "initialized");
        assertThat(c.server().receivedMethods()).startsWith("initialize", "notifications/initialized");
        assertThat(c.client().state()).isEqualTo(ClientState.READY);
        assertThat(c.client().serverInfo().name()).isEqualTo("scripted");
    }

    @Test
    void anOlderRevisionTheServerPicksIsAccepted() {
        Connected c = connect(s -> s.protocolVersion("2024-11-05"), r -> Optional.of(json("{}")));

        assertThat(c.client().protocolVersion()).isEqualTo(ProtocolVersion.V2024_11_05);
    }

    @Test
    void anUnknownRevisionIsRefusedWithAClearError() {
        assertThatThrownBy(() -> connect(s -> s.protocolVersion("1999-01-01"), r -> Optional.of(json("{}"))))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("server 'scripted'")
                .hasMessageContaining("'1999-01-01'")
                .hasMessageContaining("2025-11-25");
    }

    @Test
    void aFeatureTheServerDidNotAnnounceFailsBeforeAnythingIsSent() {
        Connected c = connect(r -> Optional.of(json("{}")));
        Await.until(Duration.ofSeconds(5), () -> c.server().received().size() >= 2, "initialized");
        int before = c.server().received().size();

        assertThatThrownBy(() -> c.client().listPrompts())
                .isInstanceOf(McpCapabilityException.class)
                .hasMessageContaining("prompts/list needs the server capability 'prompts'");
        assertThat(c.server().received()).hasSize(before);
    }

    @Test
    void anErrorAnswerBecomesMcpErrorWithItsCode() {
        Connected c = connect(r -> {
            throw new IllegalArgumentException("no such tool: nope");
        });

        assertThatThrownBy(() -> c.client().callTool("nope", null))
                .isInstanceOfSatisfying(McpError.class, e -> assertThat(e.code()).isEqualTo(-32602))
                .hasMessageContaining("tools/call failed: no such tool: nope");
    }

    @Test
    void toolErrorsAreResultsNotExceptions() {
        Connected c = connect(r -> Optional.of(json("{\"content\":[{\"type\":\"text\",\"text\":\"boom\"}],\"isError\":true}")));

        CallToolResult result = c.client().callTool("fails", null);

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).containsExactly(new TextContent("boom", Optional.empty(), Optional.empty()));
    }

    @Test
    void thousandsOfConcurrentCallsAreAnsweredEachToItsOwnCaller() throws Exception {
        Connected c = connect(McpClientProtocolTest::echoTool);
        List<Future<String>> answers = new ArrayList<>();

        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 5_000; i++) {
                String text = "call-" + i;
                answers.add(threads.submit(() -> ((TextContent) c.client()
                        .callTool("echo", json("{\"text\":\"" + text + "\"}")).content().getFirst()).text()));
            }
        }
        for (int i = 0; i < answers.size(); i++) {
            assertThat(answers.get(i).get()).isEqualTo("call-" + i);
        }
    }

    @Test
    void pendingCallsFailWithinMomentsWhenTheConnectionDies() {
        Connected c = connect(r -> Optional.empty()); // never answers
        CompletableFuture<CallToolResult> call = c.client().callToolAsync("hangs", null);

        long start = System.nanoTime();
        c.server().close();

        assertThatThrownBy(() -> call.get(1, TimeUnit.SECONDS)).cause().isInstanceOf(McpTransportException.class)
                .hasMessageContaining("server 'scripted'");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(500));
        assertThat(c.client().state()).isEqualTo(ClientState.FAILED);
    }

    @Test
    void closeFailsPendingCallsAtOnceAndLaterCallsToo() {
        Connected c = connect(r -> Optional.empty());
        CompletableFuture<CallToolResult> call = c.client().callToolAsync("hangs", null);

        c.client().close();

        assertThatThrownBy(() -> call.get(1, TimeUnit.SECONDS)).cause().isInstanceOf(McpClosedException.class);
        assertThatThrownBy(() -> c.client().ping()).isInstanceOf(McpClosedException.class);
        assertThat(c.client().state()).isEqualTo(ClientState.CLOSED);
    }

    @Test
    void listingFollowsEveryPage() {
        Connected c = connect(r -> {
            String cursor = r.params().map(p -> p.path("cursor").asString("")).orElse("");
            return Optional.of(switch (cursor) {
                case "" -> json("{\"tools\":[{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\"}}],\"nextCursor\":\"p2\"}");
                case "p2" -> json("{\"tools\":[{\"name\":\"b\",\"inputSchema\":{\"type\":\"object\"}}],\"nextCursor\":\"p3\"}");
                default -> json("{\"tools\":[{\"name\":\"c\",\"inputSchema\":{\"type\":\"object\"}}]}");
            });
        });

        assertThat(c.client().listTools()).extracting(t -> t.name()).containsExactly("a", "b", "c");
    }

    @Test
    void paginationThatNeverEndsIsReported() {
        Connected c = connect(r -> Optional.of(json("{\"tools\":[],\"nextCursor\":\"again\"}")));

        assertThatThrownBy(() -> c.client().listTools()).isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("pagination does not end");
    }

    @Test
    void structuredContentThatBreaksTheOutputSchemaIsRejected() {
        Connected c = connect(r -> Optional.of(r.method().equals("tools/list")
                ? json("{\"tools\":[{\"name\":\"sum\",\"inputSchema\":{\"type\":\"object\"},"
                        + "\"outputSchema\":{\"type\":\"object\",\"properties\":{\"sum\":{\"type\":\"number\"}},\"required\":[\"sum\"]}}]}")
                : json("{\"content\":[],\"structuredContent\":{\"sum\":\"not a number\"}}")));
        c.client().listTools();

        assertThatThrownBy(() -> c.client().callTool("sum", null)).isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("does not match its outputSchema");
    }

    @Test
    void callerMetaAndAProgressTokenAreForwarded() {
        Connected c = connect(McpClientProtocolTest::echoTool);
        List<Progress> progress = new ArrayList<>();
        CallOptions options = CallOptions.builder().meta(json("{\"trace\":\"abc\"}")).onProgress(progress::add).build();

        c.client().callTool("echo", json("{\"text\":\"x\"}"), options);

        JsonRpcRequest sent = c.server().received().stream().filter(m -> m instanceof JsonRpcRequest r
                && r.method().equals("tools/call")).map(JsonRpcRequest.class::cast).findFirst().orElseThrow();
        JsonNode meta = sent.params().orElseThrow().path("_meta");
        assertThat(meta.path("trace").stringValue()).isEqualTo("abc");
        assertThat(meta.path("progressToken").isIntegralNumber()).isTrue();
    }

    @Test
    void theServersPingIsAnswered() throws Exception {
        Connected c = connect(r -> Optional.of(json("{}")));
        Await.until(Duration.ofSeconds(5), () -> c.server().received().size() >= 2, "initialized");
        int before = c.server().received().size();

        c.server().send(JsonRpcRequest.of(io.mcphost.protocol.RequestId.of("srv-1"), "ping", null));

        Await.until(Duration.ofSeconds(5), () -> c.server().received().size() > before, "the ping answer");
        assertThat(c.server().receivedMethods().getLast()).isEqualTo("response");
    }

    @Test
    void unmodelledNotificationsReachTheListener() {
        var pair = MemoryTransport.pair();
        ScriptedServer server = new ScriptedServer(pair.server(), r -> Optional.of(json("{}"))).start();
        List<JsonRpcNotification> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        McpClient client = McpClient.builder(pair.client()).name("scripted").onNotification(seen::add).connect();
        toClose.add(client);

        server.send(JsonRpcNotification.of("notifications/tools/list_changed", null));

        Await.until(Duration.ofSeconds(5), () -> !seen.isEmpty(), "the list_changed notification");
        assertThat(seen.getFirst().method()).isEqualTo("notifications/tools/list_changed");
    }
}
