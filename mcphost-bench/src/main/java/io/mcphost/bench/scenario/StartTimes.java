package io.mcphost.bench.scenario;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Instants ({@link System#nanoTime()}) marked during one parallel start, per server (or client) and
 * label, e.g. {@code starting} and {@code ready}: what the in-run reading of the host scenario
 * divides by. Thread-safe: each server's start marks from its own thread. The first mark of a
 * label wins, so a late duplicate (a second {@code ready}) cannot stretch a span.
 */
public final class StartTimes {
    /** The span of one server between two labels. */
    public record Span(String server, long nanos) {
    }

    private final Map<String, Map<String, Long>> marks = new ConcurrentHashMap<>();

    /** Marks {@code label} for {@code server} now. */
    public void mark(String server, String label) {
        mark(server, label, System.nanoTime());
    }

    /** Marks {@code label} for {@code server} at {@code nanos}, unless it is already marked. */
    public void mark(String server, String label, long nanos) {
        marks.computeIfAbsent(server, s -> new ConcurrentHashMap<>()).putIfAbsent(label, nanos);
    }

    /** When {@code server} marked {@code label}, if it did. */
    public OptionalLong at(String server, String label) {
        Long at = marks.getOrDefault(server, Map.of()).get(label);
        return at == null ? OptionalLong.empty() : OptionalLong.of(at);
    }

    /** How many servers marked {@code label}. */
    public int count(String label) {
        return (int) marks.values().stream().filter(m -> m.containsKey(label)).count();
    }

    /** The earliest mark of {@code label} over all servers. */
    public OptionalLong first(String label) {
        return marks.values().stream().filter(m -> m.containsKey(label)).mapToLong(m -> m.get(label)).min();
    }

    /** The latest mark of {@code label} over all servers. */
    public OptionalLong last(String label) {
        return marks.values().stream().filter(m -> m.containsKey(label)).mapToLong(m -> m.get(label)).max();
    }

    /**
     * The server whose {@code from} → {@code to} took longest (only servers that marked both count):
     * the slowest single start inside the run.
     */
    public Optional<Span> slowest(String from, String to) {
        Span worst = null;
        for (Map.Entry<String, Map<String, Long>> e : marks.entrySet()) {
            Long a = e.getValue().get(from);
            Long b = e.getValue().get(to);
            if (a != null && b != null && (worst == null || b - a > worst.nanos())) {
                worst = new Span(e.getKey(), b - a);
            }
        }
        return Optional.ofNullable(worst);
    }
}
