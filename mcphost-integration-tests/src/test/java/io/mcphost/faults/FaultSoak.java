package io.mcphost.faults;

import io.mcphost.client.CallOptions;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.testkit.faults.FaultyServers;
import io.mcphost.testkit.faults.StdioFaults;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fault soak (issue 14): many calls through one {@link McpHost} to a mix of healthy and faulty
 * stdio servers, reporting calls/s, p50/p99 latency, errors by kind, and heap, threads and open files
 * at start and end. Not part of {@code verify} (its name does not end in Test): run it with
 * {@code ./mvnw verify -Psoak -pl mcphost-integration-tests -am -Dtest=FaultSoak
 * -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dmcphost.soak.calls=10000} for a short run),
 * or as a main class with the test class path.
 */
public class FaultSoak {

    @Test
    void soak() throws Exception {
        run(Integer.getInteger("mcphost.soak.calls", 100_000));
    }

    /** Runs the soak with {@code args[0]} calls (default 100,000). */
    public static void main(String[] args) throws Exception {
        run(args.length > 0 ? Integer.parseInt(args[0]) : 100_000);
        System.exit(0);
    }

    private static void run(int total) throws Exception {
        Map<String, StdioFaults> servers = new TreeMap<>(Map.of(
                "healthy1", FaultyServers.stdio(),
                "healthy2", FaultyServers.stdio(),
                "healthy3", FaultyServers.stdio(),
                "ids", FaultyServers.stdio().outOfOrder().duplicateIds().unknownIds(),
                "malformed", FaultyServers.stdio().malformed(),
                "noisy", FaultyServers.stdio().junkLines(100).stderrFlood(1 << 20),
                "slow", FaultyServers.stdio().slow(Duration.ofMillis(5)),
                "mortal", FaultyServers.stdio().dieAfterCalls(500)));
        McpHostBuilder builder = McpHost.builder().startupTimeout(Duration.ofSeconds(60)).requestTimeout(Duration.ofSeconds(10))
                .reconnect(ReconnectPolicy.exponential(Duration.ofMillis(50), Duration.ofSeconds(1), 0, 1_000));
        servers.forEach((name, faults) -> builder.server(ServerSpec.builder(name, () -> faults.transport(name).build()).build()));
        String[] names = servers.keySet().toArray(String[]::new);

        try (McpHost host = builder.start()) {
            String start = resources();
            long[] nanos = new long[total];
            Map<String, LongAdder> errors = new ConcurrentHashMap<>();
            Map<String, LongAdder> unexpected = new ConcurrentHashMap<>();
            AtomicInteger next = new AtomicInteger();
            long began = System.nanoTime();
            try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int c = 0; c < 64; c++) {
                    callers.submit(() -> {
                        for (int i; (i = next.getAndIncrement()) < total; ) {
                            String server = names[i % names.length];
                            // One call in a thousand goes to a tool that never answers, to exercise deadlines.
                            boolean hang = i % 1000 == 999;
                            long t0 = System.nanoTime();
                            try {
                                host.callTool(server + "__" + (hang ? "hang" : "echo"),
                                        JsonMapper.shared().readTree("{\"text\":\"" + i + "\"}"),
                                        CallOptions.timeout(Duration.ofMillis(hang ? 200 : 10_000)));
                            } catch (RuntimeException e) {
                                errors.computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
                                // Expected: the deadline of a hanging call, and the dying server's own calls.
                                boolean expected = hang && e instanceof McpTimeoutException || server.equals("mortal");
                                if (!expected) {
                                    unexpected.computeIfAbsent(server + ": " + e.getClass().getSimpleName(),
                                            k -> new LongAdder()).increment();
                                }
                            }
                            nanos[i] = System.nanoTime() - t0;
                        }
                    });
                }
            }
            double seconds = (System.nanoTime() - began) / 1e9;
            Arrays.sort(nanos);
            System.out.printf("SOAK %d calls over %d servers in %.1f s: %.0f calls/s, p50 %.2f ms, p99 %.2f ms%n", total, names.length,
                    seconds, total / seconds, nanos[total / 2] / 1e6, nanos[(int) (total * 0.99)] / 1e6);
            System.out.println("SOAK errors by kind: " + new TreeMap<>(errors));
            System.out.println("SOAK start: " + start);
            System.out.println("SOAK end:   " + resources());
            System.out.println("SOAK unexpected errors (healthy and misbehaving-but-alive servers): " + new TreeMap<>(unexpected));
            if (!unexpected.isEmpty()) {
                throw new AssertionError("calls failed that should not have: " + new TreeMap<>(unexpected));
            }
        }
    }

    private static String resources() {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        String[] fds = new File("/proc/self/fd").list();
        return "heap " + heap / (1024 * 1024) + " MiB, threads " + Thread.activeCount() + " (JVM "
                + ManagementFactory.getThreadMXBean().getThreadCount() + "), FDs " + (fds == null ? "n/a" : fds.length);
    }
}
