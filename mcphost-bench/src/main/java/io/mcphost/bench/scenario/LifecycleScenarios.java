package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import static java.nio.charset.StandardCharsets.UTF_8;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Scenarios about a client's life rather than its calls: cold start to initialized and the first
 * call, closing many clients at once, and what idle clients cost a JVM.
 */
public final class LifecycleScenarios {
    private LifecycleScenarios() {
    }

    /**
     * Process start to initialized (ms), then the first call after initialize (µs), each round a
     * fresh server process per library.
     */
    public static List<Row> coldStart(Options options, ServerKind server) {
        String variant = "server=" + server.name();
        Comparison cold = new Comparison("cold-start", variant, "ms", 1e6);
        Comparison first = new Comparison("first-call", variant, "us", 1e3);
        cold.run(options.libraries(), options.startRounds(), (library, round, out) -> {
            long start = System.nanoTime();
            try (Subject subject = Subjects.connect(library, server, options.timeout())) {
                long initialized = System.nanoTime();
                String answer = subject.echo("hello");
                long answered = System.nanoTime();
                if (answer == null || !answer.contains("hello")) {
                    throw new IllegalStateException("echo answered '" + answer + "'");
                }
                out.record(library, round, single(initialized - start));
                first.record(library, round, single(answered - initialized));
            }
        });
        List<Row> rows = new ArrayList<>(cold.rows());
        rows.addAll(first.rows());
        return rows;
    }

    /**
     * Cold start in a fresh JVM per round and library ({@link io.mcphost.bench.ColdStart}): the
     * client's own start (class loading, JSON set-up) counts, as in an application's first start.
     * Rows: main → initialized (ms), the first call after initialize (µs), and the child JVM's whole
     * run, spawn to exit (ms), the JVM's own start included.
     */
    public static List<Row> coldJvm(Options options) {
        Comparison cold = new Comparison("cold-jvm", "main -> initialized, server=floor", "ms", 1e6);
        Comparison first = new Comparison("cold-jvm", "first call after initialize", "us", 1e3);
        Comparison whole = new Comparison("cold-jvm", "JVM spawn -> exit (whole run)", "ms", 1e6);
        String java = ProcessHandle.current().info().command().orElse("java");
        cold.run(options.libraries(), options.startRounds(), (library, round, out) -> {
            long spawned = System.nanoTime();
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    io.mcphost.bench.ColdStart.class.getName(), library.label())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output = new String(p.getInputStream().readAllBytes(), UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("the cold-start JVM did not finish within 60 s");
            }
            long exited = System.nanoTime();
            String line = output.lines().filter(l -> l.startsWith("COLD ")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the cold-start JVM printed no result: " + output));
            String[] parts = line.split(" ");
            out.record(library, round, single(Long.parseLong(parts[1])));
            first.record(library, round, single(Long.parseLong(parts[2])));
            whole.record(library, round, single(exited - spawned));
        });
        List<Row> rows = new ArrayList<>(cold.rows());
        rows.addAll(first.rows());
        rows.addAll(whole.rows());
        return rows;
    }

    /**
     * Connects {@code count} clients per library, then closes them all at once on virtual threads.
     * Samples are each client's close (ms); the headline is the wall time until every close returned.
     * The note counts server processes still alive right after: a close that returns early leaves them.
     */
    public static List<Row> close(Options options, ServerKind server, int count) {
        Comparison comparison = new Comparison("close", count + " clients", "ms", 1e6);
        Map<Library, Long> leftAlive = new EnumMap<>(Library.class);
        comparison.run(options.libraries(), options.bulkRounds(), (library, round, out) -> {
            // Only the servers of this round count: a process left by an earlier scenario (a worker JVM, a
            // cold-start JVM) still exiting once made McpHost's first round read "1 still alive".
            Set<ProcessHandle> earlier = ProcessHandle.current().children().collect(Collectors.toSet());
            List<Subject> subjects = connectMany(library, server, count, options);
            long before = System.nanoTime();
            List<Future<Long>> closes = new ArrayList<>();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (Subject subject : subjects) {
                    closes.add(pool.submit(() -> {
                        long start = System.nanoTime();
                        subject.close();
                        return System.nanoTime() - start;
                    }));
                }
            }
            long wall = System.nanoTime() - before;
            long alive = ProcessHandle.current().children().filter(p -> p.isAlive() && !earlier.contains(p)).count();
            Samples samples = new Samples();
            for (Future<Long> f : closes) {
                samples.add(f.get());
            }
            out.record(library, round, samples, wall);
            leftAlive.merge(library, alive, Long::sum);
            awaitNoChildren();
        });
        leftAlive.forEach((library, alive) -> comparison.note(library,
                alive + " server(s) still alive when close returned (sum over rounds)"));
        return comparison.rows();
    }

    /**
     * Holds {@code count} idle connected clients per library (against {@link ServerKind#shellFloor()},
     * small enough that a thousand fit) and reports the heap and platform threads they add, how long
     * a fresh virtual thread takes to make a call on one of them meanwhile (ms; if reading the
     * servers' pipes pinned the carriers, it would never get through), and the library's threads
     * still alive a second after closing them all.
     */
    public static List<Row> idle(Options options, ServerKind server) {
        int count = options.idleClients();
        Comparison comparison = new Comparison("idle", count + " idle clients, " + server.name(), "ms", 1e6);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        comparison.run(options.libraries(), 1, (library, round, out) -> {
            System.gc();
            long heapBefore = memory.getHeapMemoryUsage().getUsed();
            int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
            Set<Thread> platformBefore = Thread.getAllStackTraces().keySet();
            long connecting = System.nanoTime();
            List<Subject> subjects = connectMany(library, server, count, options);
            long connected = System.nanoTime() - connecting;
            String calls;
            String afterClose;
            try {
                Thread.sleep(200); // let start-up work finish: idle means idle
                System.gc();
                long heapAfter = memory.getHeapMemoryUsage().getUsed();
                int threadsAfter = ManagementFactory.getThreadMXBean().getThreadCount();
                Samples samples = new Samples();
                int blocked = 0;
                // A few callers, each a fresh virtual thread, on clients spread over the whole set.
                for (int i = 0; i < 5; i++) {
                    Subject subject = subjects.get((int) ((long) i * (subjects.size() - 1) / 4));
                    long start = System.nanoTime();
                    CompletableFuture<String> through = new CompletableFuture<>();
                    Thread.ofVirtual().start(() -> {
                        try {
                            through.complete(subject.echo("hello"));
                        } catch (RuntimeException e) {
                            through.completeExceptionally(e);
                        }
                    });
                    try {
                        through.get(5, TimeUnit.SECONDS);
                        samples.add(System.nanoTime() - start);
                    } catch (java.util.concurrent.TimeoutException e) {
                        blocked++;
                    }
                }
                if (samples.size() > 0) {
                    out.record(library, round, samples);
                }
                calls = blocked == 0 ? "virtual-thread callers got through" : blocked + " of 5 virtual-thread callers BLOCKED (> 5 s)";
                out.note(library, String.format("connected all in %.1f s; heap +%.0f KiB/client, platform threads +%d"
                                + " (%.1f/client); %s", connected / 1e9, (heapAfter - heapBefore) / 1024.0 / count,
                        threadsAfter - threadsBefore, (threadsAfter - threadsBefore) / (double) count, calls));
            } finally {
                closeAll(subjects);
            }
            Thread.sleep(1000);
            List<String> left = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (!platformBefore.contains(t) && t.isAlive()) {
                    left.add(t.getName());
                }
            }
            List<String> ours = left.stream().filter(n -> n.startsWith("mcphost-")).distinct().toList();
            afterClose = left.size() + " new platform threads alive 1 s after closing, "
                    + (ours.isEmpty() ? "none of McpHost's" : "McpHost's: " + ours)
                    + (left.isEmpty() ? "" : " (e.g. " + left.stream().distinct().limit(3).toList() + ")");
            out.note(library, afterClose);
        });
        return comparison.rows();
    }

    /** Connects {@code count} clients of one library in parallel; closes them all if one fails. */
    static List<Subject> connectMany(Library library, ServerKind server, int count, Options options) throws Exception {
        List<Future<Subject>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                futures.add(pool.submit(() -> Subjects.connect(library, server, options.timeout())));
            }
        }
        List<Subject> subjects = new ArrayList<>();
        Exception failure = null;
        for (Future<Subject> f : futures) {
            if (f.state() == Future.State.SUCCESS) {
                subjects.add(f.resultNow());
            } else if (failure == null) {
                failure = new IllegalStateException("connect failed: " + f.exceptionNow(), f.exceptionNow());
            }
        }
        if (failure != null) {
            closeAll(subjects);
            throw failure;
        }
        return subjects;
    }

    static void closeAll(List<Subject> subjects) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Subject subject : subjects) {
                pool.submit(subject::close);
            }
        }
        awaitNoChildren();
    }

    /** Waits (≤ 5 s) for every child process to end, so the next turn starts on a clean machine. */
    static void awaitNoChildren() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline && ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive)) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        ProcessHandle.current().children().forEach(ProcessHandle::destroyForcibly);
    }

    static Samples single(long nanos) {
        Samples samples = new Samples();
        samples.add(nanos);
        return samples;
    }
}
