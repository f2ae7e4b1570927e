package io.mcphost.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * One trace from the application through McpHost into a toolkit server and back: the server span
 * is the child of the client span (same trace id, parent span id = the client span's id).
 */
class OtelTraceAcrossTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final OtelSdk otel = new OtelSdk();

    @AfterEach
    void close() {
        otel.close();
    }

    @Test
    void oneTraceCrossesMcpHostIntoAToolkitServerOverHttp() {
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        Span app = otel.sdk.getTracer("app").spanBuilder("app").startSpan();
        String answer;
        try (StreamableHttpServer http = StreamableHttpServer.builder(TracedToolServer.server(telemetry)).port(0).start();
             McpHost host = McpHost.builder()
                     .server(ServerSpec.builder("traced", () -> HttpTransport.builder(http.endpoint()).build()).build())
                     .observer(telemetry).onEvent(telemetry.hostEvents()).start()) {
            try (Scope ignored = app.makeCurrent()) {
                answer = text(host.callTool("traced__echo", JSON.readTree("{\"text\":\"hi\"}")));
            } finally {
                app.end();
            }
        }

        SpanData client = only("tools/call echo", SpanKind.CLIENT);
        SpanData server = only("tools/call echo", SpanKind.SERVER);
        assertThat(client.getTraceId()).isEqualTo(app.getSpanContext().getTraceId());
        assertThat(client.getParentSpanId()).isEqualTo(app.getSpanContext().getSpanId());
        assertThat(server.getTraceId()).isEqualTo(client.getTraceId());
        assertThat(server.getParentSpanId()).isEqualTo(client.getSpanId());
        assertThat(answer).isEqualTo("hi " + client.getTraceId()); // the handler ran inside the server span
        assertThat(server.getAttributes().get(McpAttributes.GEN_AI_TOOL_NAME)).isEqualTo("echo");
        assertThat(otel.points("mcp.server.operation.duration")).isNotEmpty();
    }

    /** An async host call runs on a thread of its own, which the host's telemetry runs in the caller's context. */
    @Test
    void anAsyncHostCallIsTheCallersSpansChild() throws Exception {
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        Span app = otel.sdk.getTracer("app").spanBuilder("app").startSpan();
        try (StreamableHttpServer http = StreamableHttpServer.builder(TracedToolServer.server(telemetry)).port(0).start();
             McpHost host = McpHost.builder()
                     .server(ServerSpec.builder("traced", () -> HttpTransport.builder(http.endpoint()).build()).build())
                     .observer(telemetry).start()) {
            java.util.concurrent.CompletableFuture<?> call;
            try (Scope ignored = app.makeCurrent()) {
                call = host.callToolAsync("traced__echo", JSON.readTree("{\"text\":\"hi\"}"));
            } finally {
                app.end();
            }
            call.get(10, java.util.concurrent.TimeUnit.SECONDS);
        }

        SpanData client = only("tools/call echo", SpanKind.CLIENT);
        assertThat(client.getTraceId()).isEqualTo(app.getSpanContext().getTraceId());
        assertThat(client.getParentSpanId()).isEqualTo(app.getSpanContext().getSpanId());
        assertThat(only("tools/call echo", SpanKind.SERVER).getParentSpanId()).isEqualTo(client.getSpanId());
    }

    @Test
    void hostLifecycleEventsAreEventsOfOneSpanPerServer() {
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        try (StreamableHttpServer http = StreamableHttpServer.builder(TracedToolServer.server(telemetry)).port(0).start();
             McpHost host = McpHost.builder()
                     .server(ServerSpec.builder("traced", () -> HttpTransport.builder(http.endpoint()).build()).build())
                     .onEvent(telemetry.hostEvents()).start()) {
            assertThat(host.tools()).isNotEmpty();
        }

        Await.until(Duration.ofSeconds(5), () -> otel.finished().stream().anyMatch(s -> s.getName().equals("mcphost.server traced")),
                "the server's lifecycle span to end");
        assertThat(otel.span("mcphost.server traced").getEvents()).extracting(EventData::getName)
                .containsSubsequence("server.starting", "server.ready", "server.stopped");
    }

    @Test
    void aServersElicitationRequestIsAnEventOfItsLifecycleSpan() throws Exception {
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        List<AutoCloseable> sessions = new ArrayList<>();
        try (McpHost host = McpHost.builder()
                .server(ServerSpec.builder("demo", () -> {
                    var pair = io.mcphost.transport.memory.MemoryTransport.pair();
                    sessions.add(io.mcphost.server.demo.DemoServer.server().serve(pair.server()));
                    return pair.client();
                }).build())
                .elicitation(io.mcphost.client.ElicitationHandler.blocking(request -> io.mcphost.protocol.elicitation.ElicitResult.decline()))
                .observer(telemetry).onEvent(telemetry.hostEvents()).start()) {
            host.callTool("demo__greet", JSON.createObjectNode());
        } finally {
            for (AutoCloseable session : sessions) {
                session.close();
            }
        }

        Await.until(Duration.ofSeconds(5), () -> otel.finished().stream().anyMatch(s -> s.getName().equals("mcphost.server demo")),
                "the server's lifecycle span to end");
        assertThat(otel.span("mcphost.server demo").getEvents()).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("server.request");
            assertThat(e.getAttributes().get(McpAttributes.MCP_METHOD_NAME)).isEqualTo("elicitation/create");
        });
        assertThat(otel.span("tools/call greet").getKind()).isEqualTo(SpanKind.CLIENT);
    }

    @Test
    void oneTraceCrossesMcpHostIntoAToolkitServerChildProcessOverStdio(@TempDir Path dir) throws IOException {
        Path spans = dir.resolve("server-spans.txt");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), TracedToolServer.class.getName(), spans.toString()));
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        Span app = otel.sdk.getTracer("app").spanBuilder("app").startSpan();
        try (McpHost host = McpHost.builder()
                .server(ServerSpec.builder("child", () -> StdioTransport.builder(command).name("child").build()).build())
                .observer(telemetry).start()) {
            try (Scope ignored = app.makeCurrent()) {
                host.callTool("child__echo", JSON.readTree("{\"text\":\"hi\"}"));
            } finally {
                app.end();
            }
        }

        SpanData client = only("tools/call echo", SpanKind.CLIENT);
        assertThat(client.getParentSpanId()).isEqualTo(app.getSpanContext().getSpanId());
        Await.until(Duration.ofSeconds(10), () -> read(spans).contains("SERVER tools/call echo"), "the child's server span in " + spans);
        String line = read(spans).lines().filter(l -> l.endsWith("SERVER tools/call echo")).findFirst().orElseThrow();
        String[] fields = line.split(" ");
        assertThat(fields[0]).isEqualTo(client.getTraceId());
        assertThat(fields[2]).isEqualTo(client.getSpanId());
    }

    private SpanData only(String name, SpanKind kind) {
        List<SpanData> found = otel.finished().stream().filter(s -> s.getName().equals(name) && s.getKind() == kind).toList();
        assertThat(found).as("%s spans named '%s' among %s", kind, name, otel.finished()).hasSize(1);
        return found.getFirst();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String text(io.mcphost.protocol.tools.CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }
}
