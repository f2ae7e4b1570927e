package io.mcphost.bench.scenario;

import io.mcphost.bench.floor.FloorHttpServer;
import io.mcphost.bench.floor.FloorServer;
import io.mcphost.bench.subject.Subject;
import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Gateways side by side (issue 29): one stdio upstream, the floor server ({@link FloorServer} in a
 * small JVM, the server of the stdio {@code roundtrip} and {@code throughput} rows), called
 * <ul>
 *   <li>{@code direct}: through an {@link McpHost} in this JVM (what an application embedding the
 *       library pays; the baseline every gateway's added cost is measured against);</li>
 *   <li>{@code http-floor}: the same client over HTTP to the bench's HTTP floor server in this JVM, no
 *       gateway and no upstream: the client's own HTTP hop, which every gateway's row includes;</li>
 *   <li>{@code mcphost}: through {@code mcphost serve --config mcp.json --http 127.0.0.1:PORT}
 *       ({@code mcphost-cli/target/mcphost-cli.jar} in a JVM of its own, default JVM options), so it
 *       is a separate process like the npm gateways; {@code mcphost-2026} is the same process to a
 *       2026-07-28 client (stateless);</li>
 *   <li>{@code supergateway} 4.0.0 ({@code --stdio CMD --outputTransport streamableHttp --stateful}),
 *       {@code mcp-proxy} 6.7.19 ({@code --server stream -- CMD}) and {@code mcp-hub} 4.2.1 (a
 *       config with the one server; it serves only the 2024-11-05 HTTP+SSE transport on {@code /mcp}),
 *       under Node 22, from {@code fixtures/npm-gateways} ({@code -Dmcphost.gateways.dir}), installed
 *       with {@code npm ci --prefix fixtures/npm-gateways --ignore-scripts --no-audit --no-fund};</li>
 *   <li>{@code gateway-floor}: the bench's {@link io.mcphost.bench.floor.FloorGateway} in a JVM of its own,
 *       the least a gateway process can add (HTTP in, a line to the upstream and its line back, nothing
 *       else, no thread hand-off); it serves one call at a time, so it has the sequential rows only.</li>
 * </ul>
 * Each gateway starts its own upstream (each as its README shows). Our client drives every gateway
 * the same way: McpHost's {@link McpClient} over HTTP, era 2025-11-25 (what the npm gateways speak),
 * Streamable HTTP, or HTTP+SSE for mcp-hub. Rounds are interleaved, a different gateway first each
 * round. Rows: sequential calls (µs) and the added latency over {@code direct} (pooled p50 and p99
 * differences); throughput at 16, 64 and 256 callers on one client session; then 50 client sessions
 * with one caller each (each gateway in turn, its sessions opened before and closed after: supergateway
 * and mcp-proxy start one upstream per session). McpHost's rows carry, in their notes, its ratios to
 * each npm gateway. Whatever is not installed is noted, not failed.
 */
public final class GatewayScenarios {
    private static final String SCENARIO = "gateway";
    private static final String DIRECT = "direct";
    private static final String MCPHOST = "mcphost";
    private static final String MCPHOST_MODERN = "mcphost-2026";
    private static final String HTTP_FLOOR = "http-floor";
    private static final int SESSIONS = 50;
    /** Calls per throughput round: at ~20k calls/s a round shorter than this measured its own start and end. */
    private static final int PER_BURST = 10_000;
    private static final Duration CONCURRENT_WARM_UP = Duration.ofSeconds(15);
    private static final Duration SESSIONS_WARM_UP = Duration.ofSeconds(5);

    private GatewayScenarios() {
    }

    /** A subject with a label, and how to open one more session of it (null for the in-process host). */
    private record Target(String label, String version, Subject subject, Supplier<Subject> session, GatewayProcess process) {
    }

    /** Runs the scenario; see the class comment. */
    public static List<Row> sideBySide(Options options) {
        List<Row> rows = new ArrayList<>();
        List<Target> targets = new ArrayList<>();
        McpHost host = null;
        FloorHttpServer httpFloor = null;
        try {
            host = McpHost.builder().server(ServerSpec.builder("floor", () -> StdioTransport.builder(GatewayKinds.floorCommand())
                    .name("floor").build()).build()).start();
            targets.add(new Target(DIRECT, "McpHost in this JVM, stdio to the floor server", new GatewayClients.HostSubject(host,
                    GatewayClients.echoTool(host)), null, null));
            // The client's own HTTP hop, no gateway behind it: the HTTP floor server in this JVM.
            httpFloor = FloorHttpServer.start();
            FloorHttpServer floorServer = httpFloor;
            Supplier<Subject> floorSession = () -> GatewayClients.connect(floorServer.endpoint(), false, Era.LEGACY, "echo", options.timeout());
            targets.add(new Target(HTTP_FLOOR, "McpHost's client to the HTTP floor server in this JVM: no gateway, no upstream",
                    floorSession.get(), floorSession, null));
            for (GatewayProcess.Kind kind : GatewayKinds.kinds()) {
                String missing = GatewayKinds.missing(kind);
                if (missing != null) {
                    rows.add(Row.note(SCENARIO, "setup", kind.label(), "skipped: " + missing));
                    continue;
                }
                GatewayProcess started = null;
                try {
                    GatewayProcess process = GatewayProcess.start(kind, GatewayClients.START);
                    started = process;
                    Supplier<Subject> session = () -> GatewayClients.connect(process, Era.LEGACY, options.timeout());
                    targets.add(new Target(kind.label(), kind.version(), GatewayClients.connectRetrying(process, options.timeout()),
                            session, process));
                    if (kind.label().equals(MCPHOST)) {
                        // The same gateway to a 2026-07-28 client (stateless: no session, no handshake).
                        targets.add(new Target(MCPHOST_MODERN, kind.version() + ", client era 2026-07-28",
                                GatewayClients.connect(process, Era.MODERN, options.timeout()), () -> GatewayClients.connect(process, Era.MODERN, options.timeout()),
                                process));
                    }
                } catch (RuntimeException e) {
                    GatewayProcess up = started;
                    if (up != null && targets.stream().noneMatch(t -> t.process() == up)) {
                        up.close(); // up, but no client of ours got through: not left running
                    }
                    rows.add(Row.note(SCENARIO, "setup", kind.label(), "could not start: " + e.getMessage()));
                }
            }
            rows.addAll(measure(options, targets));
        } catch (RuntimeException e) {
            rows.add(Row.note(SCENARIO, "setup", DIRECT, "failed: " + e));
        } finally {
            for (Target target : targets) {
                GatewayClients.closeQuietly(target.subject());
                if (target.process() != null) {
                    target.process().close();
                }
            }
            if (host != null) {
                host.close(Duration.ofSeconds(5));
            }
            if (httpFloor != null) {
                httpFloor.close();
            }
        }
        return rows;
    }

    private static List<Row> measure(Options options, List<Target> targets) {
        boolean quick = options.quick();
        // Sized for a run of minutes: the npm gateways answer hundreds of calls a second on this machine.
        int rounds = quick ? 2 : Math.min(options.rounds(), 3);
        int sequential = quick ? 300 : 1_000;
        // The steady state of a long-running gateway, not its JIT's first minutes: after 1,000 calls McpHost's
        // p50 was still falling by a third (its JVM compiles the path as it goes), after about 10,000 it held.
        int warmCalls = quick ? 300 : 10_000;
        int perBurst = quick ? 1_000 : PER_BURST;
        long bound = options.timeout().multipliedBy(4).toMillis();
        List<Row> rows = new ArrayList<>();
        // Warm-up, not measured: the JIT of every JVM on the path, node's too; the same for each. Concurrent
        // calls take their own paths (contention, queues, more connections): a gateway JVM under 16 callers
        // went from 4k to 15k to 24k calls/s over three 8 s rounds, so they are warmed for as long as calls.
        Duration concurrentWarmUp = quick ? Duration.ofSeconds(1) : CONCURRENT_WARM_UP;
        for (Target target : targets) {
            try {
                for (int i = 0; i < warmCalls; i++) {
                    CallScenarios.check(target.subject().echo("hello"));
                }
                if (sequentialOnly(target)) {
                    continue;
                }
                long until = System.nanoTime() + concurrentWarmUp.toNanos();
                do {
                    CallScenarios.Burst.run(target.subject(), 16, Math.max(20, perBurst / 16), bound);
                } while (System.nanoTime() < until);
            } catch (RuntimeException | InterruptedException e) {
                rows.add(Row.note(SCENARIO, "warm-up", target.label(), "failed: " + e));
            }
        }

        Tally seq = new Tally("sequential calls", "us", 1e3);
        interleave(targets, rounds, (target, round) -> {
            Samples samples = new Samples();
            for (int i = 0; i < sequential; i++) {
                long start = System.nanoTime();
                CallScenarios.check(target.subject().echo("hello"));
                samples.add(System.nanoTime() - start);
            }
            seq.record(target.label(), round, samples, samples.quantile(0.5));
        }, seq);
        rows.addAll(seq.rows(targets));
        rows.addAll(added(seq, targets));

        List<Target> concurrent = targets.stream().filter(t -> !sequentialOnly(t)).toList();
        for (int callers : List.of(16, 64, 256)) {
            Tally tp = new Tally("callers=" + callers + ", 1 session", "us", 1e3);
            int perCaller = Math.max(5, perBurst / callers);
            interleave(concurrent, rounds, (target, round) -> {
                CallScenarios.Burst burst = CallScenarios.Burst.run(target.subject(), callers, perCaller, bound);
                tp.burst(target.label(), round, burst);
            }, tp);
            rows.addAll(tp.rows(concurrent));
        }

        // 50 sessions: each gateway in turn, its sessions open only for its own rounds.
        Tally sessions = new Tally(SESSIONS + " sessions x 1 caller", "us", 1e3);
        int perCaller = Math.max(5, perBurst / SESSIONS);
        for (Target target : concurrent) {
            List<Subject> opened = new ArrayList<>();
            try {
                long start = System.nanoTime();
                if (target.session() == null) {
                    opened.add(target.subject()); // the host: one in-process "session", many callers
                } else {
                    for (int i = 0; i < SESSIONS; i++) {
                        opened.add(target.session().get());
                    }
                }
                double openSeconds = (System.nanoTime() - start) / 1e9;
                Subject sticky = new GatewayClients.StickySessions(opened);
                long until = System.nanoTime() + (quick ? Duration.ofSeconds(1) : SESSIONS_WARM_UP).toNanos();
                do { // warm the new sessions, each gateway as long
                    CallScenarios.Burst.run(sticky, SESSIONS, Math.max(5, perCaller / 2), bound);
                } while (System.nanoTime() < until);
                for (int round = 0; round < rounds; round++) {
                    sessions.burst(target.label(), round, CallScenarios.Burst.run(sticky, SESSIONS, perCaller, bound));
                }
                if (target.process() != null) {
                    sessions.note(target.label(), String.format("%d sessions opened in %.1f s; %d processes, RSS %.0f MiB"
                            + " with them open", opened.size(), openSeconds, target.process().processCount(),
                            target.process().residentKib() / 1024.0));
                }
            } catch (RuntimeException | InterruptedException e) {
                sessions.note(target.label(), "failed: " + e);
            } finally {
                if (target.session() != null) {
                    opened.forEach(GatewayClients::closeQuietly);
                }
            }
        }
        rows.addAll(sessions.rows(concurrent));
        return rows;
    }

    /** The floor gateway answers one call at a time: its concurrent rows would measure that, not a gateway. */
    private static boolean sequentialOnly(Target target) {
        return target.label().equals(GatewayKinds.FLOOR_GATEWAY);
    }

    /** Pooled p50 and p99 of each gateway's sequential calls minus direct's; McpHost's note has its ratios. */
    private static List<Row> added(Tally seq, List<Target> targets) {
        List<Row> rows = new ArrayList<>();
        Samples direct = seq.samples.get(DIRECT);
        if (direct == null) {
            return rows;
        }
        Map<String, double[]> added = new LinkedHashMap<>();
        for (Target target : targets) {
            Samples s = seq.samples.get(target.label());
            if (s != null && !target.label().equals(DIRECT)) {
                added.put(target.label(), new double[] {(s.quantile(0.5) - direct.quantile(0.5)) / 1e3,
                        (s.quantile(0.99) - direct.quantile(0.99)) / 1e3, seq.medianDifference(target.label(), DIRECT) / 1e3});
            }
        }
        double[] ours = added.get(MCPHOST);
        added.forEach((label, a) -> {
            StringBuilder note = new StringBuilder(String.format("over direct; median of per-round p50 differences %.0f us", a[2]));
            double[] hop = added.get(HTTP_FLOOR);
            if (hop != null && !label.equals(HTTP_FLOOR)) {
                note.append(String.format("; over http-floor (the client's HTTP hop): p50 %.0f us", a[0] - hop[0]));
            }
            if (ours != null && !label.startsWith(MCPHOST) && !label.equals(HTTP_FLOOR)) {
                note.append(String.format("; mcphost's added / this one's: p50 %.2f, p99 %.2f", ours[0] / a[0], ours[1] / a[1]));
            }
            double[] floor = added.get(GatewayKinds.FLOOR_GATEWAY);
            if (floor != null && !label.equals(GatewayKinds.FLOOR_GATEWAY) && !label.equals(HTTP_FLOOR)) {
                note.append(String.format("; over gateway-floor (what no gateway process avoids here): p50 %.0f us", a[0] - floor[0]));
            }
            rows.add(new Row(SCENARIO, "added latency (sequential)", label, "us", 0, a[0], a[1], Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN, note.toString()));
        });
        return rows;
    }

    @FunctionalInterface
    private interface Turn {
        void run(Target target, int round) throws Exception;
    }

    /** Runs every target once per round, a different one first each round; a failed turn becomes a note. */
    private static void interleave(List<Target> targets, int rounds, Turn turn, Tally tally) {
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < targets.size(); k++) {
                Target target = targets.get((round + k) % targets.size());
                try {
                    turn.run(target, round);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                } catch (Exception e) {
                    tally.note(target.label(), "round " + round + " failed: " + e);
                }
            }
        }
    }

    /**
     * One variant's samples and per-round headlines by label (Comparison is keyed by client library;
     * here the client is the same and the gateway varies). Not thread-safe: recorded after each burst.
     */
    private static final class Tally {
        private final String variant;
        private final String unit;
        private final double nanosPerUnit;
        final Map<String, Samples> samples = new LinkedHashMap<>();
        final Map<String, Map<Integer, Double>> headlines = new LinkedHashMap<>();
        final Map<String, Map<Integer, Double>> rates = new LinkedHashMap<>();
        final Map<String, List<String>> notes = new LinkedHashMap<>();

        Tally(String variant, String unit, double nanosPerUnit) {
            this.variant = variant;
            this.unit = unit;
            this.nanosPerUnit = nanosPerUnit;
        }

        void record(String label, int round, Samples roundSamples, double headline) {
            samples.computeIfAbsent(label, l -> new Samples()).addAll(roundSamples);
            headlines.computeIfAbsent(label, l -> new LinkedHashMap<>()).put(round, headline);
        }

        void burst(String label, int round, CallScenarios.Burst burst) {
            long calls = burst.samples().size();
            record(label, round, burst.samples(), (double) burst.wallNanos() / Math.max(1, calls));
            rates.computeIfAbsent(label, l -> new LinkedHashMap<>()).put(round, calls * 1e9 / burst.wallNanos());
            if (burst.failures() > 0 || burst.hung()) {
                note(label, burst.note());
            }
        }

        void note(String label, String text) {
            List<String> list = notes.computeIfAbsent(label, l -> new ArrayList<>());
            if (!list.contains(text)) {
                list.add(text);
            }
        }

        /** Median over rounds of a's headline minus b's in the same round (ns). */
        double medianDifference(String a, String b) {
            List<Double> diffs = new ArrayList<>();
            headlines.getOrDefault(a, Map.of()).forEach((round, v) -> {
                Double other = headlines.getOrDefault(b, Map.of()).get(round);
                if (other != null) {
                    diffs.add(v - other);
                }
            });
            return Samples.median(diffs);
        }

        /** Median over rounds of a's rate over b's in the same round. */
        double rateRatio(String a, String b) {
            List<Double> ratios = new ArrayList<>();
            rates.getOrDefault(a, Map.of()).forEach((round, v) -> {
                Double other = rates.getOrDefault(b, Map.of()).get(round);
                if (other != null && other > 0) {
                    ratios.add(v / other);
                }
            });
            return Samples.median(ratios);
        }

        List<Row> rows(List<Target> targets) {
            List<Row> rows = new ArrayList<>();
            for (Target target : targets) {
                String label = target.label();
                List<String> text = new ArrayList<>();
                text.add(target.version());
                if (rates.containsKey(label)) {
                    text.add(String.format("%.0f calls/s", Samples.median(rates.get(label).values())));
                    if (label.startsWith(MCPHOST)) {
                        for (Target other : targets) {
                            if (other.process() != null && !other.label().startsWith(MCPHOST) && rates.containsKey(other.label())) {
                                text.add(String.format("x%.1f the calls/s of %s", rateRatio(label, other.label()), other.label()));
                            }
                        }
                    }
                }
                text.addAll(notes.getOrDefault(label, List.of()));
                Samples s = samples.get(label);
                if (s == null) {
                    rows.add(Row.note(SCENARIO, variant, label, String.join("; ", text)));
                } else {
                    rows.add(new Row(SCENARIO, variant, label, unit, s.size(), s.quantile(0.5) / nanosPerUnit,
                            s.quantile(0.99) / nanosPerUnit, s.mean() / nanosPerUnit, Double.NaN, Double.NaN, Double.NaN,
                            String.join("; ", text)));
                }
            }
            return rows;
        }
    }
}
