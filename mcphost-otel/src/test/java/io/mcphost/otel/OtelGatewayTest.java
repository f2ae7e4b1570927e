package io.mcphost.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.gateway.McpGateway;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.ErrorReply;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One trace through the gateway, all parts real and over HTTP: a downstream {@link McpClient}
 * instrumented with {@link McpTelemetry} (it sends {@code traceparent} in {@code _meta}), an
 * {@link McpGateway} with {@link McpTelemetry#serverObserver()} in front of a host instrumented with
 * the same telemetry, and an upstream toolkit server with its own server observer. The four spans of
 * one call share the trace id and chain parent to child: downstream CLIENT, gateway SERVER, gateway
 * host CLIENT, upstream SERVER. Both downstream eras.
 */
class OtelGatewayTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNode SCHEMA = JSON.readTree("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}");

    private final OtelSdk otel = new OtelSdk();
    private StreamableHttpServer upstream;
    private McpHost host;
    private McpGateway gateway;

    @BeforeEach
    void start() {
        McpTelemetry telemetry = McpTelemetry.create(otel.sdk);
        McpServer server = McpServer.builder().name("traced").version("1.0").observer(telemetry.serverObserver())
                // Answers with the trace id current inside it: the handler ran in the trace.
                .tool(Tool.of("echo", "Echoes text", SCHEMA), call -> CallToolResult.text(
                        call.arguments().path("text").asString("") + " " + Span.current().getSpanContext().getTraceId()))
                .prompt(Prompt.of("hello", "Says hello"), arguments -> GetPromptResult.of(
                        Span.current().getSpanContext().getTraceId()))
                .tool(Tool.of("broken", "Fails as a tool", SCHEMA), call -> CallToolResult.error("it broke"))
                .tool(Tool.of("refusing", "Refuses with a JSON-RPC error", SCHEMA), call -> {
                    throw new ErrorReply(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "not like that"));
                })
                .build();
        upstream = StreamableHttpServer.builder(server).port(0).start();
        host = McpGateway.prepareHost(McpHost.builder()
                        .server(ServerSpec.builder("traced", () -> HttpTransport.builder(upstream.endpoint()).build()).build())
                        .observer(telemetry))
                .start();
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .observer(telemetry.serverObserver()).start();
    }

    @AfterEach
    void stop() {
        gateway.close(Duration.ofSeconds(2));
        host.close(Duration.ofSeconds(2));
        upstream.close(Duration.ofSeconds(2));
        otel.close();
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void oneTraceRunsFromTheDownstreamClientThroughTheGatewayToTheUpstream(Era era) {
        Span app = otel.sdk.getTracer("app").spanBuilder("app").startSpan();
        String answer;
        try (McpClient client = downstream(era); Scope ignored = app.makeCurrent()) {
            answer = text(client.callTool("traced__echo", JSON.readTree("{\"text\":\"hi\"}")));
        } finally {
            app.end();
        }

        String traceId = app.getSpanContext().getTraceId();
        SpanData downstreamClient = only("tools/call traced__echo", SpanKind.CLIENT);
        SpanData gatewayServer = only("tools/call traced__echo", SpanKind.SERVER);
        SpanData gatewayClient = only("tools/call echo", SpanKind.CLIENT);
        SpanData upstreamServer = only("tools/call echo", SpanKind.SERVER);
        assertThat(List.of(downstreamClient, gatewayServer, gatewayClient, upstreamServer))
                .extracting(SpanData::getTraceId).containsOnly(traceId);
        assertThat(downstreamClient.getParentSpanId()).isEqualTo(app.getSpanContext().getSpanId());
        assertThat(gatewayServer.getParentSpanId()).isEqualTo(downstreamClient.getSpanId());
        // The host's call was made on the downstream request's thread with the gateway's span current.
        assertThat(gatewayClient.getParentSpanId()).isEqualTo(gatewayServer.getSpanId());
        assertThat(upstreamServer.getParentSpanId()).isEqualTo(gatewayClient.getSpanId());
        assertThat(answer).isEqualTo("hi " + traceId);

        assertThat(gatewayServer.getAttributes().get(McpAttributes.MCP_METHOD_NAME)).isEqualTo("tools/call");
        assertThat(gatewayServer.getAttributes().get(McpAttributes.GEN_AI_TOOL_NAME)).isEqualTo("traced__echo");
        assertThat(gatewayServer.getAttributes().get(McpAttributes.JSONRPC_REQUEST_ID)).isNotBlank();
        assertThat(gatewayServer.getAttributes().get(McpAttributes.MCP_PROTOCOL_VERSION))
                .isEqualTo(era == Era.MODERN ? "2026-07-28" : "2025-11-25");
        assertThat(gatewayServer.getAttributes().get(McpAttributes.ERROR_TYPE)).isNull();
        if (era == Era.LEGACY) { // the downstream HTTP session, as the client names it too
            assertThat(gatewayServer.getAttributes().get(McpAttributes.MCP_SESSION_ID)).isNotBlank()
                    .isEqualTo(downstreamClient.getAttributes().get(McpAttributes.MCP_SESSION_ID));
        } else {
            assertThat(gatewayServer.getAttributes().get(McpAttributes.MCP_SESSION_ID)).isNull();
        }
        assertThat(gatewayClient.getAttributes().get(McpAttributes.GEN_AI_TOOL_NAME)).isEqualTo("echo");
        assertThat(gatewayClient.getAttributes().get(McpAttributes.MCPHOST_SERVER_NAME)).isEqualTo("traced");
        assertThat(otel.points("mcp.server.operation.duration")).anySatisfy(p ->
                assertThat(p.getAttributes().get(McpAttributes.GEN_AI_TOOL_NAME)).isEqualTo("traced__echo"));
    }

    /** A prompt is forwarded on the downstream request's own thread, unlike a tool call: the same chain. */
    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aForwardedPromptGetIsOneTraceToo(Era era) {
        String description;
        try (McpClient client = downstream(era)) {
            description = client.getPrompt("traced__hello", Map.of()).description().orElseThrow();
        }

        SpanData downstreamClient = only("prompts/get traced__hello", SpanKind.CLIENT);
        SpanData gatewayServer = only("prompts/get traced__hello", SpanKind.SERVER);
        SpanData gatewayClient = only("prompts/get hello", SpanKind.CLIENT);
        SpanData upstreamServer = only("prompts/get hello", SpanKind.SERVER);
        assertThat(gatewayServer.getParentSpanId()).isEqualTo(downstreamClient.getSpanId());
        assertThat(gatewayClient.getParentSpanId()).isEqualTo(gatewayServer.getSpanId());
        assertThat(upstreamServer.getParentSpanId()).isEqualTo(gatewayClient.getSpanId());
        assertThat(description).isEqualTo(downstreamClient.getTraceId());
        assertThat(gatewayServer.getAttributes().get(McpAttributes.GEN_AI_PROMPT_NAME)).isEqualTo("traced__hello");
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void anUpstreamToolErrorIsTheGatewaySpansErrorType(Era era) {
        try (McpClient client = downstream(era)) {
            assertThat(client.callTool("traced__broken", JSON.createObjectNode()).isError()).isTrue();
        }

        SpanData gatewayServer = only("tools/call traced__broken", SpanKind.SERVER);
        assertThat(gatewayServer.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo(McpAttributes.TOOL_ERROR);
        assertThat(gatewayServer.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(only("tools/call broken", SpanKind.CLIENT).getParentSpanId()).isEqualTo(gatewayServer.getSpanId());
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void anUpstreamJsonRpcErrorIsTheGatewaySpansErrorType(Era era) {
        try (McpClient client = downstream(era)) {
            assertThatThrownBy(() -> client.callTool("traced__refusing", JSON.createObjectNode()))
                    .isInstanceOfSatisfying(McpError.class, e -> assertThat(e.error().code()).isEqualTo(JsonRpcError.INVALID_PARAMS));
        }

        String code = Integer.toString(JsonRpcError.INVALID_PARAMS);
        SpanData gatewayServer = only("tools/call traced__refusing", SpanKind.SERVER);
        assertThat(gatewayServer.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo(code);
        assertThat(gatewayServer.getAttributes().get(McpAttributes.RPC_RESPONSE_STATUS_CODE)).isEqualTo(code);
        assertThat(gatewayServer.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        SpanData gatewayClient = only("tools/call refusing", SpanKind.CLIENT);
        assertThat(gatewayClient.getParentSpanId()).isEqualTo(gatewayServer.getSpanId());
        assertThat(gatewayClient.getAttributes().get(McpAttributes.ERROR_TYPE)).isEqualTo(code);
    }

    private McpClient downstream(Era era) {
        return McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build()).era(era)
                .name("downstream").observer(McpTelemetry.create(otel.sdk)).connect();
    }

    private SpanData only(String name, SpanKind kind) {
        List<SpanData> found = otel.finished().stream().filter(s -> s.getName().equals(name) && s.getKind() == kind).toList();
        assertThat(found).as("%s spans named '%s' among %s", kind, name,
                otel.finished().stream().map(s -> s.getKind() + " " + s.getName()).toList()).hasSize(1);
        return found.getFirst();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }
}
