package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one scenario variant as interleaved rounds and turns what they record into rows. Each round
 * runs every library once, starting with a different one each round (round-robin), so a burst of
 * machine noise hits all libraries alike; ratios are taken within a round, then their median.
 *
 * <p>Not thread-safe: a round body records from the scenario's thread after its callers finished.
 */
public final class Comparison {
    /** One library's turn in one round: measure, then {@link #record} what was seen. */
    @FunctionalInterface
    public interface RoundBody {
        void run(Library library, int round, Comparison out) throws Exception;
    }

    private final String scenario;
    private final String variant;
    private final String unit;
    private final double nanosPerUnit;
    private final Map<Library, Samples> samples = new EnumMap<>(Library.class);
    private final Map<Library, Map<Integer, Double>> headlines = new EnumMap<>(Library.class);
    private final Map<Library, List<String>> notes = new EnumMap<>(Library.class);

    /**
     * @param unit         the unit rows report samples in ({@code us} or {@code ms})
     * @param nanosPerUnit nanoseconds in that unit
     */
    public Comparison(String scenario, String variant, String unit, double nanosPerUnit) {
        this.scenario = scenario;
        this.variant = variant;
        this.unit = unit;
        this.nanosPerUnit = nanosPerUnit;
    }

    /**
     * Runs {@code rounds} rounds over {@code libraries}. A library whose turn throws gets a note
     * and the rounds go on: one broken client must not hide the others' numbers.
     */
    public Comparison run(List<Library> libraries, int rounds, RoundBody body) {
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < libraries.size(); k++) {
                Library library = libraries.get((round + k) % libraries.size());
                try {
                    body.run(library, round, this);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                } catch (Exception | AssertionError e) {
                    note(library, "round " + round + " failed: " + e);
                }
            }
        }
        return this;
    }

    /** Records a round's samples (nanoseconds) and its headline (nanoseconds; what ratios compare). */
    public void record(Library library, int round, Samples roundSamples, double headlineNanos) {
        samples.computeIfAbsent(library, l -> new Samples()).addAll(roundSamples);
        headlines.computeIfAbsent(library, l -> new LinkedHashMap<>()).put(round, headlineNanos);
    }

    /** Records a round whose samples are its own headline: the round's median. */
    public void record(Library library, int round, Samples roundSamples) {
        record(library, round, roundSamples, roundSamples.quantile(0.5));
    }

    /** Adds a note to a library's row (kept once per distinct text). */
    public void note(Library library, String text) {
        List<String> list = notes.computeIfAbsent(library, l -> new ArrayList<>());
        if (!list.contains(text)) {
            list.add(text);
        }
    }

    /** {@link #rows()} after adding {@code extra} notes (e.g. a library that could not connect). */
    public List<Row> rowsWith(Map<Library, String> extra) {
        extra.forEach(this::note);
        return rows();
    }

    /** One row per library that ran, McpHost's carrying the ratios. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Library library : Library.values()) {
            Samples s = samples.get(library);
            List<String> libraryNotes = notes.getOrDefault(library, List.of());
            if (s == null && libraryNotes.isEmpty()) {
                continue;
            }
            String note = String.join("; ", libraryNotes);
            if (s == null) {
                rows.add(Row.note(scenario, variant, library.label(), note));
                continue;
            }
            boolean host = library.mcphost();
            rows.add(new Row(scenario, variant, library.label(), unit, s.size(),
                    s.quantile(0.5) / nanosPerUnit, s.quantile(0.99) / nanosPerUnit, s.mean() / nanosPerUnit,
                    host ? ratio(library, Library.SDK_SYNC) : Double.NaN,
                    host ? ratio(library, Library.SDK_ASYNC) : Double.NaN,
                    host ? ratio(library, Library.FLOOR) : Double.NaN,
                    host ? ratio(library, Library.TS_SDK) : Double.NaN,
                    host ? ratio(library, Library.SDK_MODERN) : Double.NaN, note));
        }
        return rows;
    }

    /** One round's headline of {@code library} (ns), NaN if it did not run. */
    public double headline(Library library, int round) {
        return headlines.getOrDefault(library, Map.of()).getOrDefault(round, Double.NaN);
    }

    /** The median over rounds of {@code library}'s headlines (ns), NaN if it never ran. */
    public double medianHeadline(Library library) {
        Map<Integer, Double> all = headlines.get(library);
        return all == null ? Double.NaN : Samples.median(all.values());
    }

    /**
     * Median over rounds of {@code library}'s headline here divided by its headline in {@code other}
     * in the same round (e.g. a parallel start's wall time over the slowest server of that same run);
     * NaN when no round has both.
     */
    public double ratioTo(Comparison other, Library library) {
        return medianRatio(headlines.getOrDefault(library, Map.of()), other.headlines.getOrDefault(library, Map.of()));
    }

    /** Median over rounds of McpHost's headline divided by {@code other}'s in the same round. */
    public double ratio(Library other) {
        return ratio(Library.MCPHOST, other);
    }

    /** Median over rounds of {@code mine}'s headline divided by {@code other}'s in the same round. */
    public double ratio(Library mine, Library other) {
        return medianRatio(headlines.getOrDefault(mine, Map.of()), headlines.getOrDefault(other, Map.of()));
    }

    /** The median of mine/theirs over the rounds both have; NaN when none. */
    private static double medianRatio(Map<Integer, Double> mine, Map<Integer, Double> theirs) {
        List<Double> ratios = new ArrayList<>();
        mine.forEach((round, value) -> {
            Double their = theirs.get(round);
            if (their != null && their > 0) {
                ratios.add(value / their);
            }
        });
        return Samples.median(ratios);
    }
}
