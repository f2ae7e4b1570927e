package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * How big a run is. {@link #smoke()} is a smoke run of seconds per scenario; {@link #real()} the
 * sizes for real measurements (on a quiet machine).
 *
 * @param quick          whether this is a smoke run
 * @param rounds         interleaved rounds per scenario variant
 * @param calls          calls per library for sequential round trips, per round
 * @param throughputCalls calls per library per callers setting, over all rounds
 * @param callers        caller counts for the throughput scenario
 * @param concurrentRuns repeated concurrent runs per library
 * @param closeCounts    client counts for the close scenario
 * @param idleClients    clients held idle per library
 * @param timeout        request timeout, and the bound of each concurrent run
 * @param libraries      the in-JVM libraries compared (never {@link Library#TS_SDK})
 * @param tsSdk          whether the TypeScript SDK joins the stdio {@code roundtrip} and {@code throughput}
 *                       scenarios (skipped with a note there when node or the SDK is not found)
 * @param modern         the 2026-07-28 clients ({@link Library#modern()}) that join the stdio call scenarios
 *                       ({@code roundtrip}, {@code throughput}, {@code concurrent}), each against a server of
 *                       that era ({@link io.mcphost.bench.subject.ServerKind#modern()})
 * @param only           scenario names to run; empty runs all
 * @param output         where the JSON results go
 */
public record Options(boolean quick, int rounds, int calls, int throughputCalls, List<Integer> callers,
                      int concurrentRuns, List<Integer> closeCounts, int idleClients, Duration timeout,
                      List<Library> libraries, boolean tsSdk, List<Library> modern, Set<String> only, Path output) {
    public Options {
        callers = List.copyOf(callers);
        closeCounts = List.copyOf(closeCounts);
        libraries = List.copyOf(libraries);
        modern = List.copyOf(modern);
        if (libraries.contains(Library.TS_SDK)) {
            throw new IllegalArgumentException("ts-sdk is not an in-JVM library: use tsSdk");
        }
        if (libraries.stream().anyMatch(Library::modernEra) || !modern.stream().allMatch(Library::modernEra)) {
            throw new IllegalArgumentException("the 2026-07-28 clients go in modern, the others in libraries");
        }
        only = Set.copyOf(only);
    }

    /** Sizes for real runs: ≥ 200k calls per throughput setting. */
    public static Options real() {
        return new Options(false, 10, 3_000, 200_000, List.of(1, 16, 64, 256), 40, List.of(1, 20, 100), 1000,
                Duration.ofSeconds(30), Library.inJvm(), true, Library.modern(), Set.of(), Path.of("mcphost-bench/target/bench-results.json"));
    }

    /** Sizes for a smoke run: every scenario, a few seconds each. */
    public static Options smoke() {
        return new Options(true, 3, 300, 3_000, List.of(1, 16, 64, 256), 3, List.of(1, 20), 100,
                Duration.ofSeconds(10), Library.inJvm(), true, Library.modern(), Set.of(), Path.of("mcphost-bench/target/bench-results.json"));
    }

    /**
     * Rounds for scenarios that start server processes (cold start): each round costs seconds,
     * so fewer than {@link #rounds()} keeps a real run within minutes.
     */
    public int startRounds() {
        return Math.min(rounds, 5);
    }

    /**
     * Calls per caller of the 16-caller warm-up burst each library runs before a throughput scenario
     * of {@code calls} calls per setting: a quarter as many again (50k before 200k). Not fewer: with
     * 5k (the warm-up until e7eb05b) the official SDK was still being compiled in the measured rounds,
     * at 36-56 µs of CPU per call against 18-21 once warm, and 16-caller ratios read 3.6-4.2× where the
     * warm SDK gives 2.4-2.8×.
     */
    public static int warmupPerCaller(int calls) {
        return Math.max(50, calls / 64);
    }

    /** Rounds for scenarios that start dozens of servers per round (close, 20 servers, catalog). */
    public int bulkRounds() {
        return Math.min(rounds, quick ? 2 : 3);
    }

    /** Whether scenario {@code name} is selected. */
    public boolean runs(String name) {
        return only.isEmpty() || only.contains(name);
    }

    /** A copy with a different throughput call count. */
    public Options withThroughputCalls(int n) {
        return new Options(quick, rounds, calls, n, callers, concurrentRuns, closeCounts, idleClients, timeout,
                libraries, tsSdk, modern, only, output);
    }

    /** A copy running only {@code names}. */
    public Options withOnly(Set<String> names) {
        return new Options(quick, rounds, calls, throughputCalls, callers, concurrentRuns, closeCounts, idleClients,
                timeout, libraries, tsSdk, modern, names, output);
    }

    /**
     * A copy comparing only {@code list} ({@link Library#TS_SDK} in it sets {@link #tsSdk()}, the
     * 2026-07-28 clients in it go to {@link #modern()}).
     */
    public Options withLibraries(List<Library> list) {
        return new Options(quick, rounds, calls, throughputCalls, callers, concurrentRuns, closeCounts, idleClients,
                timeout, list.stream().filter(l -> l != Library.TS_SDK && !l.modernEra()).toList(), list.contains(Library.TS_SDK),
                list.stream().filter(Library::modernEra).toList(), only, output);
    }

    /** The in-JVM libraries of the stdio call scenarios: {@link #libraries()} and then {@link #modern()}. */
    public List<Library> callLibraries() {
        List<Library> all = new java.util.ArrayList<>(libraries);
        all.addAll(modern);
        return List.copyOf(all);
    }

    /** A copy writing JSON to {@code path}. */
    public Options withOutput(Path path) {
        return new Options(quick, rounds, calls, throughputCalls, callers, concurrentRuns, closeCounts, idleClients,
                timeout, libraries, tsSdk, modern, only, path);
    }

    /** A copy running the throughput scenario at {@code counts} callers only. */
    public Options withCallers(List<Integer> counts) {
        return new Options(quick, rounds, calls, throughputCalls, counts, concurrentRuns, closeCounts, idleClients,
                timeout, libraries, tsSdk, modern, only, output);
    }

    /** A copy with {@code n} rounds. */
    public Options withRounds(int n) {
        return new Options(quick, n, calls, throughputCalls, callers, concurrentRuns, closeCounts, idleClients,
                timeout, libraries, tsSdk, modern, only, output);
    }
}
