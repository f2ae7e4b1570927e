package io.mcphost.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes {@code mcphost call}'s and {@code mcphost prompt}'s {@code key=value} words and {@code --json}
 * (issue 31), without a schema and typed by one (issue 32). Allowed outcomes: the arguments, or the
 * {@link IllegalArgumentException} the commands turn into a usage error. Invariants without a schema: every
 * key is in the result with the value of its last word, which is the word's JSON when it parses, else the
 * word as a string; {@code strings} keeps every value as written. With a schema (each key's property typed
 * by its hash, so the fuzzer reaches every type by changing the key): a string property gets the text as
 * written; a property without a usable type gets the guess; any other gets a value of one of its types, the
 * guess itself whenever the guess is one of them, numbers equal to what the text says; a refusal names a
 * parameter whose types exclude string and whose guess is none of them.
 */
class ToolArgumentsFuzzTest {
    /** Property schemas the keys are typed by; null: the key is not in the schema. */
    private static final List<String> PROPERTIES = java.util.Arrays.asList(null, "{}", "{\"type\":\"string\"}",
            "{\"type\":\"integer\"}", "{\"type\":\"number\"}", "{\"type\":\"boolean\"}", "{\"type\":\"null\"}",
            "{\"type\":\"array\"}", "{\"type\":\"object\"}", "{\"type\":[\"integer\",\"null\"]}",
            "{\"type\":[\"integer\",\"string\"]}", "{\"type\":[\"boolean\",\"number\"]}", "{\"type\":\"file\"}",
            "{\"type\":[\"string\",7]}");

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
        typed(words, json, arguments);
    }

    /** The same words typed by a schema; {@code guessed} is what they gave without one (so their syntax is fine). */
    private static void typed(List<String> words, String json, ObjectNode guessed) {
        ObjectNode properties = Json.newObject();
        for (String word : words) {
            String key = word.substring(0, word.indexOf('='));
            String property = property(key);
            if (property != null) {
                properties.set(key, Json.parse(property));
            }
        }
        ObjectNode schema = Json.newObject();
        schema.set("properties", properties);
        ObjectNode arguments;
        try {
            arguments = ToolArguments.parse(words, json, schema);
        } catch (IllegalArgumentException refused) {
            String message = String.valueOf(refused.getMessage());
            for (String word : words) {
                String key = word.substring(0, word.indexOf('='));
                List<String> types = types(key);
                if (message.startsWith("parameter '" + key + "' takes ") && !types.isEmpty() && !types.contains("string")
                        && !isOneOf(guess(word.substring(word.indexOf('=') + 1)), types)) {
                    return;
                }
            }
            throw new AssertionError("refused without a parameter whose value fits none of its types: " + words, refused);
        }
        Map<String, String> last = new LinkedHashMap<>();
        for (String word : words) {
            int eq = word.indexOf('=');
            last.put(word.substring(0, eq), word.substring(eq + 1));
        }
        last.forEach((key, text) -> {
            JsonNode value = arguments.get(key);
            List<String> types = types(key);
            JsonNode guess = guessed.get(key);
            if (types.isEmpty()) {
                check(value.equals(guess), key, text, value, "the guess");
            } else if (types.equals(List.of("string"))) {
                check(value.isString() && value.stringValue().equals(text), key, text, value, "the text");
            } else {
                check(isOneOf(value, types), key, text, value, "one of " + types);
                check(!isOneOf(guess, types) || guess.isString() || value.equals(guess), key, text, value, "the guess " + guess);
                check(!value.isString() || value.stringValue().equals(text), key, text, value, "the text");
                check(!value.isIntegralNumber() || value.equals(guess) || value.bigIntegerValue().equals(new BigInteger(text)),
                        key, text, value, "the integer the text writes");
                check(!value.isFloatingPointNumber() || value.equals(guess), key, text, value, "the guess " + guess);
                check(!value.isBoolean() || value.equals(guess) || text.equalsIgnoreCase(String.valueOf(value.booleanValue())),
                        key, text, value, "the boolean the text writes");
                check(!value.isNull() || guess.isNull(), key, text, value, "null");
                check(!value.isContainer() || value.equals(guess), key, text, value, "the guess " + guess);
            }
        });
    }

    /** The schema of a key's property: chosen by its hash among {@link #PROPERTIES}. */
    private static String property(String key) {
        return PROPERTIES.get(Math.floorMod(key.hashCode(), PROPERTIES.size()));
    }

    /** The JSON Schema types a key's property allows; empty when it has none the CLI knows (then values are guessed). */
    private static List<String> types(String key) {
        String property = property(key);
        if (property == null || property.equals("{}") || property.contains("file") || property.contains("7")) {
            return List.of();
        }
        JsonNode type = Json.parse(property).get("type");
        if (type.isString()) {
            return List.of(type.stringValue());
        }
        List<String> types = new ArrayList<>();
        type.values().forEach(t -> types.add(t.stringValue()));
        return types;
    }

    private static boolean isOneOf(JsonNode value, List<String> types) {
        return types.stream().anyMatch(type -> switch (type) {
            case "string" -> value.isString();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber() && (!(value.isDouble() || value.isFloat()) || Double.isFinite(value.doubleValue()));
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            default -> false;
        });
    }

    private static JsonNode guess(String text) {
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException notJson) {
            return Json.valueToTree(text);
        }
    }

    private static void check(boolean holds, String key, String text, JsonNode value, String expected) {
        if (!holds) {
            throw new AssertionError(key + "=" + text + " gave " + value + ", expected " + expected);
        }
    }
}
