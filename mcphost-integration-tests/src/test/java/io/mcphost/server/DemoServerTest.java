package io.mcphost.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.client.CallOptions;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.Progress;
import io.mcphost.server.demo.DemoServer;

import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client against our own demo server: in process, as a child process, and over Streamable
 * HTTP with SSE answers and with JSON answers.
 */
class DemoServerTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    enum TransportKind { MEMORY, STDIO, HTTP_SSE, HTTP_JSON }

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final List<LoggingMessageNotificationParams> logs = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /** Every transport, each with a legacy (initialize handshake) and a modern (2026-07-28, stateless) client. */
    static Stream<Arguments> kindsAndEras() {
        return Arrays.stream(TransportKind.values())
                .flatMap(kind -> Stream.of(Arguments.of(kind, Era.LEGACY), Arguments.of(kind, Era.MODERN)));
    }

    private McpClient connect(TransportKind kind, Era era) {
        return connect(kind, era, Duration.ofSeconds(20));
    }

    private McpClient connect(TransportKind kind, Era era, Duration requestTimeout) {
        McpClientBuilder builder = switch (kind) {
            case MEMORY -> {
                var pair = MemoryTransport.pair();
                ServerSession session = DemoServer.server().serve(pair.server());
                toClose.add(session);
                yield McpClient.builder(pair.client());
            }
            case STDIO -> McpClient.builder(StdioTransport.builder(DemoServer.command()).name("demo").build());
            case HTTP_SSE, HTTP_JSON -> {
                StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server())
                        .responseMode(kind == TransportKind.HTTP_SSE ? ResponseMode.SSE : ResponseMode.JSON).start();
                toClose.add(http);
                yield McpClient.builder(HttpTransport.builder(http.endpoint()).name("demo").build());
            }
        };
        McpClient client = builder.name("demo").era(era).requestTimeout(requestTimeout).onLog(logs::add).connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(era);
        return client;
    }

    private static ObjectNode args(Object... keyValues) {
        ObjectNode node = CODEC.newObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.set((String) keyValues[i], CODEC.valueToTree(keyValues[i + 1]));
        }
        return node;
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }


    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void theDemoServerOffersItsToolsAndAnswersCalls(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);

        assertThat(client.serverInfo().name()).isEqualTo("mcphost-demo");
        assertThat(client.instructions()).isPresent();
        assertThat(client.listTools()).extracting(Tool::name)
                .containsExactly("echo", "add", "calculate", "slow_task", "fail", "time", "greet");
        assertThat(text(client.callTool("echo", args("text", "hi there")))).isEqualTo("hi there");
        assertThat(text(client.callTool("calculate", args("expression", "(2 + 3) * 4")))).isEqualTo("(2 + 3) * 4 = 20");
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void structuredOutputArrivesAndMatchesTheSchema(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);
        client.listTools();

        CallToolResult result = client.callTool("add", args("a", 2, "b", 40.5));

        assertThat(result.structuredContent().orElseThrow().path("sum").doubleValue()).isEqualTo(42.5);
        assertThat(text(result)).isEqualTo("42.5");
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void toolFailuresAreErrorResults(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);

        assertThat(client.callTool("fail", args("reason", "demo")).isError()).isTrue();
        CallToolResult divide = client.callTool("calculate", args("expression", "1/0"));
        assertThat(divide.isError()).isTrue();
        assertThat(text(divide)).contains("division by zero");
        assertThatThrownBy(() -> client.callTool("nope", null)).isInstanceOf(McpError.class)
                .hasMessageContaining("Unknown tool: nope");
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void progressIsReportedStepByStepAndLogsArrive(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);
        if (era == Era.MODERN) {
            // 2026-07-28 (server/utilities/logging): a server sends log messages only for a request whose
            // _meta names a logLevel; a legacy server logs unless told otherwise.
            client.setLoggingLevel(LoggingLevel.INFO);
        }
        List<Progress> progress = new CopyOnWriteArrayList<>();

        CallToolResult result = client.callTool("slow_task", args("steps", 4, "delayMs", 10),
                CallOptions.builder().onProgress(progress::add).build());

        assertThat(text(result)).isEqualTo("done: 4 steps");
        Await.until(Duration.ofSeconds(10), () -> progress.size() == 4, "four progress notifications");
        assertThat(progress).extracting(Progress::progress).containsExactly(1.0, 2.0, 3.0, 4.0);
        Await.until(Duration.ofSeconds(10), () -> !logs.isEmpty(), "the log message");
        assertThat(logs.getFirst().data().asString()).contains("finished 4 steps");
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void aLoggingLevelAboveInfoSilencesInfoMessages(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);
        client.setLoggingLevel(LoggingLevel.ERROR);

        client.callTool("slow_task", args("steps", 1, "delayMs", 0));
        if (era == Era.LEGACY) {
            client.ping(); // a round trip after the call: a log it sent would have arrived by now
        } else {
            client.listTools(); // no ping at 2026-07-28; its logs travel on the call's own stream anyway
        }

        assertThat(logs).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void resourcesTemplatesPromptsAndCompletionsWork(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);

        assertThat(client.listResources()).extracting(r -> r.uri()).containsExactly("demo://readme", "demo://clock");
        assertThat(((TextResourceContents) client.readResource("demo://readme").contents().getFirst()).text())
                .contains("McpHost demo server");
        assertThat(client.listResourceTemplates()).extracting(t -> t.uriTemplate()).containsExactly("demo://notes/{name}");
        assertThat(((TextResourceContents) client.readResource("demo://notes/groceries").contents().getFirst()).text())
                .contains("groceries");
        if (era == Era.LEGACY) {
            assertThatThrownBy(() -> client.readResource("demo://missing")).isInstanceOfSatisfying(McpError.class,
                    e -> assertThat(e.code()).isEqualTo(-32002));
        } else {
            // 2026-07-28 (server/resources): not found is -32602 with data.uri, which the client names as such.
            assertThatThrownBy(() -> client.readResource("demo://missing")).isInstanceOf(McpNotFoundException.class)
                    .cause().isInstanceOfSatisfying(McpError.class, e -> assertThat(e.code()).isEqualTo(-32602));
        }
        assertThat(client.getPrompt("summarize", Map.of("text", "abc", "style", "haiku")).messages()).hasSize(1);
        assertThatThrownBy(() -> client.getPrompt("summarize", Map.of())).isInstanceOfSatisfying(McpError.class,
                e -> assertThat(e.code()).isEqualTo(-32602));
        assertThat(client.complete(CompleteRequestParams.forPrompt("summarize", "style", "b")).completion().values())
                .containsExactly("bullet points", "brief");
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void manyConcurrentCallersGetTheirOwnAnswers(TransportKind kind, Era era) throws Exception {
        // What is proven is that each caller gets its own answer, not how fast 1,000 calls go through:
        // a call's deadline runs while it waits behind the others, and over HTTP under a CPU burner the
        // last of them once came after 20 s. The deadline only catches a call that is never answered.
        McpClient client = connect(kind, era, Duration.ofSeconds(120));
        List<Future<String>> answers = new ArrayList<>();

        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 1_000; i++) {
                String text = "caller-" + i;
                answers.add(threads.submit(() -> text(client.callTool("echo", args("text", text)))));
            }
        }
        for (int i = 0; i < answers.size(); i++) {
            assertThat(answers.get(i).get()).isEqualTo("caller-" + i);
        }
    }

    @ParameterizedTest
    @MethodSource("kindsAndEras")
    void aTimedOutCallIsCancelledOnTheServer(TransportKind kind, Era era) {
        McpClient client = connect(kind, era);

        assertThatThrownBy(() -> client.callTool("slow_task", args("steps", 50, "delayMs", 100),
                CallOptions.timeout(Duration.ofMillis(300)))).isInstanceOf(McpTimeoutException.class);

        assertThat(text(client.callTool("echo", args("text", "still fine")))).isEqualTo("still fine");
    }
}
