package io.mcphost.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfigException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link JsoncSyntax}: the first syntax error of a text, where it is and what was expected; and that it
 * speaks the parser's language exactly (a text is refused by one exactly when by the other), over every
 * one-character edit of real configurations.
 */
class JsoncSyntaxTest {
    private static final List<String> CONFIGS = List.of("""
            {
              // Claude Desktop
              "mcpServers": {
                "everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]},
                "remote": {"url": "https://example.com/mcp", "headers": {"X": "a\\"b\\u00e9\\\\"}, "timeout": -1.5e+3},
              },
            }
            """, """
            /* VS Code */ {"inputs": [{"id": "t", "type": "promptString", "password": true}],
             "servers": {"s": {"type": "stdio", "command": "x", "args": [0, -0, 10, 2.50, 1E9, null, false, [], {}],}}}
            """);

    private static Optional<JsoncSyntax.Problem> scan(String text) {
        return JsoncSyntax.firstProblem(text, 500);
    }

    private static String problem(String text) {
        JsoncSyntax.Problem p = scan(text).orElseThrow(() -> new AssertionError("no problem found in " + text));
        return p.line() + ":" + p.column() + ": " + p.what();
    }

    @Test
    void wellFormedTextsHaveNoProblem() {
        for (String config : CONFIGS) {
            assertThat(scan(config)).as(config).isEmpty();
        }
        assertThat(scan("")).isEmpty();
        assertThat(scan(" // only a comment")).isEmpty();
        assertThat(scan("[1,]\r\n// no newline at the end")).isEmpty();
        assertThat(scan("\"\\uD800\u2028\u007f\"")).isEmpty();
    }

    @Test
    void eachKindOfMistakeSaysWhereAndWhatWasExpected() {
        assertThat(problem("{\n  \"a\": 1\n  \"b\": 2\n}")).isEqualTo("3:3: expected ',' or '}' after an object member, found '\"'");
        assertThat(problem("[1 2]")).isEqualTo("1:4: expected ',' or ']' after an array element, found '2'");
        assertThat(problem("{\"command\" \"x\"}")).isEqualTo("1:12: expected ':' after the member name \"command\", found '\"'");
        assertThat(problem("{command: \"x\"}")).isEqualTo("1:2: expected a member name in double quotes or '}', found 'command'");
        assertThat(problem("{'a': 1}")).isEqualTo("1:2: expected a member name in double quotes or '}', found ''' (JSON strings"
                + " take double quotes)");
        assertThat(problem("{\"a\": }")).isEqualTo("1:7: expected a value (a string, number, object, array, true, false or null),"
                + " found '}'");
        assertThat(problem("[True]")).endsWith("found 'True'");
        assertThat(problem("[,]")).startsWith("1:2: expected a value");
        assertThat(problem("{\"a\": 1}\n}")).isEqualTo("2:1: expected the end of the file after the top-level value, found '}'"
                + " (one too many?)");
        assertThat(problem("{} x")).isEqualTo("1:4: expected the end of the file after the top-level value, found 'x'");
    }

    @Test
    void stringsSayWhereTheyStarted() {
        assertThat(problem("{\n  \"command\": \"npx,\n  \"args\": []\n}"))
                .isEqualTo("2:19: expected '\"' to close the string that starts at line 2, column 14, found the end of the line");
        assertThat(problem("[\"abc")).isEqualTo("1:6: expected '\"' to close the string that starts at line 1, column 2,"
                + " found the end of the file");
        assertThat(problem("[\"C:\\Users\"]")).isEqualTo("1:6: expected an escape after '\\' (\\\" \\\\ \\/ \\b \\f \\n \\r \\t"
                + " or \\uXXXX), found 'U' (a backslash itself is written \\\\, as in C:\\\\Users)");
        assertThat(problem("[\"\\u12G4\"]")).isEqualTo("1:7: expected four hex digits after '\\u', found 'G'");
        assertThat(problem("[\"a\tb\"]")).isEqualTo("1:4: found the control character U+0009 inside a string (write it as an"
                + " escape, such as \\t)");
    }

    @Test
    void theEndOfTheFileNamesTheBracketLeftOpen() {
        assertThat(problem("{\n  \"mcpServers\": {\n    \"demo\": {\"command\": \"x\"}\n"))
                .isEqualTo("4:1: expected ',' or '}' after an object member, found the end of the file (the '{' at line 2,"
                        + " column 17 is not closed)");
        assertThat(problem("[1,")).isEqualTo("1:4: expected a value (a string, number, object, array, true, false or null),"
                + " found the end of the file (the '[' at line 1, column 1 is not closed)");
        assertThat(problem("{} /* open")).isEqualTo("1:11: expected '*/' to close the comment that starts at line 1, column 4,"
                + " found the end of the file");
    }

    @Test
    void numbersCommentsAndInvisibleCharacters() {
        assertThat(problem("[01]")).isEqualTo("1:2: a number cannot start with a leading zero");
        assertThat(problem("[1.]")).isEqualTo("1:4: expected a digit after the decimal point, found ']'");
        assertThat(problem("[1e+]")).isEqualTo("1:5: expected a digit in the exponent, found ']'");
        assertThat(problem("[-x]")).isEqualTo("1:3: expected a digit after '-', found 'x'");
        assertThat(problem("{} /x")).isEqualTo("1:5: expected '/' or '*' after '/' to start a comment, found 'x'");
        assertThat(problem("{} // a\u0001b")).isEqualTo("1:8: found the control character U+0001 inside a comment");
        assertThat(problem("/*\n\u0000*/{}")).isEqualTo("2:1: found the control character U+0000 inside a comment");
        assertThat(problem("\r\n\r[\u00a0]")).isEqualTo("3:2: expected a value (a string, number, object, array, true, false"
                + " or null), found the invisible character U+00A0");
        assertThat(problem("[" + "x".repeat(13) + "]")).endsWith("found an unquoted word");
        assertThat(problem("[".repeat(501) + "]".repeat(501))).isEqualTo("1:501: found '[' nested deeper than the 500 levels"
                + " allowed");
        assertThat(scan("[".repeat(500) + "]".repeat(500))).isEmpty();
    }

    /** Every one-character deletion, and insertion of a character that matters, of real configurations. */
    @Test
    void theScanRefusesExactlyWhatTheParserRefuses() {
        String inserted = ",\"{}[]:/*\\'x0-.eE\n \t\u00a0\u0001";
        List<String> texts = new ArrayList<>();
        for (String config : CONFIGS) {
            for (int i = 0; i <= config.length(); i++) {
                if (i < config.length()) {
                    texts.add(config.substring(0, i) + config.substring(i + 1));
                }
                for (char c : inserted.toCharArray()) {
                    texts.add(config.substring(0, i) + c + config.substring(i));
                }
            }
        }
        int refused = 0;
        for (String text : texts) {
            String parser = parserSays(text);
            if (parser != null && parser.contains("Duplicate Object property")) {
                continue; // no syntax error: the scan does not look for repeated names
            }
            assertThat(scan(text).isPresent()).as("%s%nthe parser: %s", text, parser).isEqualTo(parser != null);
            if (parser != null) {
                refused++;
                assertThat(parser).as(text).startsWith("mcp.json: is not valid JSON at line ")
                        .doesNotContain("REDACTED", "StreamReadFeature", "#UNKNOWN", "byte offset", "`", "Exception");
            }
        }
        assertThat(refused).isGreaterThan(texts.size() / 3);
    }

    /** The loader's message when the parser refused the text, or null when it read it (whatever the loader made of it then). */
    private static String parserSays(String text) {
        try {
            ConfigTreeReader.read(text, "mcp.json", Optional.empty(), Path.of("/tmp"), Map.<String, String>of()::get, null,
                    file -> List.of());
            return null;
        } catch (McpConfigException e) {
            return e.getMessage().startsWith("mcp.json: is not valid JSON") ? e.getMessage() : null;
        }
    }
}
