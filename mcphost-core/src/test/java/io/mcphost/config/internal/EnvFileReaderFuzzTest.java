package io.mcphost.config.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes the {@code envFile} (dotenv) reader (issue 31): any file content, split into lines as
 * {@code Files.readAllLines} does. Allowed outcomes: the variables, or {@link EnvFileReader.MalformedLine}
 * (which the loader turns into a {@code McpConfigException} naming the file). Invariants: every name is a
 * valid variable name, and a malformed line's number is within the file.
 */
class EnvFileReaderFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        List<String> lines = lines(new String(input, StandardCharsets.UTF_8));
        Map<String, String> vars;
        try {
            vars = EnvFileReader.parse(lines);
        } catch (EnvFileReader.MalformedLine expected) {
            if (expected.line() < 1 || expected.line() > lines.size()) {
                throw new AssertionError("line " + expected.line() + " of a file of " + lines.size());
            }
            return;
        }
        for (Map.Entry<String, String> e : vars.entrySet()) {
            if (!e.getKey().matches("[A-Za-z_][A-Za-z0-9_.]*") || e.getValue() == null) {
                throw new AssertionError("accepted " + e);
            }
        }
    }

    /** Lines as {@code Files.readAllLines} splits them: at \n, \r and \r\n. */
    private static List<String> lines(String text) {
        try (BufferedReader reader = new BufferedReader(new StringReader(text))) {
            return reader.lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
