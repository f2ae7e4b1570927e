package io.mcphost.bench.scenario;

/**
 * One line of the results: a library's numbers in one scenario variant. Ratios compare McpHost's
 * per-round headline (median latency, or wall time per call) with another library's in the same
 * round, then take the median over rounds; below 1 means McpHost was faster. Both McpHost rows carry
 * them: {@code mcphost} (legacy era) and {@code mcphost-2026} (2026-07-28), each over the others. {@code NaN} means
 * not measured or not applicable.
 *
 * @param scenario   what was measured, e.g. {@code roundtrip}
 * @param variant    the setting, e.g. {@code server=floor} or {@code callers=64}
 * @param library    a {@link io.mcphost.bench.subject.Library} label ({@code mcphost}, {@code sdk-async}, {@code sdk-2026}, ...)
 * @param unit       unit of p50, p99 and mean
 * @param n          number of samples
 * @param p50        median sample
 * @param p99        99th percentile sample
 * @param mean       mean sample
 * @param vsSdk      McpHost / SDK sync (McpHost rows only)
 * @param vsSdkAsync McpHost / SDK async (McpHost rows only)
 * @param vsFloor    McpHost / floor (McpHost rows only)
 * @param vsTs       McpHost / the TypeScript SDK (McpHost rows only, where ts-sdk ran)
 * @param vsSdkModern McpHost / the SDK's 2026-07-28 client (McpHost rows only, where sdk-2026 ran)
 * @param note       anything else: calls per second, failures, heap, ...
 */
public record Row(String scenario, String variant, String library, String unit, int n, double p50, double p99,
                  double mean, double vsSdk, double vsSdkAsync, double vsFloor, double vsTs, double vsSdkModern, String note) {
    public Row {
        note = note == null ? "" : note;
    }

    /** A row without a ratio to the SDK's 2026-07-28 client (scenarios it does not run in). */
    public Row(String scenario, String variant, String library, String unit, int n, double p50, double p99,
               double mean, double vsSdk, double vsSdkAsync, double vsFloor, double vsTs, String note) {
        this(scenario, variant, library, unit, n, p50, p99, mean, vsSdk, vsSdkAsync, vsFloor, vsTs, Double.NaN, note);
    }

    /** A row without a ts-sdk ratio (scenarios the TypeScript SDK does not run in). */
    public Row(String scenario, String variant, String library, String unit, int n, double p50, double p99,
               double mean, double vsSdk, double vsSdkAsync, double vsFloor, String note) {
        this(scenario, variant, library, unit, n, p50, p99, mean, vsSdk, vsSdkAsync, vsFloor, Double.NaN, Double.NaN, note);
    }

    /** A row with no samples, only a note (a failure, or a measurement that is a single value). */
    public static Row note(String scenario, String variant, String library, String note) {
        return new Row(scenario, variant, library, "", 0, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, note);
    }
}
