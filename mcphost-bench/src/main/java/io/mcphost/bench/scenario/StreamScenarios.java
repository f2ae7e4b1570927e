package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Many open SSE streams on one server: McpHost's {@link StreamableHttpServer} (the demo server's
 * tools) in this JVM holds N sessions, each with its GET stream open, from a {@link StreamHolder}
 * process; meanwhile one McpHost client makes sequential echo calls on the same server. Rows: the
 * calls with no stream open, then with the N streams open (p50, p99 in µs); notes give the heap per
 * stream after GC, the platform threads added and how long opening took. Bounded: each call phase
 * stops after {@link #CALLS} calls or {@link #PHASE} (long enough for a 15 s keep-alive wave over
 * every stream), the set-up after two minutes. All traffic on 127.0.0.1.
 */
public final class StreamScenarios {
    private static final int CALLS = 20_000;
    private static final Duration PHASE = Duration.ofSeconds(20);
    private static final Duration SETUP = Duration.ofMinutes(2);

    private StreamScenarios() {
    }

    /** 10,000 streams (1,000 with {@code --quick}); see the class comment. */
    public static List<Row> openStreams(Options options) {
        int streams = options.quick() ? 1_000 : 10_000;
        Duration phase = options.quick() ? Duration.ofSeconds(3) : PHASE;
        String scenario = "streams";
        List<Row> rows = new ArrayList<>();
        // The JVM raises its soft descriptor limit to the hard one by itself (MaxFDLimit); below that, say so.
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix
                && unix.getMaxFileDescriptorCount() < streams + 1_000L) {
            rows.add(Row.note(scenario, streams + " streams", "mcphost", "skipped: needs " + (streams + 1_000)
                    + " file descriptors per process, the limit is " + unix.getMaxFileDescriptorCount() + " (ulimit -Hn)"));
            return rows;
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server())
                .maxSessions(streams + 100).sessionIdleTimeout(Duration.ofHours(1)).start();
        try (Subject client = Subjects.connectHttp(Library.MCPHOST, server.endpoint(), options.timeout())) {
            rows.add(calls(scenario, "no stream open", client, phase, ""));
            System.gc();
            long heapBefore = memory.getHeapMemoryUsage().getUsed();
            int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process holder = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                    StreamHolder.class.getName(), server.endpoint().toString(), Integer.toString(streams))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                String report = readLine(holder, SETUP);
                String[] parts = report == null ? new String[0] : report.split(" ");
                if (parts.length != 4 || !parts[0].equals("open")) {
                    rows.add(Row.note(scenario, streams + " streams", "mcphost", "stream holder failed: " + report));
                    return rows;
                }
                int opened = Integer.parseInt(parts[1]);
                Thread.sleep(500); // let the last streams' first writes finish: idle means idle
                System.gc();
                long heapAfter = memory.getHeapMemoryUsage().getUsed();
                int threadsAfter = ManagementFactory.getThreadMXBean().getThreadCount();
                String note = String.format("%d streams open (%s failed) in %.1f s, %d sessions; heap +%.1f KiB/stream"
                                + " after GC; platform threads +%d", opened, parts[2], Integer.parseInt(parts[3]) / 1e3,
                        server.sessionIds().size(), (heapAfter - heapBefore) / 1024.0 / Math.max(1, opened),
                        threadsAfter - threadsBefore);
                rows.add(calls(scenario, streams + " SSE streams open", client, phase, note));
            } finally {
                holder.getOutputStream().close();
                if (!holder.waitFor(10, TimeUnit.SECONDS)) {
                    holder.destroyForcibly();
                }
            }
        } catch (Exception e) {
            rows.add(Row.note(scenario, streams + " streams", "mcphost", "failed: " + e));
        } finally {
            server.close(Duration.ofSeconds(10));
        }
        return rows;
    }

    /** Sequential echo calls until {@link #CALLS} or {@code phase}, after a short warm-up (µs). */
    private static Row calls(String scenario, String variant, Subject client, Duration phase, String note) {
        for (int i = 0; i < 2_000; i++) {
            CallScenarios.check(client.echo("hello"));
        }
        Samples samples = new Samples();
        long end = System.nanoTime() + phase.toNanos();
        while (samples.size() < CALLS && System.nanoTime() < end) {
            long start = System.nanoTime();
            CallScenarios.check(client.echo("hello"));
            samples.add(System.nanoTime() - start);
        }
        return new Row(scenario, variant, "mcphost", "us", samples.size(), samples.quantile(0.5) / 1e3,
                samples.quantile(0.99) / 1e3, samples.mean() / 1e3, Double.NaN, Double.NaN, Double.NaN, note);
    }

    /** The holder's report line, or null if it did not come within {@code limit}. */
    private static String readLine(Process process, Duration limit) throws Exception {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return reader.readLine();
            } catch (java.io.IOException e) {
                return null;
            }
        });
        try {
            return line.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        }
    }
}
