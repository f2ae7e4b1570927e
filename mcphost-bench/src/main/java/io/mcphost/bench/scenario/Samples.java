package io.mcphost.bench.scenario;

import java.util.Arrays;

/**
 * A growable list of nanosecond samples with percentiles. Not thread-safe: each caller records
 * into its own and the scenario merges them, so recording costs no synchronisation.
 */
public final class Samples {
    private long[] values = new long[256];
    private int size;

    /** Appends one sample. */
    public void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    /** Samples holding {@code nanos}, e.g. latencies measured in another process. */
    public static Samples of(long[] nanos) {
        Samples samples = new Samples();
        for (long n : nanos) {
            samples.add(n);
        }
        return samples;
    }

    /** Appends every sample of {@code other}. */
    public void addAll(Samples other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    /** A copy of the samples, in the order added (for sending them to another process). */
    public long[] toArray() {
        return Arrays.copyOf(values, size);
    }

    /** How many samples. */
    public int size() {
        return size;
    }

    /** The {@code q} quantile (0..1) by nearest rank, or NaN when empty. */
    public double quantile(double q) {
        if (size == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * size) - 1;
        return sorted[Math.max(0, Math.min(size - 1, rank))];
    }

    /** The mean, or NaN when empty. */
    public double mean() {
        if (size == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += values[i];
        }
        return sum / size;
    }

    /** The median of {@code xs}, or NaN when empty. */
    public static double median(java.util.Collection<Double> xs) {
        return median(xs.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The median of {@code xs}, or NaN when empty. */
    public static double median(double[] xs) {
        if (xs.length == 0) {
            return Double.NaN;
        }
        double[] sorted = xs.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
