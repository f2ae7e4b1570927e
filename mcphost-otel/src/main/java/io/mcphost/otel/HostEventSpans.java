package io.mcphost.otel;

import io.mcphost.host.HostEvent;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A host's server lifecycle as one INTERNAL span per server, with the events as span events
 * (see {@link McpTelemetry#hostEvents()}). A span rather than loose events because the events of
 * one server belong together: starting, failing, reconnecting, ready again. Its own root: the
 * lifecycle is not part of any request's trace. Thread-safe.
 */
final class HostEventSpans implements Consumer<HostEvent> {
    private final Tracer tracer;
    private final Map<String, Span> open = new ConcurrentHashMap<>();

    HostEventSpans(Tracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public void accept(HostEvent event) {
        switch (event) {
            case HostEvent.ServerStarting e -> span(e.server()).addEvent("server.starting",
                    Attributes.builder().put("mcphost.attempt", e.attempt()).build(), e.at());
            case HostEvent.ServerReady e -> span(e.server()).addEvent("server.ready", Attributes.builder()
                    .put("mcphost.startup_seconds", e.took().toNanos() / 1e9).put("mcphost.tool_count", e.toolCount()).build(), e.at());
            case HostEvent.ServerFailed e -> {
                Span span = span(e.server());
                span.addEvent("server.failed", Attributes.builder()
                        .put(McpAttributes.ERROR_TYPE, Connections.errorType(e.cause()))
                        .put("mcphost.will_retry", e.willRetry()).build(), e.at());
                if (!e.willRetry()) {
                    span.setAttribute(McpAttributes.ERROR_TYPE, Connections.errorType(e.cause()));
                    span.setStatus(StatusCode.ERROR, e.cause().getMessage());
                    end(e.server());
                }
            }
            case HostEvent.ServerReconnecting e -> span(e.server()).addEvent("server.reconnecting", Attributes.builder()
                    .put("mcphost.attempt", e.attempt()).put("mcphost.delay_seconds", e.delay().toNanos() / 1e9).build(), e.at());
            case HostEvent.ServerRequest e -> span(e.server()).addEvent("server.request",
                    Attributes.of(McpAttributes.MCP_METHOD_NAME, e.method()), e.at());
            // The URL itself stays out of telemetry: it carries the flow's state and client id.
            case HostEvent.AuthorizationRequired e -> span(e.server()).addEvent("server.authorization_required", e.at());
            case HostEvent.ServerStopped e -> {
                span(e.server()).addEvent("server.stopped", e.at());
                end(e.server());
            }
            case HostEvent.CatalogChanged e -> { }
            case HostEvent.ToolDefinitionChanged e -> { }
            case HostEvent.ToolCallStarted e -> { } // the client span of the tools/call covers calls
            case HostEvent.ToolCallFinished e -> { }
            case HostEvent.ToolCallFailed e -> { }
            case HostEvent.ServerLog e -> { }
            case HostEvent.CallProgress e -> { }
        }
    }

    private Span span(String server) {
        return open.computeIfAbsent(server, name -> tracer.spanBuilder("mcphost.server " + name)
                .setSpanKind(SpanKind.INTERNAL).setParent(Context.root())
                .setAttribute(McpAttributes.MCPHOST_SERVER_NAME, name).startSpan());
    }

    private void end(String server) {
        Span span = open.remove(server);
        if (span != null) {
            span.end();
        }
    }
}
