package io.mcphost.host.internal.catalog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes the rewriting of a tool's input schema into Gemini's OpenAPI subset (issue 31): any JSON,
 * hostile schemas included ({@code $ref} loops, deep nesting, huge enums). It must always give an object
 * schema. Invariants: the input is not changed, the same input gives the same bytes, and every schema in
 * the output holds only the keys Gemini accepts.
 */
class GeminiSchemaFuzzTest {
    private static final Set<String> ALLOWED = Set.of("type", "format", "description", "nullable", "enum", "properties",
            "required", "items", "anyOf", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum",
            "maximum", "minProperties", "maxProperties", "propertyOrdering");

    @FuzzTest(maxDuration = "10m")
    void convert(byte[] input) {
        JsonNode schema;
        try {
            schema = Json.parse(new String(input, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notJson) {
            return;
        }
        JsonNode before = schema.deepCopy();
        ObjectNode converted = GeminiSchema.of(schema);
        if (!schema.equals(before)) {
            throw new AssertionError("the input schema was changed");
        }
        if (!"object".equals(converted.path("type").asString(null))) {
            throw new AssertionError("not an object schema: " + converted);
        }
        if (!Json.write(GeminiSchema.of(schema)).equals(Json.write(converted))) {
            throw new AssertionError("two conversions differ");
        }
        check(converted);
    }

    private static void check(JsonNode schema) {
        if (!(schema instanceof ObjectNode object)) {
            throw new AssertionError("a schema that is not an object: " + schema);
        }
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            if (!ALLOWED.contains(e.getKey())) {
                throw new AssertionError("Gemini refuses the key " + e.getKey());
            }
        }
        if (object.get("properties") instanceof ObjectNode properties) {
            properties.properties().forEach(e -> check(e.getValue()));
        }
        if (object.has("items")) {
            check(object.get("items"));
        }
        if (object.has("anyOf")) {
            object.get("anyOf").forEach(GeminiSchemaFuzzTest::check);
        }
    }
}
