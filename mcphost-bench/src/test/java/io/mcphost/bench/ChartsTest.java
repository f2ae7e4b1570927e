package io.mcphost.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.bench.scenario.Row;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The charts are well-formed SVG with one series per library, written beside the JSON file. */
class ChartsTest {
    private static final List<String> LIBRARIES = List.of("mcphost", "mcphost-2026", "sdk-async", "sdk-2026", "floor");

    @Test
    void latencyChartIsWellFormedSvgWithASeriesPerLibrary() throws Exception {
        Document svg = parse(Charts.latency(rows(), "a <machine> & its load"));

        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(seriesLibraries(svg)).containsExactlyElementsOf(LIBRARIES);
        assertThat(svg.getDocumentElement().getTextContent()).contains("Sequential round trip", "a <machine> & its load", "floor p99");
    }

    @Test
    void throughputChartHasALinePerLibraryOverTheCallerCounts() throws Exception {
        Document svg = parse(Charts.byCallers(rows(), java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?) calls/s"), "Throughput", ""));

        assertThat(seriesLibraries(svg)).containsExactlyElementsOf(LIBRARIES);
        NodeList points = svg.getElementsByTagNameNS("*", "circle");
        assertThat(points.getLength()).as("one point per library and caller count").isEqualTo(LIBRARIES.size() * 3);
        assertThat(svg.getDocumentElement().getTextContent()).contains("16 callers", "256 callers");
    }

    @Test
    void writeNamesTheChartsAfterTheJsonFileAndSkipsChartsWithoutData(@TempDir Path dir) throws Exception {
        List<Path> written = Charts.write(rows(), dir.resolve("bench-results.json"), "machine");

        assertThat(written).extracting(p -> p.getFileName().toString())
                .containsExactly("bench-results-latency.svg", "bench-results-throughput.svg", "bench-results-cpu.svg");
        for (Path file : written) {
            assertThat(seriesLibraries(parse(Files.readString(file)))).containsExactlyElementsOf(LIBRARIES);
        }
        List<Row> noThroughput = rows().stream().filter(r -> r.scenario().equals("roundtrip")).toList();
        assertThat(Charts.write(noThroughput, dir.resolve("other.json"), "machine")).hasSize(1);
    }

    @Test
    void aSavedRunRedrawsTheSameCharts(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("run.json");
        Report.json(rows(), io.mcphost.bench.scenario.Options.smoke(), json, "commit x, load 1.0 before / 2.0 after");

        List<Row> read = Report.readRows(json);

        assertThat(Report.readMachine(json)).isEqualTo("commit x, load 1.0 before / 2.0 after");
        assertThat(Charts.latency(read, "m")).isEqualTo(Charts.latency(rows(), "m"));
        assertThat(read).extracting(Row::note).containsExactlyElementsOf(rows().stream().map(Row::note).toList());
        assertThat(read.getFirst().vsSdkModern()).isNaN();
    }

    /** Roundtrip rows and throughput rows at 16/64/256 callers, for every library, as the scenarios write them. */
    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        int i = 1;
        for (String library : LIBRARIES) {
            rows.add(new Row("roundtrip", "stdio server=floor", library, "us", 100, 20 * i, 80 * i, 30 * i,
                    Double.NaN, Double.NaN, Double.NaN, ""));
            for (int callers : new int[] {16, 64, 256}) {
                rows.add(new Row("throughput", "callers=" + callers, library, "us", 1000, 100, 900, 200,
                        Double.NaN, Double.NaN, Double.NaN, "in a JVM of its own; " + (callers * 1000 / i) + " calls/s; CPU "
                        + (10.5 * i) + " us/call"));
            }
            i++;
        }
        rows.add(Row.note("throughput", "callers=16", "ts-sdk", "skipped: node not found")); // no data: no series
        return rows;
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> seriesLibraries(Document svg) {
        List<String> libraries = new ArrayList<>();
        NodeList groups = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("series")) {
                libraries.add(g.getAttribute("data-library"));
            }
        }
        return libraries;
    }
}
