package io.mcphost.otel;

import io.mcphost.client.ObservedRequest;
import io.mcphost.client.RequestObserver;
import io.mcphost.protocol.McpError;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import tools.jackson.databind.JsonNode;

/**
 * One client request in flight: its CLIENT span, started when the request enters the pipeline and
 * ended when it completes, and its {@code mcp.client.operation.duration} sample. Completed once,
 * on the thread that completes the request.
 */
final class ClientObservation implements RequestObserver.Completion {
    private final McpTelemetry telemetry;
    private final ObservedRequest request;
    private final Target target;
    private final Span span;
    private final long startNanos = System.nanoTime();

    private ClientObservation(McpTelemetry telemetry, ObservedRequest request, Target target, Span span) {
        this.telemetry = telemetry;
        this.request = request;
        this.target = target;
        this.span = span;
    }

    /** Starts the span as a child of the caller's current context and injects it into {@code _meta}. */
    static ClientObservation start(McpTelemetry telemetry, ObservedRequest request) {
        String method = request.method();
        Target target = Target.of(method, request.params());
        AttributesBuilder attributes = Attributes.builder().put(McpAttributes.MCP_METHOD_NAME, method);
        target.addTo(attributes, true);
        Connections.addTo(attributes, request.connection());
        // On spans only: the conventions leave the session id out of the metrics (one series per session).
        request.connection().sessionId().ifPresent(id -> attributes.put(McpAttributes.MCP_SESSION_ID, id));
        if (telemetry.recordsPayloads() && method.equals("tools/call") && request.params().has("arguments")) {
            attributes.put(McpAttributes.GEN_AI_TOOL_CALL_ARGUMENTS,
                    Payloads.bounded(request.params().get("arguments"), telemetry.maxPayloadBytes()));
        }
        Context parent = Context.current();
        Span span = telemetry.tracer().spanBuilder(target.spanName(method, telemetry.uriInSpanName()))
                .setSpanKind(io.opentelemetry.api.trace.SpanKind.CLIENT)
                .setParent(parent)
                .setAllAttributes(attributes.build())
                .startSpan();
        telemetry.propagator().inject(parent.with(span), request, MetaCarrier.SETTER);
        return new ClientObservation(telemetry, request, target, span);
    }

    @Override
    public void finished(JsonNode result, Throwable failure) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        request.requestId().ifPresent(id -> span.setAttribute(McpAttributes.JSONRPC_REQUEST_ID, id));
        AttributesBuilder metric = Attributes.builder().put(McpAttributes.MCP_METHOD_NAME, request.method());
        target.addTo(metric, false);
        Connections.addTo(metric, request.connection());
        if (result != null && request.method().equals("initialize") && result.path("protocolVersion").isString()) {
            // The handshake is what settles the revision, so only its answer knows it.
            String version = result.path("protocolVersion").asString();
            span.setAttribute(McpAttributes.MCP_PROTOCOL_VERSION, version);
            metric.put(McpAttributes.MCP_PROTOCOL_VERSION, version);
        }
        if (failure != null) {
            String type = Connections.errorType(failure);
            span.setAttribute(McpAttributes.ERROR_TYPE, type);
            metric.put(McpAttributes.ERROR_TYPE, type);
            if (failure instanceof McpError e) {
                span.setAttribute(McpAttributes.RPC_RESPONSE_STATUS_CODE, type);
                metric.put(McpAttributes.RPC_RESPONSE_STATUS_CODE, type);
                span.setStatus(StatusCode.ERROR, e.error().message());
            } else {
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
                span.recordException(failure);
            }
        } else if (request.method().equals("tools/call") && result != null) {
            if (result.path("isError").asBoolean(false)) {
                span.setAttribute(McpAttributes.ERROR_TYPE, McpAttributes.TOOL_ERROR);
                metric.put(McpAttributes.ERROR_TYPE, McpAttributes.TOOL_ERROR);
                span.setStatus(StatusCode.ERROR, McpAttributes.TOOL_ERROR);
            } else if (telemetry.recordsPayloads()) { // the conventions record results of successful calls only
                span.setAttribute(McpAttributes.GEN_AI_TOOL_CALL_RESULT, Payloads.bounded(result, telemetry.maxPayloadBytes()));
            }
        }
        telemetry.operationDuration().record(seconds, metric.build());
        span.end();
    }
}
