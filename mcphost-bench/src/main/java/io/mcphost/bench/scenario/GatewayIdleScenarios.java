package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Subject;
import io.mcphost.protocol.Era;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Many idle clients on one gateway process (issue 29): {@code mcphost serve} (as in {@link
 * GatewayScenarios}: the CLI jar in a JVM of its own with the JVM's default options, the floor server
 * as its one stdio upstream), with {@code --max-sessions}, {@code --max-concurrent} and {@code --rate}
 * raised so that the idle clients, all from 127.0.0.1 and so one client to its limits, are admitted.
 * Two phases, each on a fresh gateway process:
 * <ul>
 *   <li>{@code legacy}: N 2025-11-25 sessions, each initialize + {@code notifications/initialized} +
 *       an open GET stream (what an idle client of that era holds);</li>
 *   <li>{@code listen}: N open 2026-07-28 {@code subscriptions/listen} streams.</li>
 * </ul>
 * The idle clients come from a {@link StreamHolder} process (raw sockets, so no client library's cost
 * is in the picture, and its descriptors count against its own limit). Before and while they are held,
 * a 2025-11-25 client ({@code mcphost}) and a 2026-07-28 client ({@code mcphost-2026}), McpHost's own
 * over HTTP, each make sequential calls of the floor server's echo tool through the gateway (µs). The
 * held rows' notes give the gateway's live heap per idle client (the {@code Total} of {@code jcmd PID
 * GC.class_histogram}, which runs a full GC first: live bytes with the clients held minus before, per
 * client) and the classes that grew most, its thread count and RSS from {@code /proc} (its upstream not
 * included), its CPU use over 15 s in which nothing is called, before and while they are held (the
 * idle clients' keep-alive comments), how long opening took, and the load average.
 */
public final class GatewayIdleScenarios {
    private static final String SCENARIO = "gateway-idle";
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration SETUP = Duration.ofMinutes(5);
    /** How long the gateway's CPU is watched while nothing is called: a legacy keep-alive wave (15 s) and three modern ones (5 s). */
    private static final Duration QUIET = Duration.ofSeconds(15);
    /** Flags that let N idle clients from one address in: sessions, running requests and rate per client. */
    static final List<String> FLAGS = GatewayKinds.LIMITS_LIFTED;
    private static final Pattern CLASS_LINE = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");
    private static final Pattern TOTAL_LINE = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)");

    private GatewayIdleScenarios() {
    }

    /** 10,000 idle clients per phase (1,000 with {@code --quick}); see the class comment. */
    public static List<Row> idleClients(Options options) {
        int idle = options.quick() ? 1_000 : 10_000;
        List<Row> rows = new ArrayList<>();
        GatewayProcess.Kind kind = GatewayProcess.mcphost("mcphost", "mcphost serve, own JVM, default JVM options, "
                + String.join(" ", FLAGS), List.of(), FLAGS);
        String missing = GatewayKinds.missing(kind);
        if (missing != null) {
            rows.add(Row.note(SCENARIO, "setup", kind.label(), "skipped: " + missing));
            return rows;
        }
        for (StreamHolder.Mode mode : List.of(StreamHolder.Mode.LEGACY, StreamHolder.Mode.LISTEN)) {
            try {
                rows.addAll(phase(options, kind, mode, idle));
            } catch (Exception e) {
                rows.add(Row.note(SCENARIO, mode.name().toLowerCase(Locale.ROOT), kind.label(), "failed: " + e));
            }
        }
        return rows;
    }

    private static List<Row> phase(Options options, GatewayProcess.Kind kind, StreamHolder.Mode mode, int idle) throws Exception {
        String name = mode == StreamHolder.Mode.LEGACY ? "legacy sessions" : "listen streams";
        int calls = options.quick() ? 300 : 2_000;
        Duration quiet = options.quick() ? Duration.ofSeconds(3) : QUIET;
        List<Row> rows = new ArrayList<>();
        try (GatewayProcess gateway = GatewayProcess.start(kind, START)) {
            Subject legacy = GatewayClients.connectRetrying(gateway, options.timeout());
            Subject modern = null;
            try {
                modern = GatewayClients.connect(gateway, Era.MODERN, options.timeout());
                String load = loadAverage();
                calls(legacy, calls); // warm-up, not measured: the JIT of both JVMs on the path
                calls(modern, calls);
                Samples legacyBefore = calls(legacy, calls);
                Samples modernBefore = calls(modern, calls);
                double cpuBefore = idleCpu(gateway, quiet);
                Histogram before = Histogram.of(jcmd(gateway.pid(), "GC.class_histogram"));
                long threadsBefore = gateway.status("Threads");
                long rssBefore = gateway.status("VmRSS");
                Process holder = holder(gateway, idle, mode);
                try {
                    String report = readLine(holder, SETUP);
                    String[] parts = report == null ? new String[0] : report.split(" ");
                    if (parts.length != 4 || !parts[0].equals("open")) {
                        rows.add(Row.note(SCENARIO, name, kind.label(), "stream holder failed: " + report + "; gateway: " + gateway.tail()));
                        return rows;
                    }
                    int opened = Integer.parseInt(parts[1]);
                    Thread.sleep(1_000); // the last streams' first writes done: idle means idle
                    double cpuAfter = idleCpu(gateway, quiet);
                    Histogram after = Histogram.of(jcmd(gateway.pid(), "GC.class_histogram"));
                    long threadsAfter = gateway.status("Threads");
                    long rssAfter = gateway.status("VmRSS");
                    String held = String.format("%d %s held (%s failed), opened in %.1f s; gateway live heap %.1f → %.1f MiB"
                                    + " (full GC), +%.1f KiB per idle client; grew most: %s; threads %d → %d; RSS %d → %d MiB;"
                                    + " gateway CPU while nothing is called %.1f → %.1f %% of a core;"
                                    + " load average %s → %s", opened, name, parts[2], Integer.parseInt(parts[3]) / 1e3,
                            before.total() / 1048576.0, after.total() / 1048576.0,
                            (after.total() - before.total()) / 1024.0 / Math.max(1, opened),
                            after.grewMost(before, 4, Math.max(1, opened)), threadsBefore, threadsAfter, rssBefore / 1024,
                            rssAfter / 1024, cpuBefore, cpuAfter, load, loadAverage());
                    Samples legacyHeld = calls(legacy, calls);
                    Samples modernHeld = calls(modern, calls);
                    String none = "no idle client; load average " + load;
                    rows.add(row(name + ": none", "mcphost", legacyBefore, none));
                    rows.add(row(name + ": " + opened + " held", "mcphost", legacyHeld, held));
                    rows.add(row(name + ": none", "mcphost-2026", modernBefore, none));
                    rows.add(row(name + ": " + opened + " held", "mcphost-2026", modernHeld, ""));
                } finally {
                    holder.getOutputStream().close();
                    if (!holder.waitFor(20, TimeUnit.SECONDS)) {
                        holder.destroyForcibly();
                    }
                }
            } finally {
                GatewayClients.closeQuietly(modern);
                GatewayClients.closeQuietly(legacy);
            }
        }
        return rows;
    }

    private static Row row(String variant, String library, Samples s, String note) {
        return new Row(SCENARIO, variant, library, "us", s.size(), s.quantile(0.5) / 1e3, s.quantile(0.99) / 1e3,
                s.mean() / 1e3, Double.NaN, Double.NaN, Double.NaN, note);
    }

    private static Samples calls(Subject client, int count) {
        Samples samples = new Samples();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            CallScenarios.check(client.echo("hello"));
            samples.add(System.nanoTime() - start);
        }
        return samples;
    }

    /** The gateway's CPU use over {@code window} while this process calls nothing, in % of one core. */
    private static double idleCpu(GatewayProcess gateway, Duration window) throws InterruptedException {
        long start = gateway.cpuTicks();
        long t0 = System.nanoTime();
        Thread.sleep(window.toMillis());
        long used = gateway.cpuTicks() - start;
        return start < 0 ? Double.NaN : used / 100.0 / ((System.nanoTime() - t0) / 1e9) * 100;
    }

    private static Process holder(GatewayProcess gateway, int count, StreamHolder.Mode mode) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"), StreamHolder.class.getName(),
                gateway.endpoint().toString(), Integer.toString(count), mode.name().toLowerCase(Locale.ROOT))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    /** {@code jcmd PID COMMAND}'s output (the JDK's jcmd, beside this JVM's java). */
    static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("jcmd " + pid + " " + command + " failed: " + out);
        }
        return out;
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** The holder's report line, or null if it did not come within {@code limit}. */
    private static String readLine(Process process, Duration limit) throws Exception {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return reader.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        try {
            return line.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        }
    }

    /**
     * A class histogram of live objects ({@code jcmd PID GC.class_histogram}, taken after a full GC):
     * bytes by class name, and the {@code Total} line's bytes.
     */
    record Histogram(Map<String, Long> bytes, long total) {
        static Histogram of(String text) {
            Map<String, Long> bytes = new HashMap<>();
            long total = -1;
            for (String line : text.split("\n")) {
                Matcher m = CLASS_LINE.matcher(line);
                if (m.find()) {
                    bytes.merge(m.group(3), Long.parseLong(m.group(2)), Long::sum);
                    continue;
                }
                Matcher t = TOTAL_LINE.matcher(line.strip());
                if (t.find()) {
                    total = Long.parseLong(t.group(2));
                }
            }
            if (total < 0) {
                throw new IllegalArgumentException("not a class histogram: " + text.substring(0, Math.min(300, text.length())));
            }
            return new Histogram(Map.copyOf(bytes), total);
        }

        /** The {@code n} classes whose live bytes grew most since {@code before}, each as bytes per {@code per}. */
        String grewMost(Histogram before, int n, int per) {
            List<String> out = new ArrayList<>();
            bytes.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue() - before.bytes().getOrDefault(e.getKey(), 0L)))
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(n)
                    .forEach(e -> out.add(String.format("%s %.0f B", e.getKey(), (double) e.getValue() / per)));
            return String.join(", ", out);
        }
    }
}
