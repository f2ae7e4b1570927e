package io.mcphost.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes {@code mcphost call}'s and {@code mcphost prompt}'s {@code key=value} words and {@code --json}
 * (issue 31). Allowed outcomes: the arguments, or the {@link IllegalArgumentException} the commands turn
 * into a usage error. Invariants: every key is in the result with the value of its last word, which is the
 * word's JSON when it parses, else the word as a string; {@code strings} keeps every value as written.
 */
class ToolArgumentsFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void parse(FuzzedDataProvider data) {
        String json = data.consumeBoolean() ? data.consumeString(500) : null;
        List<String> words = new ArrayList<>();
        int count = data.consumeInt(0, 6);
        for (int i = 0; i < count; i++) {
            words.add(i == count - 1 ? data.consumeRemainingAsString() : data.consumeString(200));
        }
        ObjectNode arguments;
        try {
            arguments = ToolArguments.parse(words, json);
        } catch (IllegalArgumentException usage) {
            if (usage.getMessage() == null) {
                throw new AssertionError("a usage error without a message", usage);
            }
            return;
        }
        Map<String, String> last = new LinkedHashMap<>();
        for (String word : words) {
            int eq = word.indexOf('=');
            last.put(word.substring(0, eq), word.substring(eq + 1));
        }
        last.forEach((key, text) -> {
            JsonNode expected;
            try {
                expected = Json.parse(text);
            } catch (IllegalArgumentException notJson) {
                expected = Json.valueToTree(text);
            }
            if (!expected.equals(arguments.get(key))) {
                throw new AssertionError(key + "=" + text + " gave " + arguments.get(key));
            }
        });
        if (!ToolArguments.strings(words).equals(last)) {
            throw new AssertionError("strings() differs from the words " + words);
        }
    }
}
