package io.mcphost.otel;

import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.ObservedConnection;
import io.mcphost.client.ObservedRequest;
import io.mcphost.client.RequestObserver;
import io.mcphost.host.HostEvent;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * OpenTelemetry for McpHost after the MCP semantic conventions (semantic-conventions v1.41.1,
 * {@code docs/gen-ai/mcp.md}, status Development): one CLIENT span and one
 * {@code mcp.client.operation.duration} sample per request a client sends, W3C trace context in
 * each request's {@code params._meta}, and {@code mcp.client.session.duration} per session.
 *
 * <p>Where it plugs in: this object is a {@link RequestObserver}. Give it to
 * {@code McpHost.builder().observer(telemetry)} to instrument every server's client, or to
 * {@code McpClientBuilder.observer} for one client. Spans come from this client layer only, never
 * from a host interceptor as well, so a request has one span whatever path it took (a host's routed
 * call, a direct client call, a list refresh, a ping) and the span covers re-open and session-recovery
 * retries. {@link #hostEvents()} adds a host's server lifecycle as span events;
 * {@link #serverObserver()} is the toolkit server's side, which continues the trace.
 *
 * <p>Arguments and results are not recorded unless {@link Builder#recordPayloads} is set.
 *
 * <p>Thread-safe; one instance serves any number of clients, hosts and servers. Nothing it does
 * blocks or does I/O on the request path (exporting is the SDK's business).
 */
public final class McpTelemetry implements RequestObserver {
    /** The instrumentation scope name of the tracer and meter. */
    public static final String INSTRUMENTATION_NAME = "io.mcphost.otel";
    /** The semantic conventions release this module follows. */
    public static final String SEMCONV_VERSION = "1.41.1";

    private final OpenTelemetry openTelemetry;
    private final Tracer tracer;
    private final TextMapPropagator propagator;
    private final DoubleHistogram operationDuration;
    private final DoubleHistogram sessionDuration;
    private final boolean recordPayloads;
    private final int maxPayloadBytes;
    private final boolean uriInSpanName;

    private McpTelemetry(Builder b) {
        this.openTelemetry = b.openTelemetry;
        this.tracer = openTelemetry.getTracer(INSTRUMENTATION_NAME);
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
        Meter meter = openTelemetry.getMeter(INSTRUMENTATION_NAME);
        this.operationDuration = histogram(meter, "mcp.client.operation.duration",
                "The duration of the MCP request or notification as observed on the sender from the time it was sent"
                        + " until the response or ack is received.");
        this.sessionDuration = histogram(meter, "mcp.client.session.duration",
                "The duration of the MCP session as observed on the MCP client.");
        this.recordPayloads = b.recordPayloads;
        this.maxPayloadBytes = b.maxPayloadBytes;
        this.uriInSpanName = b.uriInSpanName;
    }

    static DoubleHistogram histogram(Meter meter, String name, String description) {
        return meter.histogramBuilder(name).setUnit("s").setDescription(description)
                .setExplicitBucketBoundariesAdvice(McpAttributes.DURATION_BUCKETS).build();
    }

    /**
     * A builder over {@code openTelemetry} (the SDK the application configured, or
     * {@code GlobalOpenTelemetry.get()}). Its propagators decide what goes into {@code _meta}:
     * configure W3C trace context (and W3C baggage, for {@code baggage}).
     */
    public static Builder builder(OpenTelemetry openTelemetry) {
        return new Builder(openTelemetry);
    }

    /** Telemetry over {@code openTelemetry} with the defaults: no arguments or results recorded. */
    public static McpTelemetry create(OpenTelemetry openTelemetry) {
        return builder(openTelemetry).build();
    }

    /**
     * Starts the request's CLIENT span, child of the caller's current context, and injects its
     * context into {@code params._meta}. Runs on the caller's thread; does not block.
     */
    @Override
    public Completion start(ObservedRequest request) {
        return ClientObservation.start(this, request);
    }

    /**
     * {@code work} wrapped in the calling thread's current context, so a host's {@code ...Async} call made
     * inside a span (a gateway's server span, an application's own) gets that span as its CLIENT span's parent.
     */
    @Override
    public Runnable carryOver(Runnable work) {
        return io.opentelemetry.context.Context.current().wrap(work);
    }

    /** Records {@code mcp.client.session.duration}; {@code error.type} when the connection failed. */
    @Override
    public void sessionEnded(ObservedConnection connection, Duration lasted, Optional<Throwable> failure) {
        AttributesBuilder attributes = Attributes.builder();
        Connections.addTo(attributes, connection);
        failure.ifPresent(f -> attributes.put(McpAttributes.ERROR_TYPE, Connections.errorType(f)));
        sessionDuration.record(lasted.toNanos() / 1e9, attributes.build());
    }

    /**
     * A host event listener ({@code McpHostBuilder.onEvent}) that makes each server's lifecycle
     * visible: one INTERNAL span {@code mcphost.server {name}} per server, from its first
     * ServerStarting to ServerStopped or a ServerFailed without retry, with span events
     * {@code server.starting}, {@code server.ready}, {@code server.failed}, {@code server.reconnecting}
     * and {@code server.request} (a sampling or elicitation request the server made). Runs on the
     * thread that raised the event; does not block.
     */
    public Consumer<HostEvent> hostEvents() {
        return new HostEventSpans(tracer);
    }

    /**
     * The toolkit server's side ({@code McpServer.Builder.observer}): a SERVER span per request,
     * child of the trace context found in {@code params._meta}. Needs {@code mcphost-server} on the
     * class path (an optional dependency of this module).
     */
    public ServerTracing serverObserver() {
        return new ServerTracing(this);
    }

    Tracer tracer() {
        return tracer;
    }

    TextMapPropagator propagator() {
        return propagator;
    }

    OpenTelemetry openTelemetry() {
        return openTelemetry;
    }

    DoubleHistogram operationDuration() {
        return operationDuration;
    }

    boolean recordsPayloads() {
        return recordPayloads;
    }

    int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    boolean uriInSpanName() {
        return uriInSpanName;
    }

    /** Options for {@link McpTelemetry}. Not thread-safe; the telemetry it builds is. */
    public static final class Builder {
        private final OpenTelemetry openTelemetry;
        private boolean recordPayloads;
        private int maxPayloadBytes = 4 * 1024;
        private boolean uriInSpanName;

        private Builder(OpenTelemetry openTelemetry) {
            this.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
        }

        /**
         * Records tool arguments ({@code gen_ai.tool.call.arguments}) and successful tool results
         * ({@code gen_ai.tool.call.result}) as JSON text, each cut to {@link #maxPayloadBytes} and
         * marked {@code …[truncated]}. Off by default: they may hold personal or secret data.
         */
        public Builder recordPayloads(boolean record) {
            this.recordPayloads = record;
            return this;
        }

        /**
         * The most UTF-8 bytes a recorded argument or result may take; 4 KiB by default.
         *
         * @throws IllegalArgumentException if {@code maxBytes} is below 64
         */
        public Builder maxPayloadBytes(int maxBytes) {
            if (maxBytes < 64) {
                throw new IllegalArgumentException("maxPayloadBytes must be at least 64, got " + maxBytes);
            }
            this.maxPayloadBytes = maxBytes;
            return this;
        }

        /**
         * Whether the resource URI is the span name's target for resources/read, subscribe and
         * unsubscribe. Off by default, as the conventions ask: URIs make span names high-cardinality.
         * The {@code mcp.resource.uri} attribute is recorded either way.
         */
        public Builder resourceUriInSpanName(boolean include) {
            this.uriInSpanName = include;
            return this;
        }

        /** Builds the telemetry; creates the tracer and instruments, no I/O. */
        public McpTelemetry build() {
            return new McpTelemetry(this);
        }
    }
}
