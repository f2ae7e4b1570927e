package io.mcphost.bench;

import io.mcphost.bench.scenario.CallScenarios;
import io.mcphost.bench.scenario.HostScenarios;
import io.mcphost.bench.scenario.HttpScenarios;
import io.mcphost.bench.scenario.LifecycleScenarios;
import io.mcphost.bench.scenario.Options;
import io.mcphost.bench.scenario.Row;
import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The end-to-end benchmark: McpHost against the official MCP Java SDK and a raw-pipe floor, in
 * the same run, interleaved round by round. Prints one table and writes a JSON file and SVG charts
 * of it ({@link Charts}) beside it. The 2026-07-28 clients ({@code mcphost-2026}, {@code sdk-2026})
 * join the stdio call scenarios only.
 *
 * <pre>
 * java -jar mcphost-bench/target/mcphost-bench.jar [--quick] [--calls N] [--rounds N] [--callers N,...]
 *      [--only roundtrip,throughput,...] [--libraries mcphost,mcphost-2026,sdk-sync,sdk-async,sdk-2026,ts-sdk,floor]
 *      [--servers floor,demo,everything] [--out FILE]
 * java -jar mcphost-bench/target/mcphost-bench.jar jmh [JMH options]   # the micro-benchmarks
 * java -jar mcphost-bench/target/mcphost-bench.jar charts FILE.json [SUBTITLE]   # redraw a saved run's charts
 * </pre>
 */
public final class Bench {
    /** Every scenario, in the order they run. */
    static final List<String> SCENARIOS = List.of("roundtrip", "throughput", "concurrent", "cold-start", "cold-jvm", "close",
            "idle", "host", "catalog", "http", "https", "streams", "cli", "gateway", "gateway-idle", "replicas");

    private Bench() {
    }

    /** Runs the scenarios the arguments select; exits 2 on a usage error. */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("jmh")) {
            org.openjdk.jmh.Main.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("charts")) {
            // Redraws the charts of a saved run (its JSON file), e.g. after the charts changed.
            if (args.length < 2) {
                System.err.println("usage: mcphost-bench charts FILE.json [SUBTITLE]");
                System.exit(2);
            }
            Path json = Path.of(args[1]);
            for (Path chart : Charts.write(Report.readRows(json), json, args.length > 2 ? args[2] : Report.readMachine(json))) {
                System.out.println("chart: " + chart.normalize());
            }
            return;
        }
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            // Both libraries log a server's stderr and lifecycle at info; the table must stay readable.
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
        }
        Options options;
        List<String> servers;
        try {
            ParsedArgs parsed = parse(args);
            options = parsed.options();
            servers = parsed.servers();
        } catch (IllegalArgumentException e) {
            System.err.println("mcphost-bench: " + e.getMessage());
            System.err.println("usage: mcphost-bench [--quick] [--calls N] [--rounds N] [--callers N,...] [--only " + String.join(",", SCENARIOS)
                    + "] [--libraries mcphost,mcphost-2026,sdk-sync,sdk-async,sdk-2026,ts-sdk,floor] [--servers floor,demo,everything] [--out FILE]"
                    + " | jmh [JMH options]");
            System.exit(2);
            return;
        }
        double loadBefore = Report.loadAverage();
        List<Row> rows = run(options, servers);
        Report.table(rows, System.out);
        String machine = Report.machine(loadBefore) + (options.quick() ? ", --quick" : "");
        Report.json(rows, options, options.output(), machine);
        System.out.println("results: " + options.output().toAbsolutePath().normalize()
                + (options.quick() ? "  (--quick: smoke-run sizes, not measurements)" : ""));
        for (Path chart : Charts.write(rows, options.output(), machine)) {
            System.out.println("chart: " + chart.normalize());
        }
        System.exit(0); // the SDK's Reactor threads are not all daemons
    }

    static List<Row> run(Options o, List<String> serverNames) {
        List<Row> rows = new ArrayList<>();
        ServerKind floor = ServerKind.floor();
        ServerKind lean = ServerKind.leanFloor();
        if (o.runs("roundtrip")) {
            for (String name : serverNames) {
                section(rows, "roundtrip " + name, () -> CallScenarios.roundTrip(o, server(name)));
            }
        }
        if (o.runs("throughput")) {
            section(rows, "throughput", () -> CallScenarios.throughput(o, floor));
        }
        if (o.runs("concurrent")) {
            section(rows, "concurrent", () -> CallScenarios.concurrentRuns(o, floor));
        }
        if (o.runs("cold-start")) {
            for (String name : serverNames) {
                section(rows, "cold-start " + name, () -> LifecycleScenarios.coldStart(o, server(name)));
            }
        }
        if (o.runs("cold-jvm")) {
            section(rows, "cold-jvm", () -> LifecycleScenarios.coldJvm(o));
        }
        if (o.runs("close")) {
            for (int count : o.closeCounts()) {
                section(rows, "close " + count, () -> LifecycleScenarios.close(o, lean, count));
            }
        }
        if (o.runs("idle")) {
            section(rows, "idle", () -> LifecycleScenarios.idle(o, ServerKind.shellFloor()));
        }
        if (o.runs("host")) {
            section(rows, "host", () -> HostScenarios.manyServers(o, lean, 20));
            // The same with servers that start in ~1 ms of CPU: what is left is the host's own cost.
            section(rows, "host floor-sh", () -> HostScenarios.manyServers(o, ServerKind.shellFloor(), 20));
        }
        if (o.runs("catalog")) {
            section(rows, "catalog", () -> HostScenarios.catalog(o, 50, 200));
        }
        if (o.runs("http")) {
            section(rows, "http", () -> HttpScenarios.roundTrip(o));
            section(rows, "http throughput", () -> HttpScenarios.throughput(o));
        }
        if (o.runs("https")) {
            section(rows, "https", () -> HttpScenarios.roundTripTls(o));
            section(rows, "https throughput", () -> HttpScenarios.throughputTls(o));
        }
        if (o.runs("streams")) {
            section(rows, "streams", () -> io.mcphost.bench.scenario.StreamScenarios.openStreams(o));
        }
        if (o.runs("cli")) {
            section(rows, "cli", () -> io.mcphost.bench.scenario.CliScenarios.oneShot(o));
        }
        if (o.runs("gateway")) {
            section(rows, "gateway", () -> io.mcphost.bench.scenario.GatewayScenarios.sideBySide(o));
        }
        if (o.runs("gateway-idle")) {
            section(rows, "gateway-idle", () -> io.mcphost.bench.scenario.GatewayIdleScenarios.idleClients(o));
        }
        if (o.runs("replicas")) {
            section(rows, "replicas", () -> io.mcphost.bench.scenario.ReplicaScenarios.behindNginx(o));
        }
        return rows;
    }

    private static ServerKind server(String name) {
        return switch (name) {
            case "floor" -> ServerKind.floor();
            case "demo" -> ServerKind.demo();
            case "everything" -> ServerKind.everything();
            default -> throw new IllegalArgumentException("unknown server " + name);
        };
    }

    /** Runs one scenario, reporting progress on stderr; a scenario that throws becomes a row saying so. */
    private static void section(List<Row> rows, String name, Supplier<List<Row>> scenario) {
        long start = System.nanoTime();
        System.err.print("mcphost-bench: " + name + " ... ");
        try {
            rows.addAll(scenario.get());
            System.err.printf("%.1f s%n", (System.nanoTime() - start) / 1e9);
        } catch (RuntimeException e) {
            System.err.println("failed: " + e);
            rows.add(Row.note(name, "", "-", "scenario failed: " + e));
        }
    }

    record ParsedArgs(Options options, List<String> servers) {
    }

    static ParsedArgs parse(String[] args) {
        List<String> list = Arrays.asList(args);
        Options options = list.contains("--quick") ? Options.smoke() : Options.real();
        List<String> servers = List.of("floor", "demo", "everything");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick" -> { }
                case "--calls" -> options = options.withThroughputCalls(positive(value(args, ++i, arg), arg));
                case "--rounds" -> options = options.withRounds(positive(value(args, ++i, arg), arg));
                case "--callers" -> {
                    List<Integer> counts = new ArrayList<>();
                    for (String n : value(args, ++i, arg).split(",")) {
                        counts.add(positive(n, arg));
                    }
                    options = options.withCallers(counts);
                }
                case "--out" -> options = options.withOutput(Path.of(value(args, ++i, arg)));
                case "--only" -> {
                    Set<String> names = new LinkedHashSet<>(Arrays.asList(value(args, ++i, arg).split(",")));
                    for (String n : names) {
                        if (!SCENARIOS.contains(n)) {
                            throw new IllegalArgumentException("unknown scenario '" + n + "'; known: " + SCENARIOS);
                        }
                    }
                    options = options.withOnly(names);
                }
                case "--libraries" -> {
                    List<Library> libraries = new ArrayList<>();
                    for (String n : value(args, ++i, arg).split(",")) {
                        libraries.add(Arrays.stream(Library.values()).filter(l -> l.label().equals(n)).findFirst()
                                .orElseThrow(() -> new IllegalArgumentException("unknown library '" + n + "'")));
                    }
                    options = options.withLibraries(libraries);
                }
                case "--servers" -> {
                    servers = List.of(value(args, ++i, arg).split(","));
                    for (String s : servers) {
                        if (!List.of("floor", "demo", "everything").contains(s)) {
                            throw new IllegalArgumentException("unknown server '" + s + "'");
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        return new ParsedArgs(options, servers);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(String text, String option) {
        try {
            int n = Integer.parseInt(text.replace("_", "").replace("k", "000"));
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through to the sentence below
        }
        throw new IllegalArgumentException(option + " needs a positive number, got '" + text + "'");
    }
}
