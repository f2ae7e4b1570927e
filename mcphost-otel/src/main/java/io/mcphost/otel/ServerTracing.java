package io.mcphost.otel;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.server.ServedRequest;
import io.mcphost.server.ServerRequestObserver;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import tools.jackson.databind.JsonNode;

/**
 * The server side of the trace, for the McpHost server toolkit ({@code McpServer.Builder.observer}):
 * each request gets a SERVER span whose parent is the W3C trace context the client put in
 * {@code params._meta} (the caller's current context when there is none), so one trace crosses the
 * MCP boundary over any transport. The span (and the extracted baggage) is the current context while
 * the handler runs, so what a tool does in turn, an MCP call included, joins the same trace. Records
 * {@code mcp.server.operation.duration} too. Get one from {@link McpTelemetry#serverObserver()}.
 *
 * <p>Thread-safe; the toolkit calls it on each request's own thread, which is why the scope can be
 * closed in {@code finished}.
 */
public final class ServerTracing implements ServerRequestObserver {
    private final McpTelemetry telemetry;
    private final DoubleHistogram operationDuration;

    ServerTracing(McpTelemetry telemetry) {
        this.telemetry = telemetry;
        this.operationDuration = McpTelemetry.histogram(
                telemetry.openTelemetry().getMeter(McpTelemetry.INSTRUMENTATION_NAME), "mcp.server.operation.duration",
                "MCP request or notification duration as observed on the receiver from the time it was received"
                        + " until the result or ack is sent.");
    }

    /** Starts the request's SERVER span and makes it current on this thread. Does not block. */
    @Override
    public Completion start(ServedRequest request) {
        long startNanos = System.nanoTime();
        Context parent = telemetry.propagator().extract(Context.current(), request.params(), MetaCarrier.GETTER);
        Target target = Target.of(request.method(), request.params());
        AttributesBuilder attributes = Attributes.builder()
                .put(McpAttributes.MCP_METHOD_NAME, request.method())
                .put(McpAttributes.JSONRPC_REQUEST_ID, request.requestId());
        target.addTo(attributes, true);
        request.protocolVersion().map(ProtocolVersion::id).ifPresent(v -> attributes.put(McpAttributes.MCP_PROTOCOL_VERSION, v));
        // On spans only, as on the client side: the conventions leave the session id out of the metrics.
        request.sessionId().ifPresent(id -> attributes.put(McpAttributes.MCP_SESSION_ID, id));
        if (telemetry.recordsPayloads() && request.method().equals("tools/call") && request.params().has("arguments")) {
            attributes.put(McpAttributes.GEN_AI_TOOL_CALL_ARGUMENTS,
                    Payloads.bounded(request.params().get("arguments"), telemetry.maxPayloadBytes()));
        }
        Span span = telemetry.tracer().spanBuilder(target.spanName(request.method(), telemetry.uriInSpanName()))
                .setSpanKind(SpanKind.SERVER).setParent(parent).setAllAttributes(attributes.build()).startSpan();
        Scope scope = parent.with(span).makeCurrent();
        return (result, error) -> {
            scope.close();
            AttributesBuilder metric = Attributes.builder().put(McpAttributes.MCP_METHOD_NAME, request.method());
            target.addTo(metric, false);
            request.protocolVersion().map(ProtocolVersion::id).ifPresent(v -> metric.put(McpAttributes.MCP_PROTOCOL_VERSION, v));
            if (error != null) {
                failed(span, metric, error);
            } else if (isToolError(request, result)) {
                span.setAttribute(McpAttributes.ERROR_TYPE, McpAttributes.TOOL_ERROR);
                metric.put(McpAttributes.ERROR_TYPE, McpAttributes.TOOL_ERROR);
                span.setStatus(StatusCode.ERROR, McpAttributes.TOOL_ERROR);
            } else if (telemetry.recordsPayloads() && request.method().equals("tools/call")) {
                span.setAttribute(McpAttributes.GEN_AI_TOOL_CALL_RESULT, Payloads.bounded(result, telemetry.maxPayloadBytes()));
            }
            operationDuration.record((System.nanoTime() - startNanos) / 1e9, metric.build());
            span.end();
        };
    }

    /**
     * Wraps {@code work} to run in this thread's current context (the request's span and baggage,
     * while its handler runs), so that an MCP call it makes on another thread joins the trace.
     */
    @Override
    public Runnable carryOver(Runnable work) {
        return Context.current().wrap(work);
    }

    private static void failed(Span span, AttributesBuilder metric, JsonRpcError error) {
        String code = Integer.toString(error.code());
        span.setAttribute(McpAttributes.ERROR_TYPE, code);
        span.setAttribute(McpAttributes.RPC_RESPONSE_STATUS_CODE, code);
        metric.put(McpAttributes.ERROR_TYPE, code);
        metric.put(McpAttributes.RPC_RESPONSE_STATUS_CODE, code);
        span.setStatus(StatusCode.ERROR, error.message());
    }

    private static boolean isToolError(ServedRequest request, JsonNode result) {
        return request.method().equals("tools/call") && result != null && result.path("isError").asBoolean(false);
    }
}
