package io.mcphost.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A README code block preceded by {@code <!-- sample: mcphost-examples/.../X.java -->} must be that
 * program's text (blank lines and indentation aside), so the README shows only code that compiles
 * and that {@link ExamplesTest} runs.
 */
class ReadmeSamplesTest {
    private static final Pattern SAMPLE = Pattern.compile("<!-- sample: (\\S+) -->\\s*```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyMarkedReadmeSampleIsTheCompiledProgram() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        String readme = Files.readString(root.resolve("README.md"));
        Matcher m = SAMPLE.matcher(readme);
        List<String> checked = new ArrayList<>();
        while (m.find()) {
            Path source = root.resolve(m.group(1));
            assertThat(source).as("README names a sample that does not exist").isRegularFile();
            assertThat(normalise(Files.readString(source))).as(m.group(1)).contains(normalise(m.group(2)));
            checked.add(m.group(1));
        }
        assertThat(checked).as("marked samples in README.md").hasSizeGreaterThanOrEqualTo(12);
    }

    /** Lines stripped, blank ones dropped: the README may indent or space a sample differently. */
    private static String normalise(String code) {
        return String.join("\n", code.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
    }
}
