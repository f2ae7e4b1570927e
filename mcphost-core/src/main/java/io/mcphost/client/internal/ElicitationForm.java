package io.mcphost.client.internal;

import io.mcphost.protocol.internal.JsonSchemaValidator;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The rules of a form-mode elicitation's {@code requestedSchema} (spec 2025-11-25, client/elicitation
 * "Requested Schema"): a flat object whose properties are primitive schemas, with SEP-1034 defaults
 * filled in for properties the user left out. Stateless and thread-safe.
 */
final class ElicitationForm {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final Set<String> PRIMITIVE_TYPES = Set.of("string", "number", "integer", "boolean");

    private ElicitationForm() {
    }

    /**
     * Why {@code schema} is not a form the spec allows, or empty when it is: {@code "type":"object"},
     * and every property a string, number, integer or boolean schema (enums included), or an array
     * of enum values (multi-select). Nested objects and other arrays are refused: the spec leaves
     * them out so that every client can render the form.
     */
    static Optional<String> problem(JsonNode schema) {
        if (!"object".equals(schema.path("type").asString(""))) {
            return Optional.of("requestedSchema must have \"type\": \"object\"");
        }
        JsonNode properties = schema.path("properties");
        if (properties.isMissingNode()) {
            return Optional.empty(); // a confirmation without fields
        }
        if (!properties.isObject()) {
            return Optional.of("requestedSchema.properties must be an object");
        }
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            Optional<String> problem = propertyProblem(property.getValue());
            if (problem.isPresent()) {
                return Optional.of("property '" + property.getKey() + "' " + problem.get()
                        + "; a form allows only string, number, integer, boolean and enum properties");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> propertyProblem(JsonNode property) {
        if (!property.isObject()) {
            return Optional.of("is not a schema object");
        }
        JsonNode type = property.path("type");
        if (!type.isString()) {
            return Optional.of("has no single \"type\"");
        }
        String name = type.stringValue();
        if (PRIMITIVE_TYPES.contains(name)) {
            return Optional.empty();
        }
        if (name.equals("array")) {
            JsonNode items = property.path("items");
            boolean enumItems = items.isObject() && (items.path("enum").isArray() || items.path("anyOf").isArray())
                    && (items.path("type").isMissingNode() || "string".equals(items.path("type").asString("")));
            return enumItems ? Optional.empty() : Optional.of("is an array that is not a multi-select enum");
        }
        return Optional.of("has type " + name);
    }

    /**
     * The accepted content with each property the schema defines a {@code default} for, and the
     * content lacks, set to that default (SEP-1034: a client applies defaults for omitted fields).
     */
    static ObjectNode withDefaults(JsonNode schema, Optional<JsonNode> content) {
        ObjectNode filled = content.filter(JsonNode::isObject).map(c -> ((ObjectNode) c).deepCopy())
                .orElseGet(CODEC::newObject);
        JsonNode properties = schema.path("properties");
        if (properties.isObject()) {
            for (Map.Entry<String, JsonNode> property : properties.properties()) {
                JsonNode fallback = property.getValue().path("default");
                if (!filled.has(property.getKey()) && !fallback.isMissingNode() && !fallback.isNull()) {
                    filled.set(property.getKey(), fallback.deepCopy());
                }
            }
        }
        return filled;
    }

    /** How {@code content} breaks {@code schema}, one sentence per violation naming the field; empty when valid. */
    static List<String> violations(JsonNode schema, JsonNode content) {
        return JsonSchemaValidator.get().validate(schema, content);
    }
}
