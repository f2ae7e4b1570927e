package io.mcphost.cli;

import io.mcphost.protocol.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds a tool's arguments object from {@code key=value} words and an optional JSON object.
 * A value that reads as JSON (number, boolean, null, object, array, quoted string) is taken as
 * that JSON; anything else is a string. {@code key=value} words win over the JSON object.
 */
final class ToolArguments {

    private ToolArguments() {
    }

    /** @throws IllegalArgumentException when a word has no '=' or the JSON is not an object */
    static ObjectNode parse(List<String> keyValues, String json) {
        ObjectNode arguments = Json.newObject();
        if (json != null && !json.isBlank()) {
            JsonNode tree;
            try {
                tree = Json.parse(json);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--json is " + e.getMessage());
            }
            if (!tree.isObject()) {
                throw new IllegalArgumentException("--json must be a JSON object, got " + tree.getNodeType());
            }
            arguments.setAll((ObjectNode) tree);
        }
        for (String word : keyValues) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + word + "'");
            }
            arguments.set(word.substring(0, eq), value(word.substring(eq + 1)));
        }
        return arguments;
    }

    /** String pairs for prompts, whose arguments are always strings. */
    static Map<String, String> strings(List<String> keyValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String word : keyValues) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + word + "'");
            }
            map.put(word.substring(0, eq), word.substring(eq + 1));
        }
        return map;
    }

    private static JsonNode value(String text) {
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            return JsonNodeFactory.instance.stringNode(text); // not JSON: a plain string
        }
    }
}
