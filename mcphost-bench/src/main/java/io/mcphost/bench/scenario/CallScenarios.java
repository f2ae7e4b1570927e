package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import io.mcphost.bench.subject.SubjectProcess;
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
     * per call, so the ratio is the inverse of the throughput ratio. Each library runs in a process
     * of its own ({@link Clients#isolated}), so a hung burst cannot starve the others;
     * {@code -Dmcphost.bench.sharedJvm=true} runs the Java ones in this JVM instead (to profile them).
     */
    public static List<Row> throughput(Options options, ServerKind server) {
        List<Row> rows = new ArrayList<>();
        // Warm-up burst per library (not measured): no setting may pay for the JIT.
        int warmup = Options.warmupPerCaller(options.throughputCalls());
        boolean shared = Boolean.getBoolean("mcphost.bench.sharedJvm");
        try (Clients clients = shared ? Clients.connect(options, server, true) : Clients.isolated(options, server, warmup, true)) {
            if (shared) {
                for (Library library : clients.libraries()) {
                    clients.burst(library, 16, warmup, bound(options));
                }
            }
            for (int callers : options.callers()) {
                int perRound = Math.max(callers, options.throughputCalls() / options.rounds());
                int perCaller = Math.max(1, perRound / callers);
                Comparison comparison = new Comparison("throughput", "callers=" + callers, "us", MICROS);
                Map<Library, List<Double>> rates = new EnumMap<>(Library.class);
                Map<Library, List<Double>> cpu = new EnumMap<>(Library.class);
                comparison.run(clients.libraries(), options.rounds(), (library, round, out) -> {
                    Burst burst = clients.burst(library, callers, perCaller, bound(options));
                    long total = (long) callers * perCaller;
                    out.record(library, round, burst.samples(), (double) burst.wallNanos() / total);
                    rates.computeIfAbsent(library, l -> new ArrayList<>()).add(total * 1e9 / burst.wallNanos());
                    if (burst.cpuNanos() >= 0 && !burst.hung()) {
                        cpu.computeIfAbsent(library, l -> new ArrayList<>()).add(burst.cpuNanos() / 1e3 / total);
                    }
                    if (burst.failures() > 0 || burst.hung()) {
                        out.note(library, burst.note());
                    }
                });
                rates.forEach((library, list) -> comparison.note(library, String.format("%.0f calls/s",
                        Samples.median(list))));
                // The client's own CPU per call (its JVM's, JIT and GC included): unlike calls/s, not set
                // by how fast this VM wakes threads up.
                cpu.forEach((library, list) -> comparison.note(library, String.format("CPU %.1f us/call",
                        Samples.median(list))));
                rows.addAll(comparison.rowsWith(clients.notes()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return rows;
    }

    /**
     * Repeated bursts of 64 callers, each bounded by the timeout; counts calls that failed or
     * answered wrongly, and runs that did not finish (hangs). Each library runs in a process of its
     * own, and one whose run hung is replaced ({@link Clients#burst}).
     */
    public static List<Row> concurrentRuns(Options options, ServerKind server) {
        int callers = 64;
        int perCaller = options.quick() ? 20 : 200;
        // In processes of their own: in a shared JVM a hung SDK run left callers spinning on every carrier,
        // and every run after it, of any library, starved (a full run at 5a58998: McpHost and the floor each
        // "hung" 2 runs after the SDK hung; a full run at 0363e0c, the SDK's runs last: after its first hang
        // each of its later runs hung with none of its callers started).
        try (Clients clients = Clients.isolated(options, server, 0, false)) {
            Comparison comparison = new Comparison("concurrent-runs", callers + "x" + perCaller + " calls, "
                    + options.concurrentRuns() + " runs", "ms", 1e6);
            Map<Library, int[]> counts = new EnumMap<>(Library.class); // failures, hangs
            comparison.run(clients.libraries(), options.concurrentRuns(), (library, round, out) -> {
                Burst burst = clients.burst(library, callers, perCaller, options.timeout());
                int[] c = counts.computeIfAbsent(library, l -> new int[2]);
                c[0] += burst.failures();
                c[1] += burst.hung() ? 1 : 0;
                Samples wall = new Samples();
                wall.add(burst.wallNanos());
                out.record(library, round, wall);
            });
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

    /**
     * Dumps every thread's stack, virtual threads included, to a new file in {@code -Dmcphost.bench.dumpDir}
     * (the temporary directory by default; the module's tests point it into {@code target/}); returns its
     * path or why not.
     */
    private static String dumpThreads() {
        try {
            String dir = System.getProperty("mcphost.bench.dumpDir");
            java.nio.file.Path file = dir == null || dir.isBlank()
                    ? java.nio.file.Files.createTempFile("mcphost-bench-hung-", ".txt")
                    : java.nio.file.Files.createTempFile(java.nio.file.Files.createDirectories(java.nio.file.Path.of(dir)),
                            "mcphost-bench-hung-", ".txt");
            java.nio.file.Files.delete(file); // the dump refuses to overwrite
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
            return file.toString();
        } catch (java.io.IOException | RuntimeException e) {
            return "no dump (" + e + ")";
        }
    }

    /** What one burst of concurrent callers saw. */
    record Burst(Samples samples, long wallNanos, int failures, boolean hung, int callers, int neverRan, long cpuNanos) {
        /** A burst of {@code callers} that ran in a process of its own. */
        static Burst of(SubjectProcess.Run run, int callers) {
            return new Burst(Samples.of(run.nanos()), run.wallNanos(), run.failures(), run.hung(), callers, run.neverRan(),
                    run.cpuNanos());
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

        /**
         * CPU time this whole process used so far (all threads, JIT and GC included), or -1 where the
         * JVM does not say: over a burst in a library's own JVM, that library's CPU per call.
         */
        static long processCpuNanos() {
            return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
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
            long cpuBefore = processCpuNanos();
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
            return new Burst(all, wall, failures.get(), !finished, callers, callers - ran.get(), processCpuNanos() - cpuBefore);
        }
    }

    /**
     * One connected client per library, all to servers of the same kind: in this JVM
     * ({@link #connect}), or each in a process of its own ({@link #isolated}); the TypeScript SDK's
     * node process always runs apart.
     */
    static final class Clients implements AutoCloseable {
        private final Map<Library, Subject> subjects = new EnumMap<>(Library.class);
        private final Map<Library, SubjectProcess> processes = new EnumMap<>(Library.class);
        private final Map<Library, String> notes = new EnumMap<>(Library.class);
        private final Options options;
        private final ServerKind server;
        /** Unmeasured calls per caller a new process makes first (16 callers); 0 for none. */
        private final int warmup;

        private Clients(Options options, ServerKind server, int warmup) {
            this.options = options;
            this.server = server;
            this.warmup = warmup;
        }

        /** Every in-JVM library in this JVM; with {@code withTs}, also the TypeScript SDK when {@link Options#tsSdk()}. */
        static Clients connect(Options options, ServerKind server, boolean withTs) {
            Clients clients = new Clients(options, server, 0);
            for (Library library : options.callLibraries()) {
                try {
                    clients.subjects.put(library, Subjects.connect(library, clients.serverFor(library), options.timeout()));
                    if (library.modernEra()) {
                        clients.notes.put(library, clients.serverNote(library).substring(2));
                    }
                } catch (RuntimeException e) {
                    clients.notes.put(library, "could not connect: " + e);
                }
            }
            if (withTs) {
                clients.connectTs();
            }
            return clients;
        }

        /**
         * Every library in a process of its own (the in-JVM ones in a JVM each, see {@link BurstWorker}),
         * each warmed up with a burst of 16 callers of {@code warmup} calls; driven through {@link #burst}.
         * With {@code withTs}, also the TypeScript SDK when {@link Options#tsSdk()}.
         */
        static Clients isolated(Options options, ServerKind server, int warmup, boolean withTs) {
            Clients clients = new Clients(options, server, warmup);
            for (Library library : options.callLibraries()) {
                try {
                    clients.processes.put(library, clients.startWarm(library));
                    clients.notes.put(library, "in a JVM of its own" + clients.serverNote(library));
                } catch (RuntimeException e) {
                    clients.notes.put(library, "could not connect: " + e);
                }
            }
            if (withTs) {
                clients.connectTs();
            }
            return clients;
        }

        /**
         * The server {@code library} is connected to: the scenario's, or for a 2026-07-28 client the
         * scenario's counterpart of that era ({@link ServerKind#modern()}).
         *
         * @throws IllegalStateException if the scenario's server has no 2026-07-28 counterpart
         */
        ServerKind serverFor(Library library) {
            if (!library.modernEra()) {
                return server;
            }
            ServerKind modern = server.modern();
            if (modern == null) {
                throw new IllegalStateException("server " + server.name() + " answers the legacy era only");
            }
            return modern;
        }

        /** ", 2026-07-28 against server X" for a modern client on another server than the scenario's; else empty. */
        String serverNote(Library library) {
            return library.modernEra() ? ", 2026-07-28 against server " + serverFor(library).name() : "";
        }

        private void connectTs() {
            if (!options.tsSdk()) {
                return;
            }
            String missing = SubjectProcess.missingNode();
            try {
                if (missing != null) {
                    notes.put(Library.TS_SDK, "skipped: " + missing);
                } else {
                    processes.put(Library.TS_SDK, startWarm(Library.TS_SDK));
                    notes.put(Library.TS_SDK, processes.get(Library.TS_SDK).versions());
                }
            } catch (RuntimeException e) {
                notes.put(Library.TS_SDK, "could not connect: " + e);
            }
        }

        /**
         * A new process for {@code library}, warmed up. A warm-up that hangs leaves the process unfit to
         * measure (its callers may spin on every carrier), so it is killed and one more is tried.
         */
        private SubjectProcess startWarm(Library library) {
            for (int attempt = 1; ; attempt++) {
                SubjectProcess process = library == Library.TS_SDK ? SubjectProcess.node(server, options.timeout())
                        : BurstWorker.start(library, serverFor(library), options.timeout());
                if (warmup == 0) {
                    return process;
                }
                try {
                    if (!process.burst(16, warmup, bound(options)).hung()) {
                        return process;
                    }
                } catch (RuntimeException e) {
                    process.kill();
                    throw e;
                }
                process.kill();
                if (attempt == 2) {
                    throw new IllegalStateException(library.label() + ": the warm-up burst hung twice");
                }
            }
        }

        /**
         * Runs one burst of {@code library}'s callers, in this JVM or in its process. A process whose
         * burst hung, or that did not answer, is killed and replaced by a new, warmed-up one.
         *
         * @throws IllegalStateException if a replacement cannot start
         */
        Burst burst(Library library, int callers, int perCaller, Duration bound) throws InterruptedException {
            Subject subject = subjects.get(library);
            if (subject != null) {
                return Burst.run(subject, callers, perCaller, bound.toMillis());
            }
            SubjectProcess process = processes.get(library);
            Burst burst;
            try {
                burst = Burst.of(process.burst(callers, perCaller, bound), callers);
            } catch (IllegalStateException e) {
                System.err.println("mcphost-bench: " + library.label() + ": " + e.getMessage());
                burst = new Burst(new Samples(), bound.toNanos(), 0, true, callers, 0, -1); // no answer: a hang
            }
            if (burst.hung()) {
                process.kill();
                processes.put(library, startWarm(library));
            }
            return burst;
        }

        /** The connected libraries, in {@link Library} order. */
        List<Library> libraries() {
            List<Library> list = new ArrayList<>(subjects.keySet());
            list.addAll(processes.keySet());
            list.sort(null);
            return list;
        }

        SubjectProcess ts() {
            return processes.get(Library.TS_SDK);
        }

        Subject get(Library library) {
            return subjects.get(library);
        }

        Map<Library, String> notes() {
            return notes;
        }

        @Override
        public void close() {
            for (SubjectProcess process : processes.values()) {
                process.close();
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
