package io.mcphost.churn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one kind of cycle many times ({@link #PARALLEL} at once) and holds what the JVM owns to a flat line. After a warm-up
 * (class loading, JIT, pools reaching their working size), the figures are the baseline; they are
 * measured again at every interval and after the last cycle, and printed as a table ({@code CHURN}
 * lines). The rule, on counts only, never on time: after the run no child process is left beyond those
 * of the baseline (none for a client; the servers a host keeps running), and open
 * file descriptors, platform threads, virtual threads and heap after full collections are each within
 * a fixed allowance of the baseline ({@link #FDS}, {@link #THREADS}, {@link #VIRTUAL_THREADS},
 * {@link #HEAP_BYTES}).
 *
 * <p>Closing a client returns before everything it owned has been reclaimed (the JDK reaps a child on
 * its own thread; a pool's idle thread ends on its own), so when the last figures break the rule they
 * are measured again, up to {@link #SETTLE_ROUNDS} times a tenth of a second apart, and the table
 * says how many rounds it took. A leak never settles: it is a count that grew with the cycles.
 */
final class Churn {
    static final int FDS = 16;
    static final int THREADS = 8;
    static final int VIRTUAL_THREADS = 16;
    static final long HEAP_BYTES = 32L << 20;
    static final int SETTLE_ROUNDS = 100;
    /** Cycles under way at once: connecting while others close is part of the churn, and a loaded machine gets through it sooner. */
    static final int PARALLEL = Integer.getInteger("mcphost.churn.parallel", 4);

    /** One cycle: connect, a few calls, close. */
    @FunctionalInterface
    interface Cycle {
        void run(int index) throws Exception;
    }

    private Churn() {
    }

    /**
     * Runs {@code warmUp} cycles, takes the baseline, then {@code cycles} more, measuring every
     * {@code interval}; prints the table and throws {@link AssertionError} naming what broke the rule.
     */
    static void run(String name, int warmUp, int cycles, int interval, Cycle cycle) throws Exception {
        long began = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        batch(next, warmUp, cycle);
        List<Figures> rows = new ArrayList<>();
        Figures baseline = Figures.measure(0);
        Map<String, Integer> threadsBefore = Figures.platformThreadNames();
        rows.add(baseline);
        print(name, "baseline after " + warmUp + " warm-up cycles", baseline, baseline);
        long measuring = System.nanoTime();
        for (int done = 0; done < cycles; ) {
            int batch = Math.min(interval, cycles - done);
            batch(next, warmUp + done + batch, cycle);
            done += batch;
            if (done < cycles) {
                Figures row = Figures.measure(done);
                rows.add(row);
                print(name, "", baseline, row);
            }
        }
        double seconds = (System.nanoTime() - measuring) / 1e9;
        Figures last = Figures.measure(cycles);
        int rounds = 0;
        while (broken(baseline, last) != null && rounds < SETTLE_ROUNDS) {
            LockSupport.parkNanos(100_000_000L);
            last = Figures.measure(cycles);
            rounds++;
        }
        rows.add(last);
        print(name, rounds == 0 ? "end" : "end, settled in " + rounds + " rounds", baseline, last);
        System.out.printf("CHURN %s: %d cycles in %.1f s (%.1f ms a cycle), %.1f s in all%n", name, cycles, seconds,
                seconds * 1000 / cycles, (System.nanoTime() - began) / 1e9);
        String broken = broken(baseline, last);
        if (broken != null) {
            Map<String, Integer> grown = new TreeMap<>();
            Figures.platformThreadNames().forEach((thread, n) -> {
                int more = n - threadsBefore.getOrDefault(thread, 0);
                if (more != 0) {
                    grown.put(thread, more);
                }
            });
            throw new AssertionError(name + ": " + broken + "; platform threads gained by name " + grown
                    + "; live virtual threads by stack " + Figures.virtualThreadStacks());
        }
    }

    /**
     * Runs cycles numbered from {@code next} up to {@code end} on {@link #PARALLEL} virtual threads, and
     * returns when all have ended: figures are only taken between batches, with no cycle under way.
     * The first failure ends the batch and is thrown.
     */
    private static void batch(AtomicInteger next, int end, Cycle cycle) throws Exception {
        List<Future<?>> workers = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < PARALLEL; w++) {
                workers.add(pool.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < end; ) {
                        cycle.run(i);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                try {
                    worker.get();
                } catch (ExecutionException e) {
                    next.set(end);
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw e.getCause() instanceof Exception x ? x : e;
                }
            }
        } finally {
            next.set(end);
        }
    }

    /** What breaks the rule, or null when the figures hold it. */
    static String broken(Figures baseline, Figures now) {
        List<String> broken = new ArrayList<>();
        if (now.descendants() > baseline.descendants()) {
            broken.add((now.descendants() - baseline.descendants()) + " child processes left");
        }
        if (now.fds() > baseline.fds() + FDS) {
            broken.add("file descriptors " + baseline.fds() + " -> " + now.fds() + " (allowed +" + FDS + ")");
        }
        if (now.platformThreads() > baseline.platformThreads() + THREADS) {
            broken.add("platform threads " + baseline.platformThreads() + " -> " + now.platformThreads() + " (allowed +" + THREADS + ")");
        }
        if (now.virtualThreads() > baseline.virtualThreads() + VIRTUAL_THREADS) {
            broken.add("virtual threads " + baseline.virtualThreads() + " -> " + now.virtualThreads() + " (allowed +" + VIRTUAL_THREADS + ")");
        }
        if (now.heapBytes() > baseline.heapBytes() + HEAP_BYTES) {
            broken.add(String.format("heap after GC %.1f -> %.1f MiB (allowed +%d MiB)", baseline.heapMiB(), now.heapMiB(), HEAP_BYTES >> 20));
        }
        return broken.isEmpty() ? null : String.join(", ", broken);
    }

    private static void print(String name, String note, Figures baseline, Figures row) {
        if (row == baseline) {
            System.out.printf("CHURN %-10s %7s %9s %8s %5s %9s %10s  %s%n", name, "cycle", "platform", "virtual", "fds",
                    "children", "heap MiB", "");
        }
        System.out.printf("CHURN %-10s %7d %9d %8d %5d %9d %10.1f  %s%n", name, row.cycle(), row.platformThreads(),
                row.virtualThreads(), row.fds(), row.descendants(), row.heapMiB(), note);
    }
}
