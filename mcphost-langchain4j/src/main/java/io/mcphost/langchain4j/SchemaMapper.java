package io.mcphost.langchain4j;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Translates an MCP tool's {@code inputSchema} (JSON Schema, as a Jackson tree) into LangChain4j's
 * {@link JsonObjectSchema}, collecting a {@link SchemaIssue} for everything the target model cannot say.
 * One instance per tool; not thread-safe (it accumulates issues), never blocks, never throws for a
 * strange schema: every input yields a usable object schema.
 */
final class SchemaMapper {
    /** Keywords that carry no meaning for a model; leaving them out loses nothing. */
    private static final Set<String> IGNORED = Set.of("$schema", "$id", "$comment", "title");

    /** Keywords this mapper turns into elements or element fields. */
    private static final Set<String> STRUCTURAL = Set.of("type", "description", "properties", "required",
            "items", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "$defs", "definitions",
            "additionalProperties", "nullable");

    private final String tool;
    private final List<SchemaIssue> issues = new ArrayList<>();

    SchemaMapper(String tool) {
        this.tool = tool;
    }

    /** The issues found so far, in schema order. */
    List<SchemaIssue> issues() {
        return List.copyOf(issues);
    }

    /** The root: always an object schema, as LangChain4j's {@code ToolSpecification} requires. */
    JsonObjectSchema root(JsonNode schema) {
        if (!schema.isObject()) {
            issue("", "the input schema is not a JSON object; the tool is offered with no parameters");
            return JsonObjectSchema.builder().build();
        }
        String type = schema.path("type").asString("object");
        if (!"object".equals(type)) {
            issue("", "the input schema's type is '" + type + "', not 'object'; the tool is offered with no parameters");
            return JsonObjectSchema.builder().build();
        }
        JsonObjectSchema.Builder root = objectBuilder(schema, "");
        Map<String, JsonSchemaElement> definitions = new LinkedHashMap<>();
        for (String key : List.of("$defs", "definitions")) {
            schema.path(key).properties().forEach(entry -> definitions.put(entry.getKey(),
                    element(entry.getValue(), "/" + key + "/" + entry.getKey())));
        }
        if (!definitions.isEmpty()) {
            root.definitions(definitions);
        }
        for (String combinator : List.of("anyOf", "oneOf", "allOf")) {
            if (schema.has(combinator)) {
                issue("/" + combinator, "'" + combinator + "' at the root cannot be expressed in a tool's "
                        + "parameters and was left out; only the listed properties are offered");
            }
        }
        return root.build();
    }

    private JsonSchemaElement element(JsonNode schema, String path) {
        if (schema.isBoolean() || (schema.isObject() && schema.isEmpty())) {
            if (schema.isBoolean() && !schema.booleanValue()) {
                issue(path, "the schema 'false' (no value allowed) has no LangChain4j element; approximated as any value");
            }
            return anyValue(null, path, "an unconstrained schema");
        }
        if (!schema.isObject()) {
            issue(path, "a schema that is not a JSON object was approximated as any value");
            return anyValue(null, path, null);
        }
        String description = describe(schema, path);
        if (schema.has("$ref")) {
            return reference(schema, path);
        }
        if (schema.has("enum") || schema.has("const")) {
            return enumeration(schema, description, path);
        }
        if (schema.has("anyOf") || schema.has("oneOf")) {
            return alternatives(schema, description, path);
        }
        if (schema.has("allOf")) {
            return merged(schema, description, path);
        }
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            List<JsonSchemaElement> each = new ArrayList<>();
            for (JsonNode t : type) {
                each.add(typed(t.asString(""), schema, description, path));
            }
            return each.size() == 1 ? each.getFirst() : JsonAnyOfSchema.builder().description(description).anyOf(each).build();
        }
        if (type.isMissingNode()) {
            if (schema.has("properties")) {
                return typed("object", schema, description, path);
            }
            if (schema.has("items")) {
                return typed("array", schema, description, path);
            }
            return anyValue(description, path, "a schema without a type");
        }
        JsonSchemaElement element = typed(type.asString(""), schema, description, path);
        return schema.path("nullable").asBoolean(false)
                ? JsonAnyOfSchema.builder().description(description).anyOf(element, new JsonNullSchema()).build()
                : element;
    }

    private JsonSchemaElement typed(String type, JsonNode schema, String description, String path) {
        return switch (type) {
            case "string" -> JsonStringSchema.builder().description(description).build();
            case "integer" -> JsonIntegerSchema.builder().description(description).build();
            case "number" -> JsonNumberSchema.builder().description(description).build();
            case "boolean" -> JsonBooleanSchema.builder().description(description).build();
            case "null" -> new JsonNullSchema();
            case "object" -> objectBuilder(schema, path).description(description).build();
            case "array" -> array(schema, description, path);
            default -> {
                issue(path + "/type", "the unknown type '" + type + "' was approximated as any value");
                yield anyValue(description, path, null);
            }
        };
    }

    private JsonObjectSchema.Builder objectBuilder(JsonNode schema, String path) {
        JsonObjectSchema.Builder object = JsonObjectSchema.builder();
        if (path.isEmpty()) {
            object.description(describe(schema, path));
        }
        Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
        schema.path("properties").properties().forEach(entry -> properties.put(entry.getKey(),
                element(entry.getValue(), path + "/properties/" + entry.getKey())));
        object.addProperties(properties);
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(name -> required.add(name.asString()));
        if (!required.isEmpty()) {
            object.required(required);
        }
        JsonNode additional = schema.path("additionalProperties");
        if (additional.isBoolean()) {
            object.additionalProperties(additional.booleanValue());
        } else if (additional.isObject()) {
            issue(path + "/additionalProperties", "a schema for additional properties cannot be expressed; "
                    + "additional properties are left unconstrained");
        }
        return object;
    }

    private JsonSchemaElement array(JsonNode schema, String description, String path) {
        JsonNode items = schema.path("items");
        JsonSchemaElement itemElement;
        if (items.isObject() || items.isBoolean()) {
            itemElement = element(items, path + "/items");
        } else if (items.isArray()) {
            issue(path + "/items", "tuple items (a list of schemas) cannot be expressed; items are approximated as any value");
            itemElement = anyValue(null, path + "/items", null);
        } else {
            itemElement = anyValue(null, path + "/items", "an array without 'items'");
        }
        return JsonArraySchema.builder().description(description).items(itemElement).build();
    }

    private JsonSchemaElement enumeration(JsonNode schema, String description, String path) {
        List<JsonNode> values = new ArrayList<>();
        schema.path("enum").forEach(values::add);
        if (schema.has("const")) {
            values.add(schema.get("const"));
        }
        if (values.stream().allMatch(JsonNode::isString)) {
            return JsonEnumSchema.builder().description(description).enumValues(values.stream().map(JsonNode::asString).toList()).build();
        }
        // LangChain4j's enum holds strings only: keep the base type and tell the model the values in words.
        String listed = "allowed values: " + String.join(", ", values.stream().map(JsonNode::toString).toList());
        described(path + "/enum", "an enum of non-string values cannot be expressed; its values were put into the description");
        String withValues = description == null ? listed : description + " (" + listed + ")";
        String type = schema.path("type").asString(values.stream().allMatch(JsonNode::isIntegralNumber) ? "integer"
                : values.stream().allMatch(JsonNode::isNumber) ? "number" : "");
        return type.isEmpty() ? anyValue(withValues, path, null) : typed(type, schema, withValues, path);
    }

    private JsonSchemaElement alternatives(JsonNode schema, String description, String path) {
        String keyword = schema.has("anyOf") ? "anyOf" : "oneOf";
        if ("oneOf".equals(keyword)) {
            issue(path + "/oneOf", "'oneOf' was mapped to 'anyOf': the rule that exactly one alternative matches is lost");
        }
        List<JsonSchemaElement> each = new ArrayList<>();
        int index = 0;
        for (JsonNode alternative : schema.path(keyword)) {
            each.add(element(alternative, path + "/" + keyword + "/" + index++));
        }
        if (schema.has("type") || schema.has("properties")) {
            issue(path, "'" + keyword + "' beside 'type' or 'properties': only the alternatives were kept");
        }
        return JsonAnyOfSchema.builder().description(description).anyOf(each).build();
    }

    private JsonSchemaElement merged(JsonNode schema, String description, String path) {
        // allOf of object schemas (the common case: a base plus extensions) merges into one object.
        JsonObjectSchema.Builder object = JsonObjectSchema.builder().description(description);
        Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        int index = 0;
        for (JsonNode part : schema.path("allOf")) {
            String partPath = path + "/allOf/" + index++;
            if (part.isObject() && ("object".equals(part.path("type").asString("object")))) {
                describe(part, partPath); // reports the part's own constraint keywords; the merged object has one description
                JsonObjectSchema mapped = objectBuilder(part, partPath).build();
                properties.putAll(mapped.properties());
                required.addAll(mapped.required() == null ? List.of() : mapped.required());
            } else {
                issue(partPath, "an 'allOf' part that is not an object schema cannot be merged and was left out");
            }
        }
        issue(path + "/allOf", "'allOf' was merged into one object schema");
        return object.addProperties(properties).required(required).build();
    }

    private JsonSchemaElement reference(JsonNode schema, String path) {
        String ref = schema.path("$ref").asString("");
        for (String prefix : List.of("#/$defs/", "#/definitions/")) {
            if (ref.startsWith(prefix) && ref.indexOf('/', prefix.length()) < 0) {
                return JsonReferenceSchema.builder().reference(ref.substring(prefix.length())).build();
            }
        }
        issue(path + "/$ref", "the reference '" + ref + "' does not point into the schema's $defs; approximated as any value");
        return anyValue(null, path, null);
    }

    /**
     * The schema's description, with every constraint keyword the element model has no field for
     * appended in words ("minimum: 1"), so the model still sees it; each such keyword is an issue.
     */
    private String describe(JsonNode schema, String path) {
        String description = schema.path("description").asString(null);
        if (description == null && schema.path("title").isString()) {
            description = schema.path("title").asString();
        }
        List<String> constraints = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : schema.properties()) {
            String key = entry.getKey();
            if (!IGNORED.contains(key) && !STRUCTURAL.contains(key)) {
                constraints.add(key + ": " + entry.getValue());
            }
        }
        if (constraints.isEmpty()) {
            return description;
        }
        described(path, "no LangChain4j field for " + String.join(", ", constraints.stream()
                .map(c -> c.substring(0, c.indexOf(':'))).toList()) + "; moved into the description");
        String words = "(" + String.join("; ", constraints) + ")";
        return description == null ? words : description + " " + words;
    }

    /** LangChain4j has no "any value" element; a union of every JSON type says the same to a model. */
    private JsonSchemaElement anyValue(String description, String path, String what) {
        if (what != null) {
            issue(path, what + " has no LangChain4j element; approximated as anyOf(string, number, boolean, object, array)");
        }
        return JsonAnyOfSchema.builder().description(description).anyOf(
                new JsonStringSchema(), new JsonNumberSchema(), new JsonBooleanSchema(),
                JsonObjectSchema.builder().build(),
                JsonArraySchema.builder().items(new JsonStringSchema()).build()).build();
    }

    private void issue(String path, String detail) {
        issues.add(new SchemaIssue(tool, path, detail, SchemaIssue.Kind.APPROXIMATED));
    }

    /** A keyword the model still reads, in words: not an approximation. */
    private void described(String path, String detail) {
        issues.add(new SchemaIssue(tool, path, detail, SchemaIssue.Kind.DESCRIBED));
    }
}
