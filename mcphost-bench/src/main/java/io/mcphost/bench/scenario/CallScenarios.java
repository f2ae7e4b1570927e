package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import io.mcphost.bench.subject.TsSdkDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Scenarios that call the echo tool over stdio on connected clients: sequential round trips,
 * throughput at several caller counts, and repeated concurrent runs that count failures and hangs.
 * Each library gets its own server process of the same kind, connected once per scenario. The
 * TypeScript SDK joins round trips and throughput: its node process stays up for the scenario and
 * times its own calls (one command per round), warmed up like the others.
 */
public final class CallScenarios {
    private static final String TEXT = "hello";
    private static final double MICROS = 1_000;

    private CallScenarios() {
    }

    /** Sequential calls from one thread: per-call latency (µs); the headline is each round's median. */
    public static List<Row> roundTrip(Options options, ServerKind server) {
        int calls = server.name().equals("floor") ? options.calls() : Math.max(100, options.calls() / 5);
        try (Clients clients = Clients.connect(options, server, true)) {
            Comparison comparison = new Comparison("roundtrip", "stdio server=" + server.name(), "us", MICROS);
            return comparison.run(clients.libraries(), options.rounds(), (library, round, out) -> {
                if (library == Library.TS_SDK) {
                    out.record(library, round, Samples.of(clients.ts().roundTrip(calls / 2, calls, bound(options)).nanos()));
                    return;
                }
                Subject subject = clients.get(library);
                for (int i = 0; i < calls / 2; i++) {
                    check(subject.echo(TEXT)); // warm-up: JIT and buffers, not measured
                }
                Samples samples = new Samples();
                for (int i = 0; i < calls; i++) {
                    long start = System.nanoTime();
                    check(subject.echo(TEXT));
                    samples.add(System.nanoTime() - start);
                }
                out.record(library, round, samples);
            }).rowsWith(clients.notes());
        }
    }

    /**
     * {@code callers} virtual threads share one client and make {@code throughputCalls} calls in
     * all (split over the rounds). Samples are per-call latencies (µs); the headline is wall time
     * per call, so the ratio is the inverse of the throughput ratio.
     */
    public static List<Row> throughput(Options options, ServerKind server) {
        List<Row> rows = new ArrayList<>();
        try (Clients clients = Clients.connect(options, server, true)) {
            // Warm-up burst per library (not measured): the first setting must not pay for the JIT.
            int warmup = Math.max(50, options.throughputCalls() / 640);
            for (Library library : clients.libraries()) {
                try {
                    if (library == Library.TS_SDK) {
                        clients.ts().burst(16, warmup, bound(options));
                        continue;
                    }
                    Burst.run(clients.get(library), 16, warmup, options.timeout().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return rows;
                }
            }
            for (int callers : options.callers()) {
                int perRound = Math.max(callers, options.throughputCalls() / options.rounds());
                int perCaller = Math.max(1, perRound / callers);
                Comparison comparison = new Comparison("throughput", "callers=" + callers, "us", MICROS);
                Map<Library, List<Double>> rates = new EnumMap<>(Library.class);
                comparison.run(clients.libraries(), options.rounds(), (library, round, out) -> {
                    Burst burst = library == Library.TS_SDK ? Burst.of(clients.ts().burst(callers, perCaller, bound(options)))
                            : Burst.run(clients.get(library), callers, perCaller, options.timeout().toMillis() * 4);
                    long total = (long) callers * perCaller;
                    out.record(library, round, burst.samples(), (double) burst.wallNanos() / total);
                    rates.computeIfAbsent(library, l -> new ArrayList<>()).add(total * 1e9 / burst.wallNanos());
                    if (burst.failures() > 0 || burst.hung()) {
                        out.note(library, burst.note());
                    }
                });
                rates.forEach((library, list) -> comparison.note(library, String.format("%.0f calls/s",
                        Samples.median(list.stream().mapToDouble(Double::doubleValue).toArray()))));
                rows.addAll(comparison.rowsWith(clients.notes()));
            }
        }
        return rows;
    }

    /**
     * Repeated bursts of 64 callers, each bounded by the timeout; counts calls that failed or
     * answered wrongly, and runs that did not finish (hangs). A hung client is replaced.
     */
    public static List<Row> concurrentRuns(Options options, ServerKind server) {
        int callers = 64;
        int perCaller = options.quick() ? 20 : 200;
        try (Clients clients = Clients.connect(options, server, false)) {
            Comparison comparison = new Comparison("concurrent-runs", callers + "x" + perCaller + " calls, "
                    + options.concurrentRuns() + " runs", "ms", 1e6);
            Map<Library, int[]> counts = new EnumMap<>(Library.class); // failures, hangs
            // Each library's runs in turn, the official SDK's last, not interleaved: a hung SDK run leaves
            // callers behind that keep the JVM's virtual-thread carriers busy, and the next library's callers
            // in the same JVM then starved (a full run at 5a58998: McpHost and the floor each "hung" 2 runs
            // after the SDK hung; run without the SDK, 0 and 0). These are counts, not timings to pair by round.
            List<Library> order = clients.libraries().stream()
                    .sorted(java.util.Comparator.comparing(l -> l == Library.SDK_SYNC || l == Library.SDK_ASYNC)).toList();
            Comparison.RoundBody body = (library, round, out) -> {
                Burst burst = Burst.run(clients.get(library), callers, perCaller, options.timeout().toMillis());
                int[] c = counts.computeIfAbsent(library, l -> new int[2]);
                c[0] += burst.failures();
                if (burst.hung()) {
                    c[1]++;
                    clients.replace(library, options, server);
                }
                Samples wall = new Samples();
                wall.add(burst.wallNanos());
                out.record(library, round, wall);
            };
            for (Library library : order) {
                comparison.run(List.of(library), options.concurrentRuns(), body);
            }
            counts.forEach((library, c) -> comparison.note(library, "failed calls=" + c[0] + ", hung runs=" + c[1]));
            return comparison.rowsWith(clients.notes());
        }
    }

    /** How long one ts-sdk command (a whole round) may take before its node process is killed. */
    private static Duration bound(Options options) {
        return options.timeout().multipliedBy(4);
    }

    /** Fails unless the echo answer ends with the text sent (server-everything prefixes "Echo: "). */
    static void check(String answer) {
        if (answer == null || !answer.endsWith(TEXT)) {
            throw new IllegalStateException("echo answered '" + answer + "'");
        }
    }

    /** Dumps every thread's stack, virtual threads included, to a new file; returns its path or why not. */
    private static String dumpThreads() {
        try {
            java.nio.file.Path file = java.nio.file.Files.createTempFile("mcphost-bench-hung-", ".txt");
            java.nio.file.Files.delete(file); // the dump refuses to overwrite
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
            return file.toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "no dump (" + e + ")";
        }
    }

    /** What one burst of concurrent callers saw. */
    record Burst(Samples samples, long wallNanos, int failures, boolean hung, int callers, int neverRan) {
        /** A burst the TypeScript SDK ran in node (a hang there throws instead). */
        static Burst of(TsSdkDriver.Run run) {
            return new Burst(Samples.of(run.nanos()), run.wallNanos(), run.failures(), false, 0, 0);
        }

        /**
         * "failures=N", and "HUNG" when the burst did not finish; a hang in which callers never ran at
         * all is the JVM's, not the library's: other threads held every carrier (a hung SDK burst leaves
         * callers spinning in Reactor's {@code emitNext}, seen in thread dumps).
         */
        String note() {
            String note = "failures=" + failures;
            if (hung) {
                note += neverRan > 0 ? " HUNG, starved: " + neverRan + " of " + callers + " callers never ran" : " HUNG";
            }
            return note;
        }

        static Burst run(Subject subject, int callers, int perCaller, long boundMillis) throws InterruptedException {
            CountDownLatch go = new CountDownLatch(1);
            AtomicInteger failures = new AtomicInteger();
            AtomicInteger ran = new AtomicInteger();
            List<Future<Samples>> futures = new ArrayList<>();
            // Not try-with-resources: close() would wait for a hung caller forever.
            ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
            for (int c = 0; c < callers; c++) {
                futures.add(pool.submit(() -> {
                    ran.incrementAndGet();
                    Samples mine = new Samples();
                    go.await();
                    for (int i = 0; i < perCaller; i++) {
                        long start = System.nanoTime();
                        try {
                            check(subject.echo(TEXT));
                            mine.add(System.nanoTime() - start);
                        } catch (RuntimeException e) {
                            failures.incrementAndGet();
                        }
                    }
                    return mine;
                }));
            }
            long start = System.nanoTime();
            go.countDown();
            pool.shutdown();
            boolean finished = pool.awaitTermination(boundMillis, TimeUnit.MILLISECONDS);
            long wall = System.nanoTime() - start;
            if (!finished) {
                // Where every thread waited, virtual ones included: a hang is a finding, and its cause
                // (this library, or another's threads starving the JVM) is in the dump.
                System.err.println("mcphost-bench: a burst of " + callers + " callers did not finish in "
                        + boundMillis + " ms (" + (callers - ran.get()) + " never ran); threads: " + dumpThreads());
                pool.shutdownNow();
            }
            Samples all = new Samples();
            for (Future<Samples> f : futures) {
                if (f.state() == Future.State.SUCCESS) {
                    all.addAll(f.resultNow());
                }
            }
            return new Burst(all, wall, failures.get(), !finished, callers, callers - ran.get());
        }
    }

    /**
     * One connected client per library, all to servers of the same kind; with {@code withTs}, also
     * the TypeScript SDK's node process when {@link Options#tsSdk()} and node are there.
     */
    static final class Clients implements AutoCloseable {
        private final Map<Library, Subject> subjects = new EnumMap<>(Library.class);
        private final Map<Library, String> notes = new EnumMap<>(Library.class);
        private TsSdkDriver ts;

        static Clients connect(Options options, ServerKind server, boolean withTs) {
            Clients clients = new Clients();
            for (Library library : options.libraries()) {
                try {
                    clients.subjects.put(library, Subjects.connect(library, server, options.timeout()));
                } catch (RuntimeException e) {
                    clients.notes.put(library, "could not connect: " + e);
                }
            }
            if (withTs && options.tsSdk()) {
                String missing = TsSdkDriver.missing();
                try {
                    if (missing != null) {
                        clients.notes.put(Library.TS_SDK, "skipped: " + missing);
                    } else {
                        clients.ts = TsSdkDriver.connect(server, options.timeout());
                        clients.notes.put(Library.TS_SDK, clients.ts.versions());
                    }
                } catch (RuntimeException e) {
                    clients.notes.put(Library.TS_SDK, "could not connect: " + e);
                }
            }
            return clients;
        }

        /** The connected libraries, in {@link Library} order. */
        List<Library> libraries() {
            List<Library> list = new ArrayList<>(subjects.keySet());
            if (ts != null) {
                list.add(Library.TS_SDK);
                list.sort(null);
            }
            return list;
        }

        TsSdkDriver ts() {
            return ts;
        }

        Subject get(Library library) {
            return subjects.get(library);
        }

        Map<Library, String> notes() {
            return notes;
        }

        void replace(Library library, Options options, ServerKind server) {
            Subject old = subjects.remove(library);
            Thread.ofVirtual().start(old::close); // a hung client may hang its close too
            subjects.put(library, Subjects.connect(library, server, options.timeout()));
        }

        @Override
        public void close() {
            if (ts != null) {
                ts.close();
            }
            for (Subject subject : subjects.values()) {
                try {
                    subject.close();
                } catch (RuntimeException e) {
                    // Closing is measured elsewhere; here one failed close must not leak the others.
                }
            }
        }
    }
}
