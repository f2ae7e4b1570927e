package io.mcphost.cli;

import io.mcphost.protocol.Json;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds a tool's arguments object from {@code key=value} words and an optional JSON object;
 * {@code key=value} words win over the JSON object. Each value is typed by the tool's input schema
 * when the schema gives its property a {@code type}: a {@code string} is always the text as written
 * ({@code content=123} is {@code "123"}), an {@code integer}, {@code number}, {@code boolean} or
 * {@code null} is parsed, an {@code array} or {@code object} is JSON; a value that fits none of the
 * property's types is refused, naming the parameter, the type and the value. A property without a
 * schema or a type (or with a type JSON Schema does not define) keeps the guess made without a
 * schema: a value that reads as JSON (number, boolean, null, object, array, quoted string) is that
 * JSON, anything else a string. The JSON object's values are taken as given.
 */
final class ToolArguments {
    /** The types JSON Schema defines; a property naming another is typed by guessing. */
    private static final Set<String> JSON_TYPES = Set.of("string", "integer", "number", "boolean", "null", "array", "object");
    /**
     * The longest text read as an integer: parsing decimal digits is quadratic in their number, and no tool takes
     * an integer of more digits (Jackson's own limit for a number in JSON is 1,000).
     */
    private static final int MAX_INTEGER_CHARS = 1_000;
    /** How much of a refused value the message quotes. */
    private static final int QUOTED_CHARS = 60;

    private ToolArguments() {
    }

    /**
     * The arguments without a schema: every value typed by guessing.
     *
     * @throws IllegalArgumentException when a word has no '=' or the JSON is not an object
     */
    static ObjectNode parse(List<String> keyValues, String json) {
        return parse(keyValues, json, null);
    }

    /**
     * The arguments, each {@code key=value} typed by its property in {@code inputSchema}.
     *
     * @param inputSchema the tool's input schema, or null (then as {@link #parse(List, String)})
     * @throws IllegalArgumentException when a word has no '=', the JSON is not an object, or a value does not
     *                                  fit the type of its property
     */
    static ObjectNode parse(List<String> keyValues, String json, JsonNode inputSchema) {
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
        JsonNode properties = inputSchema == null ? null : inputSchema.path("properties");
        for (String word : keyValues) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + word + "'");
            }
            String key = word.substring(0, eq);
            String text = word.substring(eq + 1);
            List<String> types = properties == null ? List.of() : types(properties.path(key));
            arguments.set(key, types.isEmpty() ? guessed(text) : typed(key, text, types));
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

    /**
     * The JSON Schema types a property allows ({@code "type": "integer"} or {@code ["integer", "null"]}); empty
     * when it names none, or one this class does not know, so that the value is guessed as without a schema.
     */
    private static List<String> types(JsonNode property) {
        JsonNode type = property.path("type");
        List<String> types = new ArrayList<>();
        if (type.isString()) {
            types.add(type.stringValue());
        } else if (type.isArray()) {
            type.values().forEach(t -> types.add(t.isString() ? t.stringValue() : ""));
        }
        return JSON_TYPES.containsAll(types) ? types : List.of();
    }

    /**
     * The value as the first of {@code types} (in the schema's order) that can read it; a string, which reads any
     * text, only when no other type does, so that {@code ["integer", "string"]} makes {@code 7} a number. Whatever
     * the guess reads as one of the types stays that value.
     */
    private static JsonNode typed(String key, String text, List<String> types) {
        JsonNode json = types.equals(List.of("string")) ? null : json(text); // a string needs no parsing
        for (String type : types) {
            JsonNode value = type.equals("string") ? null : read(type, text, json);
            if (value != null) {
                return value;
            }
        }
        if (types.contains("string")) {
            return JsonNodeFactory.instance.stringNode(text);
        }
        String quoted = text.length() > QUOTED_CHARS ? text.substring(0, QUOTED_CHARS) + "…" : text;
        throw new IllegalArgumentException("parameter '" + key + "' takes " + String.join(" or ",
                types.stream().map(ToolArguments::described).toList()) + ", not '" + quoted + "'");
    }

    /**
     * The text as a value of one non-string type, or null when it is not one: its JSON ({@code json}, null when it
     * is not JSON) when that is of the type; else, for a number, decimal digits JSON refuses ({@code 007},
     * {@code +7}), and for a boolean, {@code true} or {@code false} in any case.
     */
    private static JsonNode read(String type, String text, JsonNode json) {
        return switch (type) {
            case "integer" -> json != null && json.isIntegralNumber() ? json : integer(text);
            case "number" -> json != null && isFinite(json) ? json : integer(text);
            case "boolean" -> json != null && json.isBoolean() ? json : text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
                    ? JsonNodeFactory.instance.booleanNode(text.equalsIgnoreCase("true")) : null;
            case "null" -> json != null && json.isNull() ? json : null;
            case "array" -> json != null && json.isArray() ? json : null;
            case "object" -> json != null && json.isObject() ? json : null;
            default -> throw new IllegalStateException("not a JSON Schema type: " + type); // types() keeps only those
        };
    }

    /**
     * Whether a node is a number JSON can write: any decimal (the codec reads fractions as {@code BigDecimal}, whose
     * exponent may be far beyond a double's: {@code 5e5601} is a valid JSON number), but no infinite or NaN double.
     */
    private static boolean isFinite(JsonNode json) {
        return json.isNumber() && (!(json.isDouble() || json.isFloat()) || Double.isFinite(json.doubleValue()));
    }

    /** A whole number in decimal digits (with an optional sign), as the smallest node that holds it; else null. */
    private static JsonNode integer(String text) {
        if (text.length() > MAX_INTEGER_CHARS) {
            return null;
        }
        BigInteger value;
        try {
            value = new BigInteger(text);
        } catch (NumberFormatException e) {
            return null;
        }
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return value.bitLength() < Integer.SIZE ? nodes.numberNode(value.intValue())
                : value.bitLength() < Long.SIZE ? nodes.numberNode(value.longValue()) : nodes.numberNode(value);
    }

    /** The JSON the text reads as, or null when it is not JSON. */
    private static JsonNode json(String text) {
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** What a usage error says a type takes. */
    private static String described(String type) {
        return switch (type) {
            case "integer" -> "an integer";
            case "number" -> "a number";
            case "boolean" -> "true or false";
            case "null" -> "null";
            case "array" -> "a JSON array ([...])";
            case "object" -> "a JSON object ({...})";
            default -> "a " + type;
        };
    }

    /** Without a type to go by: the JSON the text reads as, else the text. */
    private static JsonNode guessed(String text) {
        JsonNode json = json(text);
        return json != null ? json : JsonNodeFactory.instance.stringNode(text); // not JSON: a plain string
    }
}
