package io.mcphost.otel;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Optional;

/** A real OpenTelemetry SDK that keeps what it records in memory, with W3C trace context and baggage. */
final class OtelSdk implements AutoCloseable {
    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .setPropagators(ContextPropagators.create(TextMapPropagator.composite(
                    W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())))
            .build();

    List<SpanData> finished() {
        return spans.getFinishedSpanItems();
    }

    /** The one finished span named {@code name}, or a failure listing what there is. */
    SpanData span(String name) {
        List<SpanData> named = finished().stream().filter(s -> s.getName().equals(name)).toList();
        if (named.size() != 1) {
            throw new AssertionError("expected one span '" + name + "', got " + named.size() + " among "
                    + finished().stream().map(SpanData::getName).toList());
        }
        return named.getFirst();
    }

    Optional<MetricData> metric(String name) {
        return metrics.collectAllMetrics().stream().filter(m -> m.getName().equals(name)).findFirst();
    }

    List<HistogramPointData> points(String name) {
        return metric(name).map(m -> List.copyOf(m.getHistogramData().getPoints())).orElse(List.of());
    }

    @Override
    public void close() {
        sdk.close();
    }
}
