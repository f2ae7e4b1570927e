package io.mcphost.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpError;
import io.mcphost.server.ServerSession;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.memory.MemoryTransport;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Client spans and metrics against the demo server, in process over a memory pair. */
class OtelClientSpansTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final OtelSdk otel = new OtelSdk();
    private ServerSession session;
    private McpClient client;

    private McpClient connect(McpTelemetry telemetry) {
        return connect(telemetry, Era.AUTO);
    }

    private McpClient connect(McpTelemetry telemetry, Era era) {
        var pair = MemoryTransport.pair();
        session = DemoServer.server().serve(pair.server());
        client = McpClient.builder(pair.client()).name("demo").era(era).observer(telemetry).connect();
        return client;
    }

    @AfterEach
    void close() throws Exception {
        if (client != null) {
            client.close();
        }
        if (session != null) {
            session.close();
        }
        otel.close();
    }

    @Test
    void aToolCallIsOneClientSpanNamedAfterTheTool() {
        connect(McpTelemetry.create(otel.sdk)).callTool("echo", JSON.readTree("{\"text\":\"hi\"}"));

        SpanData span = otel.span("tools/call echo");
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(span.getAttributes().asMap()).containsEntry(McpAttributes.MCP_METHOD_NAME, "tools/call")
                .containsEntry(McpAttributes.GEN_AI_TOOL_NAME, "echo")
                .containsEntry(McpAttributes.GEN_AI_OPERATION_NAME, "execute_tool")
                .containsEntry(McpAttributes.MCPHOST_SERVER_NAME, "demo")
                .containsKey(McpAttributes.JSONRPC_REQUEST_ID)
                .containsKey(McpAttributes.MCP_PROTOCOL_VERSION)
                .doesNotContainKey(McpAttributes.NETWORK_TRANSPORT);
    }

    @Test
    void everyRequestIsASpanTheHandshakeListsPromptsResourcesAndPingIncluded() {
        // Legacy: the initialize handshake and ping exist only there.
        McpClient c = connect(McpTelemetry.create(otel.sdk), Era.LEGACY);
        c.ping();
        c.listTools();
        c.listPrompts();
        c.getPrompt("summarize", Map.of("text", "a long text"));
        c.readResource("demo://readme");

        assertThat(otel.finished()).extracting(SpanData::getName).contains("initialize", "ping", "tools/list",
                "prompts/list", "prompts/get summarize", "resources/read");
        assertThat(otel.span("prompts/get summarize").getAttributes().get(McpAttributes.GEN_AI_PROMPT_NAME)).isEqualTo("summarize");
        assertThat(otel.span("resources/read").getAttributes().get(McpAttributes.MCP_RESOURCE_URI)).isEqualTo("demo://readme");
        assertThat(otel.span("initialize").getAttributes().get(McpAttributes.MCP_PROTOCOL_VERSION)).isNotBlank();
    }

    @Test
    void onAModernServerEveryRequestIsASpanCarryingTheRevisionAndThereIsNoHandshake() {
        McpClient c = connect(McpTelemetry.create(otel.sdk), Era.MODERN);
        c.listTools();
        c.listPrompts();
        c.getPrompt("summarize", Map.of("text", "a long text"));
        c.readResource("demo://readme");

        assertThat(otel.finished()).extracting(SpanData::getName).contains("tools/list", "prompts/list",
                "prompts/get summarize", "resources/read").doesNotContain("initialize");
        assertThat(otel.span("tools/list").getAttributes().get(McpAttributes.MCP_PROTOCOL_VERSION)).isEqualTo("2026-07-28");
    }

    @Test
    void theResourceUriNamesTheSpanOnlyWhenOptedIn() {
        connect(McpTelemetry.builder(otel.sdk).resourceUriInSpanName(true).build()).readResource("demo://readme");

        assertThat(otel.span("resources/read demo://readme").getAttributes().get(McpAttributes.MCP_RESOURCE_URI))
                .isEqualTo("demo://readme");
    }

    @Test
    void anIsErrorResultIsAnErrorSpanWithToolError() {
        var result = connect(McpTelemetry.create(otel.sdk)).callTool("fail", JSON.readTree("{\"reason\":\"test\"}"));

        assertThat(result.isError()).isTrue();
        SpanData span = otel.span("tools/call fail");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo("tool_error");
    }

    @Test
    void aJsonRpcErrorIsAnErrorSpanWithItsCode() {
        McpClient c = connect(McpTelemetry.create(otel.sdk));
        McpError error = org.junit.jupiter.api.Assertions.assertThrows(McpError.class,
                () -> c.getPrompt("no-such-prompt", Map.of()));

        SpanData span = otel.span("prompts/get no-such-prompt");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getStatus().getDescription()).isEqualTo(error.error().message());
        assertThat(span.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo(Integer.toString(error.code()));
        assertThat(span.getAttributes().get(McpAttributes.RPC_RESPONSE_STATUS_CODE)).isEqualTo(Integer.toString(error.code()));
    }

    @Test
    void argumentsAndResultsAreNotRecordedByDefault() {
        connect(McpTelemetry.create(otel.sdk)).callTool("echo", JSON.readTree("{\"text\":\"secret\"}"));

        assertThat(otel.span("tools/call echo").getAttributes().asMap())
                .doesNotContainKeys(McpAttributes.GEN_AI_TOOL_CALL_ARGUMENTS, McpAttributes.GEN_AI_TOOL_CALL_RESULT);
    }

    @Test
    void argumentsAndResultsAreRecordedBoundedWhenOptedIn() {
        McpClient c = connect(McpTelemetry.builder(otel.sdk).recordPayloads(true).maxPayloadBytes(256).build());
        c.callTool("echo", JSON.readTree("{\"text\":\"short\"}"));
        c.callTool("add", JSON.readTree("{\"a\":1,\"b\":2,\"padding\":\"" + "x".repeat(1000) + "\"}"));

        var echo = otel.span("tools/call echo").getAttributes();
        assertThat(echo.get(McpAttributes.GEN_AI_TOOL_CALL_ARGUMENTS)).isEqualTo("{\"text\":\"short\"}");
        assertThat(echo.get(McpAttributes.GEN_AI_TOOL_CALL_RESULT)).contains("short");
        String bounded = otel.span("tools/call add").getAttributes().get(McpAttributes.GEN_AI_TOOL_CALL_ARGUMENTS);
        assertThat(bounded).startsWith("{\"a\":1,\"b\":2,").endsWith(Payloads.TRUNCATED);
        assertThat(bounded.getBytes(java.nio.charset.StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(256);
    }

    @Test
    void operationAndSessionDurationsAreHistogramsInSeconds() {
        // Legacy: the initialize handshake, one of the operations recorded here, exists only there.
        McpClient c = connect(McpTelemetry.create(otel.sdk), Era.LEGACY);
        c.callTool("echo", JSON.readTree("{\"text\":\"hi\"}"));
        c.callTool("fail", JSON.readTree("{}"));
        c.close();

        assertThat(otel.metric("mcp.client.operation.duration")).hasValueSatisfying(m -> assertThat(m.getUnit()).isEqualTo("s"));
        assertThat(otel.points("mcp.client.operation.duration")).anySatisfy(p -> {
            assertThat(p.getAttributes().get(McpAttributes.GEN_AI_TOOL_NAME)).isEqualTo("fail");
            assertThat(p.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo("tool_error");
            assertThat(p.getBoundaries()).containsExactlyElementsOf(McpAttributes.DURATION_BUCKETS);
        }).anySatisfy(p -> assertThat(p.getAttributes().get(McpAttributes.MCP_METHOD_NAME)).isEqualTo("initialize"));
        assertThat(otel.points("mcp.client.session.duration")).singleElement().satisfies(p -> {
            assertThat(p.getCount()).isEqualTo(1);
            assertThat(p.getAttributes().get(AttributeKey.stringKey("error.type"))).isNull();
        });
    }

    @Test
    void traceContextAndBaggageGoIntoMetaBesideTheCallersOwnEntries() {
        var seen = new java.util.concurrent.atomic.AtomicReference<tools.jackson.databind.JsonNode>();
        var pair = MemoryTransport.pair();
        session = io.mcphost.server.McpServer.builder().name("meta").observer(request -> {
            if (request.method().equals("tools/call")) {
                seen.set(request.params().path("_meta"));
            }
            return io.mcphost.server.ServerRequestObserver.Completion.NONE;
        }).tool(io.mcphost.protocol.tools.Tool.of("t", "t", JSON.readTree("{\"type\":\"object\"}")),
                call -> io.mcphost.protocol.tools.CallToolResult.text("ok")).build().serve(pair.server());
        client = McpClient.builder(pair.client()).observer(McpTelemetry.create(otel.sdk)).connect();

        try (var ignored = io.opentelemetry.api.baggage.Baggage.builder().put("user", "alice").build().makeCurrent()) {
            client.callTool("t", JSON.createObjectNode(), io.mcphost.client.CallOptions.builder()
                    .meta(JSON.readTree("{\"tracestate\":\"mine=1\"}")).build());
        }

        SpanData span = otel.span("tools/call t");
        assertThat(seen.get().path("traceparent").asString())
                .startsWith("00-" + span.getTraceId() + "-" + span.getSpanId() + "-"); // flags: sampled, maybe random
        assertThat(seen.get().path("tracestate").asString()).isEqualTo("mine=1");
        assertThat(seen.get().path("baggage").asString()).isEqualTo("user=alice");
    }
}
