package io.mcphost.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A code block of README.md or of a docs/*.md page preceded by
 * {@code <!-- sample: mcphost-examples/.../X.java -->} must be that program's text (blank lines and
 * indentation aside), so the documentation shows only code that compiles and that {@link ExamplesTest}
 * runs. The path in the marker is relative to the repository root, wherever the page is.
 */
class ReadmeSamplesTest {
    private static final Pattern SAMPLE = Pattern.compile("<!-- sample: (\\S+) -->\\s*```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyMarkedSampleInTheReadmeAndDocsIsTheCompiledProgram() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> checked = new ArrayList<>();
        for (Path page : pages(root)) {
            String name = root.relativize(page).toString();
            Matcher m = SAMPLE.matcher(Files.readString(page));
            while (m.find()) {
                Path source = root.resolve(m.group(1));
                assertThat(source).as(name + " names a sample that does not exist: " + m.group(1)).isRegularFile();
                assertThat(normalise(Files.readString(source))).as(name + ": " + m.group(1)).contains(normalise(m.group(2)));
                checked.add(name + " " + m.group(1));
            }
        }
        assertThat(checked).as("marked samples in README.md and docs/*.md").hasSizeGreaterThanOrEqualTo(12);
    }

    /** README.md, then every docs/*.md page (the front page moved its depth there), in name order. */
    private static List<Path> pages(Path root) throws Exception {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Lines stripped, blank ones dropped: a page may indent or space a sample differently. */
    private static String normalise(String code) {
        return String.join("\n", code.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
    }
}
