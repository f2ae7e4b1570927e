package io.mcphost.bench;

import io.mcphost.bench.scenario.Row;
import io.mcphost.bench.subject.Library;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table as SVG charts, written beside the JSON file by the same run: per-call latency
 * percentiles per library, throughput by callers, and the client's CPU per call by callers. Plain
 * strings, no library: each chart is a standalone, well-formed SVG document with one
 * {@code <g class="series" data-library="...">} per library, so a README can embed it and a test can
 * count its series. Stateless.
 */
final class Charts {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 380;
    private static final int LEFT = 70;
    private static final int RIGHT = 150;
    private static final int TOP = 56;
    private static final int BOTTOM = 56;
    private static final Pattern CALLS = Pattern.compile("(\\d+(?:\\.\\d+)?) calls/s");
    private static final Pattern CPU = Pattern.compile("CPU (\\d+(?:\\.\\d+)?) us/call");
    private static final Pattern CALLERS = Pattern.compile("callers=(\\d+)");

    private Charts() {
    }

    /**
     * Writes the charts that {@code rows} have data for beside {@code json} ({@code NAME-latency.svg},
     * {@code NAME-throughput.svg}, {@code NAME-cpu.svg} for {@code NAME.json}); returns their paths.
     */
    static List<Path> write(List<Row> rows, Path json, String subtitle) throws IOException {
        Path dir = json.toAbsolutePath().getParent();
        String base = json.getFileName().toString().replaceFirst("\\.json$", "");
        Map<String, String> charts = new LinkedHashMap<>();
        charts.put("latency", latency(rows, subtitle));
        charts.put("throughput", byCallers(rows, CALLS, "Throughput over stdio (calls/s, higher is better)", subtitle));
        charts.put("cpu", byCallers(rows, CPU, "Client CPU per call over stdio (µs, lower is better)", subtitle));
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> chart : charts.entrySet()) {
            if (chart.getValue() != null) {
                Path file = dir.resolve(base + "-" + chart.getKey() + ".svg");
                Files.writeString(file, chart.getValue());
                written.add(file);
            }
        }
        return written;
    }

    /**
     * Grouped bars: p50 and p99 of each variant of the sequential round trips (or, in a run without
     * them, of the throughput settings), one bar per library; null when no row has samples.
     */
    static String latency(List<Row> rows, String subtitle) {
        String scenario = rows.stream().anyMatch(r -> r.scenario().equals("roundtrip") && r.n() > 0) ? "roundtrip" : "throughput";
        Map<String, Map<String, Double>> byLibrary = new LinkedHashMap<>(); // library -> category -> µs
        Set<String> categories = new LinkedHashSet<>();
        for (Row row : rows) {
            if (row.scenario().equals(scenario) && row.n() > 0 && row.unit().equals("us")) {
                String variant = row.variant().replace("stdio server=", "server ").replaceAll("^callers=(\\d+)$", "$1 callers");
                categories.add(variant + " p50");
                categories.add(variant + " p99");
                Map<String, Double> values = byLibrary.computeIfAbsent(row.library(), l -> new LinkedHashMap<>());
                values.put(variant + " p50", row.p50());
                values.put(variant + " p99", row.p99());
            }
        }
        if (byLibrary.isEmpty()) {
            return null;
        }
        String title = (scenario.equals("roundtrip") ? "Sequential round trip over stdio" : "Per-call latency under load over stdio")
                + " (µs, log scale, lower is better)";
        return bars(title, subtitle, List.copyOf(categories), ordered(byLibrary));
    }

    /** Lines over the throughput scenario's caller counts of the value {@code pattern} reads from each row's note; null when none. */
    static String byCallers(List<Row> rows, Pattern pattern, String title, String subtitle) {
        Map<String, Map<String, Double>> byLibrary = new LinkedHashMap<>();
        Set<Integer> callers = new java.util.TreeSet<>();
        for (Row row : rows) {
            Matcher c = CALLERS.matcher(row.variant());
            Matcher v = pattern.matcher(row.note());
            if (row.scenario().equals("throughput") && c.find() && v.find()) {
                callers.add(Integer.parseInt(c.group(1)));
                byLibrary.computeIfAbsent(row.library(), l -> new LinkedHashMap<>()).put(c.group(1), Double.parseDouble(v.group(1)));
            }
        }
        if (byLibrary.isEmpty()) {
            return null;
        }
        return lines(title, subtitle, callers.stream().map(String::valueOf).toList(), ordered(byLibrary));
    }

    /** The libraries in {@link Library} order (unknown labels last), so colours and legends agree across charts. */
    private static Map<String, Map<String, Double>> ordered(Map<String, Map<String, Double>> byLibrary) {
        Map<String, Map<String, Double>> ordered = new LinkedHashMap<>();
        for (Library library : Library.values()) {
            if (byLibrary.containsKey(library.label())) {
                ordered.put(library.label(), byLibrary.get(library.label()));
            }
        }
        byLibrary.forEach(ordered::putIfAbsent);
        return ordered;
    }

    /**
     * Where values sit on the y axis: linear from 0 to {@code max}, or logarithmic over whole decades
     * (latencies: a p99 may be 100× its p50, and both must stay readable).
     */
    record Scale(double min, double max, boolean log) {
        static Scale linear(Map<String, Map<String, Double>> series) {
            return new Scale(0, niceMax(series), false);
        }

        static Scale logarithmic(Map<String, Map<String, Double>> series) {
            double lo = values(series).filter(v -> v > 0).min().orElse(1);
            double hi = values(series).max().orElse(10);
            double min = Math.pow(10, Math.floor(Math.log10(lo)));
            double max = Math.pow(10, Math.ceil(Math.log10(hi)));
            return new Scale(min, max > min ? max : min * 10, true);
        }

        /** The fraction of the plot's height at which {@code value} sits, 0 (bottom) to 1. */
        double fraction(double value) {
            if (log) {
                return value <= min ? 0 : Math.log10(value / min) / Math.log10(max / min);
            }
            return value / max;
        }

        /** The grid lines' values: every decade, or five even steps. */
        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                for (double v = min; v <= max * 1.001; v *= 10) {
                    ticks.add(v);
                }
            } else {
                for (int i = 0; i <= 5; i++) {
                    ticks.add(max * i / 5);
                }
            }
            return ticks;
        }
    }

    private static java.util.stream.DoubleStream values(Map<String, Map<String, Double>> series) {
        return series.values().stream().flatMap(m -> m.values().stream()).filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue);
    }

    private static String bars(String title, String subtitle, List<String> categories, Map<String, Map<String, Double>> series) {
        Scale scale = Scale.logarithmic(series);
        StringBuilder svg = open(title, subtitle);
        axes(svg, scale, categories, true);
        double slot = plotWidth() / (double) categories.size();
        double bar = Math.min(18, (slot - 8) / series.size());
        int s = 0;
        for (Map.Entry<String, Map<String, Double>> entry : series.entrySet()) {
            svg.append("<g class=\"series\" data-library=\"").append(escape(entry.getKey())).append("\" fill=\"")
                    .append(colour(entry.getKey(), s)).append("\">\n");
            for (int c = 0; c < categories.size(); c++) {
                Double value = entry.getValue().get(categories.get(c));
                if (value == null || value.isNaN()) {
                    continue;
                }
                double x = LEFT + c * slot + (slot - bar * series.size()) / 2 + s * bar;
                double h = scale.fraction(value) * plotHeight();
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>%s %s: %s</title></rect>%n",
                        x, TOP + plotHeight() - h, bar - 1, h, escape(entry.getKey()), escape(categories.get(c)), number(value)));
            }
            svg.append("</g>\n");
            s++;
        }
        legend(svg, series);
        return svg.append("</svg>\n").toString();
    }

    private static String lines(String title, String subtitle, List<String> categories, Map<String, Map<String, Double>> series) {
        Scale scale = Scale.linear(series);
        StringBuilder svg = open(title, subtitle);
        axes(svg, scale, categories.stream().map(c -> c + " callers").toList(), false);
        double slot = plotWidth() / (double) categories.size();
        int s = 0;
        for (Map.Entry<String, Map<String, Double>> entry : series.entrySet()) {
            String colour = colour(entry.getKey(), s);
            svg.append("<g class=\"series\" data-library=\"").append(escape(entry.getKey())).append("\" stroke=\"")
                    .append(colour).append("\" fill=\"").append(colour).append("\">\n");
            StringBuilder points = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (int c = 0; c < categories.size(); c++) {
                Double value = entry.getValue().get(categories.get(c));
                if (value == null || value.isNaN()) {
                    continue;
                }
                double x = LEFT + c * slot + slot / 2;
                double y = TOP + plotHeight() - scale.fraction(value) * plotHeight();
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"><title>%s, %s callers: %s</title></circle>%n",
                        x, y, escape(entry.getKey()), categories.get(c), number(value)));
            }
            svg.append("<polyline fill=\"none\" stroke-width=\"2\" points=\"").append(points.toString().trim()).append("\"/>\n");
            svg.append(dots).append("</g>\n");
            s++;
        }
        legend(svg, series);
        return svg.append("</svg>\n").toString();
    }

    private static StringBuilder open(String title, String subtitle) {
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        svg.append("<text x=\"").append(LEFT).append("\" y=\"18\" font-size=\"14\" font-weight=\"bold\">").append(escape(title)).append("</text>\n");
        if (subtitle != null && !subtitle.isBlank()) {
            svg.append("<text x=\"").append(LEFT).append("\" y=\"34\" fill=\"#555\" font-size=\"10\">").append(escape(subtitle)).append("</text>\n");
        }
        return svg;
    }

    /**
     * Horizontal grid lines with value labels, and the category labels under the plot. With
     * {@code grouped}, a label "GROUP LEAF" (e.g. "64 callers p99") shows LEAF under its own slot and
     * GROUP once on a second line, centred under the run of slots that share it, so neighbouring
     * labels do not collide.
     */
    private static void axes(StringBuilder svg, Scale scale, List<String> categories, boolean grouped) {
        svg.append("<g class=\"axes\" stroke=\"#ddd\" fill=\"#333\">\n");
        for (double value : scale.ticks()) {
            double y = TOP + plotHeight() - scale.fraction(value) * plotHeight();
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>%n", LEFT, y, LEFT + plotWidth(), y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" stroke=\"none\">%s</text>%n",
                    LEFT - 6, y + 4, number(value)));
        }
        double slot = plotWidth() / (double) categories.size();
        int first = 0;
        for (int c = 0; c < categories.size(); c++) {
            String label = categories.get(c);
            int cut = grouped ? label.lastIndexOf(' ') : -1;
            String group = cut < 0 ? "" : label.substring(0, cut);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" stroke=\"none\" font-size=\"11\">%s</text>%n",
                    LEFT + c * slot + slot / 2, TOP + plotHeight() + 16, escape(cut < 0 ? label : label.substring(cut + 1))));
            boolean last = c + 1 == categories.size() || !categories.get(c + 1).startsWith(group + " ");
            if (!group.isEmpty() && last) {
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" stroke=\"none\" font-size=\"11\">%s</text>%n",
                        LEFT + (first + c + 1) * slot / 2, TOP + plotHeight() + 32, escape(group)));
            }
            if (last) {
                first = c + 1;
            }
        }
        svg.append("</g>\n");
    }

    private static void legend(StringBuilder svg, Map<String, Map<String, Double>> series) {
        svg.append("<g class=\"legend\">\n");
        int s = 0;
        for (String library : series.keySet()) {
            int y = TOP + 10 + s * 20;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    WIDTH - RIGHT + 16, y - 10, colour(library, s)));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", WIDTH - RIGHT + 34, y, escape(library)));
            s++;
        }
        svg.append("</g>\n");
    }

    /** The smallest 1, 2 or 5 × 10^k at or above every value, so grid lines fall on round numbers. */
    static double niceMax(Map<String, Map<String, Double>> series) {
        double max = values(series).max().orElse(1);
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * magnitude >= max) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** A fixed colour per library, so the same library looks the same in every chart. */
    private static String colour(String library, int index) {
        return switch (library) {
            case "mcphost" -> "#1f77b4";
            case "mcphost-2026" -> "#17becf";
            case "sdk-sync" -> "#d62728";
            case "sdk-async" -> "#ff7f0e";
            case "sdk-2026" -> "#9467bd";
            case "ts-sdk" -> "#8c564b";
            case "floor" -> "#7f7f7f";
            default -> List.of("#2ca02c", "#e377c2", "#bcbd22").get(index % 3);
        };
    }

    private static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private static String number(double v) {
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.0fk", v / 1000);
        }
        return v >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** Text as XML character data or an attribute value. */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
