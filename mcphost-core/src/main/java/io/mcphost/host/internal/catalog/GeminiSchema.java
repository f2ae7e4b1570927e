package io.mcphost.host.internal.catalog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a tool's JSON Schema into the OpenAPI 3.0 subset that Gemini accepts for function
 * parameters, which answers 400 to anything else ("Unknown name \"additionalProperties\"",
 * "properties: should be non-empty for OBJECT type", "only 'enum' and 'date-time' are supported for
 * STRING type"). Stateless; never changes its input.
 *
 * <p>What it does, recursively through {@code properties}, {@code items} and {@code anyOf}:
 * <ul>
 *   <li>keeps only {@code type, format, description, nullable, enum, properties, required, items,
 *       anyOf, minItems, maxItems, minLength, maxLength, pattern, minimum, maximum, minProperties,
 *       maxProperties, propertyOrdering}; drops everything else, such as {@code $schema},
 *       {@code additionalProperties}, {@code title}, {@code default}, {@code examples},
 *       {@code exclusiveMinimum}, {@code $defs} and {@code $comment}; a kept key whose value is an object
 *       (or an array of anything but strings) is dropped too, as Gemini would refuse it;</li>
 *   <li>inlines local {@code $ref}s ({@code #/$defs/...}, {@code #/definitions/...}); a recursive
 *       reference becomes a plain {@code {"type":"object"}};</li>
 *   <li>turns {@code "type": ["string","null"]} and an {@code anyOf}/{@code oneOf} branch
 *       {@code {"type":"null"}} into {@code "nullable": true}; merges a single remaining branch, and a
 *       single-entry {@code allOf}, into the schema; turns a string {@code const} into a one-value
 *       {@code enum};</li>
 *   <li>keeps {@code enum} only when every value is a string; keeps {@code format} only where Gemini
 *       supports it (strings: {@code enum}, {@code date-time}; numbers: {@code float}, {@code double};
 *       integers: {@code int32}, {@code int64}); once 200,000 enum values have been copied for one tool
 *       (a large enum behind a reference used many times), further enums are left out;</li>
 *   <li>drops {@code properties}/{@code required} from non-object schemas, {@code items} from
 *       non-array ones, an empty {@code properties}, and {@code required} names with no property.</li>
 * </ul>
 */
public final class GeminiSchema {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 32;
    /** Schemas converted per tool at most; a tree of references can otherwise grow without bound. */
    private static final int MAX_NODES = 5_000;
    /**
     * Enum values (and string arrays) copied per tool at most: beyond it an {@code enum} is left out, so a
     * one-megabyte enum referenced from a thousand properties cannot make a gigabyte of output.
     */
    private static final long MAX_COPIED_VALUES = 200_000;
    /** A list, not a set: the output's key order must not vary between runs (LLM prompt caches key on the bytes). */
    private static final List<String> COPIED = List.of("description", "minItems", "maxItems", "minLength", "maxLength",
            "pattern", "minimum", "maximum", "minProperties", "maxProperties", "propertyOrdering");
    private static final Map<String, Set<String>> FORMATS = Map.of("string", Set.of("enum", "date-time"),
            "number", Set.of("float", "double"), "integer", Set.of("int32", "int64"));

    private GeminiSchema() {}

    /** The Gemini form of a tool's input schema; always an object schema. */
    public static ObjectNode of(JsonNode inputSchema) {
        ObjectNode converted = convert(inputSchema, new Walk(inputSchema), 0);
        converted.put("type", "object");
        converted.remove("nullable");
        converted.remove("anyOf");
        converted.remove("items");
        return converted;
    }

    /** One conversion: the document references point into, the references being expanded, a budget. */
    private static final class Walk {
        final JsonNode root;
        final Deque<String> refs = new ArrayDeque<>();
        int nodes;
        /** Enum and other values copied so far: a large enum behind a reference is copied at every use. */
        long copied;

        Walk(JsonNode root) {
            this.root = root;
        }
    }

    private static ObjectNode convert(JsonNode schema, Walk walk, int depth) {
        ObjectNode out = NODES.objectNode();
        if (!schema.isObject() || depth > MAX_DEPTH || ++walk.nodes > MAX_NODES) {
            return schema.isObject() ? out.put("type", "object") : out;
        }
        List<String> expanded = new ArrayList<>();
        ObjectNode merged = flatten((ObjectNode) schema, walk, expanded);
        try {
            return merged == null ? out.put("type", "object") : convertFlat(merged, out, walk, depth);
        } finally {
            // The references stay on the stack while the children are converted: that is what
            // detects a schema that contains itself.
            expanded.forEach(ref -> walk.refs.pop());
        }
    }

    private static ObjectNode convertFlat(ObjectNode merged, ObjectNode out, Walk walk, int depth) {
        boolean nullable = merged.path("nullable").asBoolean(false);
        List<String> types = new ArrayList<>();
        JsonNode type = merged.get("type");
        if (type != null && type.isString()) {
            types.add(type.stringValue());
        } else if (type != null && type.isArray()) {
            // Only names count: asString() throws for an object or array in the list.
            type.forEach(t -> {
                if (t.isString()) {
                    types.add(t.stringValue());
                }
            });
        }
        if (types.remove("null")) {
            nullable = true;
        }
        if (types.size() == 1) {
            out.put("type", types.getFirst());
        }
        String single = types.size() == 1 ? types.getFirst() : null;
        for (String key : COPIED) {
            // Gemini takes a string or a number here (propertyOrdering: an array of strings); anything else
            // it would refuse, and a large object repeated through references would be copied each time.
            JsonNode value = merged.get(key);
            if (value != null && (value.isValueNode() || value.isArray() && allStrings(value)) && spend(walk, value.size())) {
                out.set(key, value.deepCopy());
            }
        }
        if (merged.get("format") instanceof JsonNode format && format.isString() && single != null
                && FORMATS.getOrDefault(single, Set.of()).contains(format.stringValue())) {
            out.put("format", format.stringValue());
        }
        JsonNode values = merged.has("enum") ? merged.get("enum")
                : merged.has("const") ? NODES.arrayNode().add(merged.get("const").deepCopy()) : null;
        if (values != null && values.isArray() && !values.isEmpty() && allStrings(values) && spend(walk, values.size())) {
            out.set("enum", values.deepCopy());
            if (single == null) {
                out.put("type", "string");
            }
        }
        if (merged.get("properties") instanceof ObjectNode properties && (single == null || single.equals("object"))) {
            ObjectNode convertedProperties = NODES.objectNode();
            properties.properties().forEach(e -> convertedProperties.set(e.getKey(), convert(e.getValue(), walk, depth + 1)));
            if (!convertedProperties.isEmpty()) {
                out.put("type", "object");
                out.set("properties", convertedProperties);
                ArrayNode required = NODES.arrayNode();
                merged.path("required").forEach(r -> {
                    if (r.isString() && convertedProperties.has(r.stringValue())) {
                        required.add(r.stringValue());
                    }
                });
                if (!required.isEmpty()) {
                    out.set("required", required);
                }
            }
        }
        if (merged.get("items") instanceof ObjectNode items && (single == null || single.equals("array"))) {
            out.put("type", "array");
            out.set("items", convert(items, walk, depth + 1));
        }
        if (types.size() > 1) {
            ArrayNode branches = out.putArray("anyOf");
            types.forEach(t -> branches.addObject().put("type", t));
        } else if (merged.get("anyOf") instanceof ArrayNode branches) {
            ArrayNode convertedBranches = NODES.arrayNode();
            branches.forEach(b -> convertedBranches.add(convert(b, walk, depth + 1)));
            out.set("anyOf", convertedBranches);
        }
        if (nullable) {
            out.put("nullable", true);
        }
        return out;
    }

    /**
     * The schema with {@code $ref}, single-entry {@code allOf} and null-only-alternative {@code anyOf} /
     * {@code oneOf} resolved into one flat object; {@code null} for a recursive reference.
     */
    private static ObjectNode flatten(ObjectNode schema, Walk walk, List<String> expanded) {
        ObjectNode flat = shallowCopy(schema);
        for (int round = 0; round < MAX_DEPTH; round++) {
            if (flat.get("$ref") instanceof JsonNode ref && ref.isString()) {
                String pointer = ref.stringValue();
                // Only "#" and "#/…" are JSON Pointers into this document ("#node" is an anchor, which at() refuses).
                JsonNode target = pointer.equals("#") || pointer.startsWith("#/") ? walk.root.at(pointer.substring(1)) : null;
                flat.remove("$ref");
                if (walk.refs.contains(pointer) || walk.refs.size() > MAX_DEPTH) {
                    return null;
                }
                if (target instanceof ObjectNode resolved) {
                    walk.refs.push(pointer);
                    expanded.add(pointer);
                    ObjectNode inlined = flatten(resolved, walk, expanded);
                    if (inlined == null) {
                        return null;
                    }
                    flat = overlay(inlined, flat);
                }
                continue;
            }
            if (flat.get("allOf") instanceof ArrayNode all && all.size() == 1 && all.get(0) instanceof ObjectNode only) {
                flat.remove("allOf");
                flat = overlay(shallowCopy(only), flat);
                continue;
            }
            String alternatives = flat.has("anyOf") ? "anyOf" : flat.has("oneOf") ? "oneOf" : null;
            if (alternatives != null && flat.get(alternatives) instanceof ArrayNode branches) {
                List<JsonNode> kept = new ArrayList<>();
                boolean sawNull = false;
                for (JsonNode branch : branches) {
                    if ("null".equals(branch.path("type").asString(null)) && branch.size() == 1) {
                        sawNull = true;
                    } else {
                        kept.add(branch);
                    }
                }
                flat.remove(alternatives);
                if (sawNull) {
                    flat.put("nullable", true);
                }
                if (kept.size() == 1 && kept.getFirst() instanceof ObjectNode only) {
                    flat = overlay(shallowCopy(only), flat);
                    continue;
                }
                if (!kept.isEmpty()) {
                    flat.set("anyOf", NODES.arrayNode().addAll(kept));
                }
            }
            return flat;
        }
        return flat;
    }

    /**
     * A new object holding the same values: flattening only sets and removes top-level keys, and never changes
     * a value, so the values are shared. A deep copy here would copy a whole subtree at every level (work
     * growing with size times depth) and recurse as deep as the schema nests.
     */
    private static ObjectNode shallowCopy(ObjectNode schema) {
        ObjectNode copy = NODES.objectNode();
        schema.properties().forEach(e -> copy.set(e.getKey(), e.getValue()));
        return copy;
    }

    /** Whether {@code values} more copied values fit the budget; counts them when they do. */
    private static boolean spend(Walk walk, int values) {
        if (walk.copied + values > MAX_COPIED_VALUES) {
            return false;
        }
        walk.copied += values;
        return true;
    }

    /** {@code base} with every key of {@code top} set over it (the referring schema's own words win). */
    private static ObjectNode overlay(ObjectNode base, ObjectNode top) {
        Set<String> keys = new LinkedHashSet<>(top.propertyNames());
        for (String key : keys) {
            base.set(key, top.get(key));
        }
        return base;
    }

    private static boolean allStrings(JsonNode values) {
        for (JsonNode value : values) {
            if (!value.isString()) {
                return false;
            }
        }
        return true;
    }
}
