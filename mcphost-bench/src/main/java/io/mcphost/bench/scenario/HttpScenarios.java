package io.mcphost.bench.scenario;

import io.mcphost.bench.floor.BenchTls;
import io.mcphost.bench.floor.FloorHttpServer;
import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * Round trips and throughput over Streamable HTTP on loopback, against the HTTP floor server
 * running in this JVM (so its cost lands on every library alike).
 *
 * <p>Connection pooling: every library here sits on the JDK's {@code HttpClient} with HTTP/1.1
 * (McpHost picks 1.1 for plain {@code http}, the SDK's transport builder sets it, the floor sets
 * it), one client per connected subject, with the JDK's default pool: unbounded connections per
 * host, kept alive while idle ({@code jdk.httpclient.keepalive.timeout}). So {@code C} concurrent
 * callers use up to {@code C} keep-alive connections; the throughput notes show how many the server
 * saw, to catch a client that opens one per call or funnels everyone through one.
 *
 * <p>The {@code https} variants are the same scenarios over TLS: the floor server is the JDK's
 * HttpsServer with the {@linkplain BenchTls bench certificate}, and every client trusts that
 * certificate through its library's own TLS setting and verifies the host name. Handshakes happen
 * once per pooled connection, in the warm-up; what the rows measure is the record layer per call.
 */
public final class HttpScenarios {
    private static final double MICROS = 1e3;

    private HttpScenarios() {
    }

    /** Sequential echo calls over HTTP: per-call latency (µs), each round's median the headline. */
    public static List<Row> roundTrip(Options options) {
        return roundTrip(options, false);
    }

    /** {@link #roundTrip(Options)} over {@code https}. */
    public static List<Row> roundTripTls(Options options) {
        return roundTrip(options, true);
    }

    /** {@link #throughput(Options)} over {@code https}. */
    public static List<Row> throughputTls(Options options) {
        return throughput(options, true);
    }

    private static FloorHttpServer startServer(boolean tls) {
        return tls ? FloorHttpServer.startTls(BenchTls.server()) : FloorHttpServer.start();
    }

    private static List<Row> roundTrip(Options options, boolean tls) {
        int calls = Math.max(100, options.calls() / 2);
        try (FloorHttpServer server = startServer(tls); Connected connected = Connected.to(server, options, tls)) {
            Comparison comparison = new Comparison("roundtrip", scheme(tls) + " floor (in-JVM server)", "us", MICROS);
            return comparison.run(connected.libraries(), options.rounds(), (library, round, out) -> {
                Subject subject = connected.subjects.get(library);
                for (int i = 0; i < calls / 2; i++) {
                    CallScenarios.check(subject.echo("hello"));
                }
                Samples samples = new Samples();
                for (int i = 0; i < calls; i++) {
                    long start = System.nanoTime();
                    CallScenarios.check(subject.echo("hello"));
                    samples.add(System.nanoTime() - start);
                }
                out.record(library, round, samples);
            }).rowsWith(connected.notes);
        }
    }

    /**
     * 1, 16 and 64 virtual-thread callers sharing one client over HTTP, a quarter of
     * {@link Options#throughputCalls()} calls per library and setting (split over the rounds; an HTTP
     * call costs several stdio ones). Samples are per-call latencies (µs); the
     * headline is wall time per call; notes give calls/s and the most connections the server saw in
     * one round.
     */
    public static List<Row> throughput(Options options) {
        return throughput(options, false);
    }

    private static List<Row> throughput(Options options, boolean tls) {
        List<Row> rows = new ArrayList<>();
        try (FloorHttpServer server = startServer(tls); Connected connected = Connected.to(server, options, tls)) {
            int calls = Math.max(1, options.throughputCalls() / 4);
            int warmup = Options.warmupPerCaller(calls);
            for (Library library : connected.libraries()) {
                try {
                    CallScenarios.Burst.run(connected.subjects.get(library), 16, warmup, options.timeout().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return rows;
                }
            }
            for (int callers : List.of(1, 16, 64)) {
                int perRound = Math.max(callers, calls / options.rounds());
                int perCaller = Math.max(1, perRound / callers);
                Comparison comparison = new Comparison("throughput", scheme(tls) + " callers=" + callers, "us", MICROS);
                Map<Library, List<Double>> rates = new EnumMap<>(Library.class);
                Map<Library, Integer> connections = new EnumMap<>(Library.class);
                comparison.run(connected.libraries(), options.rounds(), (library, round, out) -> {
                    server.resetConnections();
                    CallScenarios.Burst burst = CallScenarios.Burst.run(connected.subjects.get(library), callers,
                            perCaller, options.timeout().toMillis() * 4);
                    connections.merge(library, server.connections(), Math::max);
                    long total = (long) callers * perCaller;
                    out.record(library, round, burst.samples(), (double) burst.wallNanos() / total);
                    rates.computeIfAbsent(library, l -> new ArrayList<>()).add(total * 1e9 / burst.wallNanos());
                    if (burst.failures() > 0 || burst.hung()) {
                        out.note(library, burst.note());
                    }
                });
                rates.forEach((library, list) -> comparison.note(library, String.format("%.0f calls/s, %d connections used",
                        Samples.median(list), connections.get(library))));
                rows.addAll(comparison.rowsWith(connected.notes));
            }
        }
        return rows;
    }

    private static String scheme(boolean tls) {
        return tls ? "https" : "http";
    }

    /** One connected HTTP client per in-JVM library; closing closes them all. */
    private record Connected(Map<Library, Subject> subjects, Map<Library, String> notes) implements AutoCloseable {
        static Connected to(FloorHttpServer server, Options options, boolean tls) {
            Connected connected = new Connected(new EnumMap<>(Library.class), new EnumMap<>(Library.class));
            SSLContext context = tls ? BenchTls.client() : null;
            for (Library library : options.libraries()) {
                try {
                    connected.subjects.put(library, Subjects.connectHttp(library, server.endpoint(), options.timeout(), context));
                } catch (RuntimeException e) {
                    connected.notes.put(library, "could not connect: " + e);
                }
            }
            return connected;
        }

        List<Library> libraries() {
            return List.copyOf(subjects.keySet());
        }

        @Override
        public void close() {
            for (Subject subject : subjects.values()) {
                try {
                    subject.close();
                } catch (RuntimeException e) {
                    // the server goes away next anyway
                }
            }
        }
    }
}
