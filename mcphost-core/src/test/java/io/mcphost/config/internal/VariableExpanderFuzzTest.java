package io.mcphost.config.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.config.InputDefinition;
import io.mcphost.config.McpConfigException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fuzzes {@code ${…}} substitution (issue 31): any value, with an environment whose values are fuzzed too.
 * Allowed outcomes: the expanded text or a {@link McpConfigException}. Invariants: a value without
 * {@code $} is returned as it is, an input is asked for at most once per expander (until an error, which
 * ends the load), and an expanded value
 * never holds an environment or input value the text did not refer to (checked by a value that appears nowhere).
 */
class VariableExpanderFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void expand(FuzzedDataProvider data) {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", data.consumeString(32));
        env.put("EMPTY", "");
        env.put("NEVER_USED", "\u0000never\u0000");
        Map<String, Integer> asked = new HashMap<>();
        Map<String, InputDefinition> declared = Map.of("key", new InputDefinition("key", "promptString",
                Optional.of("API key"), true, Optional.empty(), List.of()));
        VariableExpander vars = new VariableExpander("mcp.json", env::get, definition -> {
            if (asked.merge(definition.id(), 1, Integer::sum) > 1) {
                throw new AssertionError("input " + definition.id() + " was asked for twice");
            }
            return switch (definition.id()) {
                case "unanswered" -> null;
                case "broken" -> throw new IllegalStateException("the console is closed");
                default -> "answer";
            };
        }, declared, Map.of("workspaceFolder", "/ws", "userHome", "/home/ada"));
        int values = data.consumeInt(1, 3);
        for (int i = 0; i < values; i++) {
            String value = i == values - 1 ? data.consumeRemainingAsString() : data.consumeString(200);
            String expanded;
            try {
                expanded = vars.expand(value, "server", "args[" + i + "]");
            } catch (McpConfigException expected) {
                return; // the load fails here: nothing else in the file is expanded
            }
            if (value.indexOf('$') < 0 && !expanded.equals(value)) {
                throw new AssertionError("a value without '$' changed: " + value + " -> " + expanded);
            }
            if (expanded.contains("\u0000never\u0000") && !value.contains("NEVER_USED") && !value.contains("\u0000never")
                    && !env.get("HOME").contains("\u0000never")) {
                throw new AssertionError("an unreferenced variable leaked into " + value);
            }
        }
    }
}
