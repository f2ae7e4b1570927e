package io.mcphost.otel;

import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import tools.jackson.databind.json.JsonMapper;

/**
 * A toolkit server with {@link ServerTracing}, run as a child process over stdio by
 * {@link OtelTraceAcrossTest}. Its spans go to the file named by its first argument, one line each
 * ({@code traceId spanId parentSpanId kind name}): stdout is the MCP channel, and a file is what a
 * test in another process can read.
 */
public final class TracedToolServer {
    private TracedToolServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path out = Path.of(args[0]);
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(new LineExporter(out))).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
        McpTelemetry telemetry = McpTelemetry.create(sdk);
        server(telemetry).serveStdio();
        sdk.close();
    }

    /** One echo tool that answers with the trace id current inside it, so a test sees the handler ran in the trace. */
    static McpServer server(McpTelemetry telemetry) {
        return McpServer.builder().name("traced").version("1.0").observer(telemetry.serverObserver())
                .tool(Tool.of("echo", "Echoes text", JsonMapper.builder().build().readTree(
                                "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}")),
                        call -> CallToolResult.text(call.arguments().path("text").asString("") + " "
                                + Span.current().getSpanContext().getTraceId()))
                .build();
    }

    private record LineExporter(Path file) implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            StringBuilder lines = new StringBuilder();
            for (SpanData s : spans) {
                lines.append(s.getTraceId()).append(' ').append(s.getSpanId()).append(' ').append(s.getParentSpanId())
                        .append(' ').append(s.getKind()).append(' ').append(s.getName()).append('\n');
            }
            try {
                Files.writeString(file, lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
