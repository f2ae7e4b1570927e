package io.mcphost.bench;

import io.mcphost.bench.scenario.Options;
import io.mcphost.bench.scenario.Row;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes results: one table for people, one JSON file for comparing commits (rows plus the
 * settings and machine they came from). Stateless.
 */
final class Report {
    private static final String FORMAT = "%-16s %-30s %-12s %6s %10s %10s %10s %-4s %8s %8s %8s %8s %8s  %s%n";

    private Report() {
    }

    static void table(List<Row> rows, PrintStream out) {
        out.printf(Locale.ROOT, FORMAT, "scenario", "variant", "library", "n", "p50", "p99", "mean", "unit",
                "x/sdk", "x/async", "x/sdk26", "x/floor", "x/ts", "notes");
        String previous = null;
        for (Row row : rows) {
            String key = row.scenario() + row.variant();
            if (previous != null && !previous.equals(key)) {
                out.println();
            }
            previous = key;
            out.printf(Locale.ROOT, FORMAT, row.scenario(), cut(row.variant(), 30), row.library(),
                    row.n() == 0 ? "" : Integer.toString(row.n()), number(row.p50()), number(row.p99()),
                    number(row.mean()), row.unit(), ratio(row.vsSdk()), ratio(row.vsSdkAsync()),
                    ratio(row.vsSdkModern()), ratio(row.vsFloor()), ratio(row.vsTs()), row.note());
        }
        out.println();
        out.println("x/sdk, x/async, x/sdk26, x/floor, x/ts: McpHost's per-round headline (mcphost rows: legacy era;"
                + " mcphost-2026 rows: 2026-07-28) divided by the other's in the same round, median over rounds;"
                + " below 1 = McpHost faster.");
    }

    static void json(List<Row> rows, Options options, Path file) throws IOException {
        json(rows, options, file, null);
    }

    /** As {@link #json(List, Options, Path)}, with {@code machine} ({@link #machine}: what the charts are subtitled with). */
    static void json(List<Row> rows, Options options, Path file, String machine) throws IOException {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        root.put("schema", "mcphost-bench/1");
        root.put("time", Instant.now().toString());
        root.put("commit", commit());
        root.put("java", System.getProperty("java.version"));
        root.put("officialSdk", officialSdkVersion());
        if (machine != null) {
            root.put("machine", machine);
        }
        root.put("cpus", Runtime.getRuntime().availableProcessors());
        root.put("quick", options.quick());
        root.put("rounds", options.rounds());
        root.put("throughputCalls", options.throughputCalls());
        ArrayNode list = root.putArray("rows");
        for (Row row : rows) {
            ObjectNode r = list.addObject();
            r.put("scenario", row.scenario());
            r.put("variant", row.variant());
            r.put("library", row.library());
            r.put("unit", row.unit());
            r.put("n", row.n());
            put(r, "p50", row.p50());
            put(r, "p99", row.p99());
            put(r, "mean", row.mean());
            put(r, "vsSdk", row.vsSdk());
            put(r, "vsSdkAsync", row.vsSdkAsync());
            put(r, "vsFloor", row.vsFloor());
            put(r, "vsTs", row.vsTs());
            put(r, "vsSdkModern", row.vsSdkModern());
            r.put("note", row.note());
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }

    /** The rows of a JSON file {@link #json} wrote (null values read back as NaN). */
    static List<Row> readRows(Path file) throws IOException {
        List<Row> rows = new java.util.ArrayList<>();
        for (tools.jackson.databind.JsonNode r : JsonMapper.builder().build().readTree(Files.readString(file)).path("rows")) {
            rows.add(new Row(r.path("scenario").asString(""), r.path("variant").asString(""), r.path("library").asString(""),
                    r.path("unit").asString(""), r.path("n").asInt(), number(r, "p50"), number(r, "p99"), number(r, "mean"),
                    number(r, "vsSdk"), number(r, "vsSdkAsync"), number(r, "vsFloor"), number(r, "vsTs"), number(r, "vsSdkModern"),
                    r.path("note").asString("")));
        }
        return rows;
    }

    /** The machine line of a JSON file {@link #json} wrote; for older files, one made of its commit, CPUs and JDK. */
    static String readMachine(Path file) throws IOException {
        tools.jackson.databind.JsonNode root = JsonMapper.builder().build().readTree(Files.readString(file));
        if (root.hasNonNull("machine")) {
            return root.path("machine").asString();
        }
        return "commit " + root.path("commit").asString("?") + ", " + root.path("cpus").asInt() + " CPUs, JDK "
                + root.path("java").asString("?");
    }

    private static double number(tools.jackson.databind.JsonNode row, String key) {
        tools.jackson.databind.JsonNode value = row.path(key);
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    /** The 1-minute load average of this machine, NaN where the JVM does not say. */
    static double loadAverage() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? Double.NaN : load;
    }

    /**
     * One line saying what a run measured on: commit, date, CPUs, JDK, the official SDK's version, and
     * the load average before and after it (the machine may be shared: the charts must say so).
     */
    static String machine(double loadBefore) {
        return String.format(Locale.ROOT, "commit %s, %s, %d CPUs, JDK %s, official SDK %s, load %.1f before / %.1f after",
                commit(), java.time.LocalDate.now(java.time.ZoneOffset.UTC), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), officialSdkVersion(), loadBefore, loadAverage());
    }

    /** The official SDK's version on the class path (from its jar's Maven metadata), or "unknown". */
    static String officialSdkVersion() {
        try (var in = Report.class.getResourceAsStream("/META-INF/maven/io.modelcontextprotocol.sdk/mcp-core/pom.properties")) {
            if (in == null) {
                return "unknown";
            }
            java.util.Properties properties = new java.util.Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void put(ObjectNode node, String key, double value) {
        // JSON has no NaN: "not measured" is null.
        if (Double.isNaN(value)) {
            node.putNull(key);
        } else {
            node.put(key, Math.round(value * 1000) / 1000.0);
        }
    }

    /** The checkout's HEAD, so results name the code they measured; "unknown" outside git. */
    private static String commit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes()).trim();
            return git.waitFor() == 0 && !out.isEmpty() ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
