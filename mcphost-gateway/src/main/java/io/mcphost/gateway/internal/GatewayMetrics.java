package io.mcphost.gateway.internal;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.server.http.StreamableHttpServer;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway's metrics, in a registry of its own (two gateways in one JVM never share a series),
 * written in the Prometheus text format by {@link #scrape()}:
 * <ul>
 * <li>{@code mcphost_gateway_calls_total{server, kind, name, outcome}}: forwarded calls; {@code kind}
 *     is {@code tool}, {@code prompt} or {@code resource}, {@code name} the exposed tool or prompt name
 *     (a resource's URI when the catalog lists it, else {@code unlisted}), {@code outcome} {@code ok},
 *     {@code tool_error} (a tool result with {@code isError}) or {@code error} (a JSON-RPC error, a
 *     failure, a cancellation);</li>
 * <li>{@code mcphost_gateway_call_duration_seconds{server, kind}}: their latency, a histogram with
 *     fixed buckets (no {@code name} label: buckets times names would be the largest series count);</li>
 * <li>{@code mcphost_gateway_sessions}, {@code mcphost_gateway_streams}: downstream sessions live and
 *     SSE streams open over HTTP, read from the toolkit's server at scrape time;</li>
 * <li>{@code mcphost_gateway_upstream_state{server, state}}: 1 for each upstream's current state, 0
 *     for its other states (so a dashboard can sum by state);</li>
 * <li>{@code mcphost_gateway_rate_limit_rejections_total}: requests the per-client limits refused (429).</li>
 * </ul>
 * Thread-safe: {@link #observe} is called concurrently by the calls it counts, and never blocks.
 */
public final class GatewayMetrics {
    /**
     * Names come from upstreams, which the gateway does not control: an upstream listing a new tool
     * per minute would grow the series (and the scraper's memory) without bound. The first 1,000
     * distinct names get their own label value; later ones count as {@code other}.
     */
    static final int MAX_NAMES = 1_000;
    static final String OTHER = "other";
    /** From a quick local tool to a long one, in seconds; the top bucket is the default request timeout's order. */
    private static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Set<String> names = ConcurrentHashMap.newKeySet();
    private final Counter calls;
    private final Histogram duration;
    /** Set once the HTTP endpoint is bound; absent for a stdio-only gateway (its gauges then read 0). */
    private volatile StreamableHttpServer http;

    public GatewayMetrics(McpHost host) {
        Objects.requireNonNull(host, "host");
        // No exemplars: the text format does not carry them, and sampling them would look for a trace per call.
        calls = Counter.builder().withoutExemplars().name("mcphost_gateway_calls")
                .help("Calls forwarded to upstream servers, by server, kind, exposed name and outcome")
                .labelNames("server", "kind", "name", "outcome").register(registry);
        duration = Histogram.builder().withoutExemplars().name("mcphost_gateway_call_duration_seconds").unit(Unit.SECONDS)
                .help("Latency of forwarded calls, from the downstream request to the upstream's answer")
                .labelNames("server", "kind").classicOnly().classicUpperBounds(BUCKETS).register(registry);
        GaugeWithCallback.builder().name("mcphost_gateway_sessions")
                .help("Downstream sessions (handshake era, over HTTP) live now")
                .callback(cb -> cb.call(http == null ? 0 : http.sessionIds().size())).register(registry);
        GaugeWithCallback.builder().name("mcphost_gateway_streams")
                .help("Downstream SSE streams open now (request, GET and 2026-07-28 listen streams)")
                .callback(cb -> cb.call(http == null ? 0 : http.openStreamCount())).register(registry);
        CounterWithCallback.builder().name("mcphost_gateway_rate_limit_rejections")
                .help("Downstream requests refused with 429 by the per-client limits")
                .callback(cb -> cb.call(http == null ? 0 : http.rateLimitedCount())).register(registry);
        GaugeWithCallback.builder().name("mcphost_gateway_upstream_state")
                .help("1 for each upstream server's current state, 0 for its other states")
                .labelNames("server", "state")
                .callback(cb -> {
                    for (ServerStatus status : host.servers()) {
                        for (ServerState state : ServerState.values()) {
                            cb.call(status.state() == state ? 1 : 0, status.name(), state.name());
                        }
                    }
                }).register(registry);
    }

    /** Reads the HTTP endpoint's sessions, streams and refusals from now on. */
    public void readFrom(StreamableHttpServer server) {
        this.http = Objects.requireNonNull(server, "server");
    }

    /**
     * Counts one forwarded call and its latency.
     *
     * @param kind    {@code tool}, {@code prompt} or {@code resource}
     * @param server  the upstream it was routed to ({@code unknown} when none was found)
     * @param name    the exposed name (capped, see {@link #MAX_NAMES})
     * @param outcome {@code ok}, {@code tool_error} or {@code error}
     */
    public void observe(String kind, String server, String name, String outcome, long nanos) {
        calls.labelValues(server, kind, capped(name), outcome).inc();
        duration.labelValues(server, kind).observe(nanos / 1e9);
    }

    private String capped(String name) {
        if (names.contains(name)) {
            return name;
        }
        // Racing callers may overshoot the cap by a few names: harmless, and no lock on the hot path.
        if (names.size() >= MAX_NAMES) {
            return OTHER;
        }
        names.add(name);
        return name;
    }

    /**
     * The counters the status page shows, read now from the same series {@link #scrape()} writes.
     *
     * @param calls               forwarded calls, every outcome
     * @param toolErrors          those answered with an {@code isError} tool result
     * @param errors              those that failed (a JSON-RPC error, a failure, a cancellation)
     * @param callsByServer       forwarded calls per upstream, by name
     * @param sessions            downstream sessions live now
     * @param streams             downstream SSE streams open now
     * @param rateLimitRejections requests the per-client limits refused so far
     */
    public record Counts(long calls, long toolErrors, long errors, Map<String, Long> callsByServer, int sessions,
                         int streams, long rateLimitRejections) {
        public Counts {
            callsByServer = Map.copyOf(callsByServer);
        }
    }

    /** The counters now, for the status page. Never blocks; safe while calls are being counted. */
    public Counts counts() {
        long total = 0;
        long toolErrors = 0;
        long errors = 0;
        Map<String, Long> byServer = new HashMap<>();
        for (CounterSnapshot.CounterDataPointSnapshot point : calls.collect().getDataPoints()) {
            long n = (long) point.getValue();
            total += n;
            switch (point.getLabels().get("outcome")) {
                case "tool_error" -> toolErrors += n;
                case "error" -> errors += n;
                case null, default -> { }
            }
            byServer.merge(point.getLabels().get("server"), n, Long::sum);
        }
        StreamableHttpServer server = http;
        return new Counts(total, toolErrors, errors, byServer, server == null ? 0 : server.sessionIds().size(),
                server == null ? 0 : server.openStreamCount(), server == null ? 0 : server.rateLimitedCount());
    }

    /** The content type of {@link #scrape()}: the Prometheus text format 0.0.4. */
    public String contentType() {
        return writer.getContentType();
    }

    /** Every metric now, in the Prometheus text format. */
    public byte[] scrape() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }
}
