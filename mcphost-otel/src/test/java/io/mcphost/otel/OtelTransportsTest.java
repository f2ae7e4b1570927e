package io.mcphost.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

/** The connection attributes over real transports: a child process over stdio, HTTP on loopback, and npm's server-everything. */
class OtelTransportsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final OtelSdk otel = new OtelSdk();

    @AfterEach
    void close() {
        otel.close();
    }

    @Test
    void theDemoServerAsAChildProcessIsReachedOverAPipe() {
        try (McpClient client = McpClient.builder(StdioTransport.builder(DemoServer.command()).name("demo").build())
                .name("demo").observer(McpTelemetry.create(otel.sdk)).connect()) {
            client.callTool("echo", JSON.readTree("{\"text\":\"hi\"}"));
        }

        SpanData span = otel.span("tools/call echo");
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getAttributes().get(McpAttributes.NETWORK_TRANSPORT)).isEqualTo("pipe");
        assertThat(span.getAttributes().get(McpAttributes.SERVER_ADDRESS)).isNull();
        assertThat(span.getAttributes().get(McpAttributes.MCP_SESSION_ID)).isNull();
        assertThat(otel.points("mcp.client.session.duration")).singleElement()
                .satisfies(p -> assertThat(p.getAttributes().get(McpAttributes.NETWORK_TRANSPORT)).isEqualTo("pipe"));
    }

    /** Legacy: the span names the HTTP session; modern (2026-07-28) has none. */
    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void theDemoServerOverHttpIsReachedOverTcpAtItsAddressAndPort(Era era) {
        try (StreamableHttpServer http = DemoServer.serveHttp(0);
             McpClient client = McpClient.builder(HttpTransport.builder(http.endpoint()).build()).era(era)
                     .name("demo-http").observer(McpTelemetry.create(otel.sdk)).connect()) {
            client.callTool("add", JSON.readTree("{\"a\":1,\"b\":2}"));

            SpanData span = otel.span("tools/call add");
            assertThat(span.getAttributes().get(McpAttributes.NETWORK_TRANSPORT)).isEqualTo("tcp");
            assertThat(span.getAttributes().get(McpAttributes.NETWORK_PROTOCOL_NAME)).isEqualTo("http");
            assertThat(span.getAttributes().get(McpAttributes.SERVER_ADDRESS)).isEqualTo(http.endpoint().getHost());
            assertThat(span.getAttributes().get(McpAttributes.SERVER_PORT)).isEqualTo((long) http.endpoint().getPort());
            if (era == Era.LEGACY) {
                assertThat(span.getAttributes().get(McpAttributes.MCP_SESSION_ID)).isIn(http.sessionIds()).isNotBlank();
            } else {
                assertThat(span.getAttributes().get(McpAttributes.MCP_SESSION_ID)).isNull();
                assertThat(span.getAttributes().get(McpAttributes.MCP_PROTOCOL_VERSION)).isEqualTo("2026-07-28");
            }
            assertThat(otel.points("mcp.client.operation.duration")).anySatisfy(p ->
                    assertThat(p.getAttributes().get(McpAttributes.SERVER_PORT)).isEqualTo((long) http.endpoint().getPort()));
        }
    }

    @Test
    void serverEverythingOverStdioGetsConventionSpans() {
        try (McpClient client = McpClient.builder(StdioTransport.builder(NpmFixtures.everythingStdio()).name("everything").build())
                .name("everything").observer(McpTelemetry.create(otel.sdk)).connect()) {
            client.listTools();
            client.callTool("echo", JSON.readTree("{\"message\":\"hello\"}"));
        }

        SpanData span = otel.span("tools/call echo");
        assertThat(span.getAttributes().asMap()).containsEntry(McpAttributes.GEN_AI_TOOL_NAME, "echo")
                .containsEntry(McpAttributes.NETWORK_TRANSPORT, "pipe")
                .containsEntry(McpAttributes.MCPHOST_SERVER_NAME, "everything")
                .containsKey(McpAttributes.MCP_PROTOCOL_VERSION)
                .containsKey(McpAttributes.JSONRPC_REQUEST_ID);
        assertThat(otel.finished()).extracting(SpanData::getName).contains("initialize", "tools/list");
    }
}
