package io.mcphost.host;

import io.mcphost.host.internal.catalog.GeminiSchema;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The catalog's tools as the tool definitions of LLM APIs, ready to put in a request:
 * {@code ToolDefinitions.anthropic(host.tools())}. Pure functions; each call returns new JSON trees
 * the caller may change freely.
 *
 * <p>In every format the name is the exposed name (so a call the model makes can be passed to the host
 * as it is), the description is the tool's description, else its title, else the empty string, and
 * the parameters are a deep copy of the tool's {@code inputSchema}, with {@code "type": "object"}
 * added when missing and {@code "properties": {}} added to an object schema without them (OpenAI
 * rejects an object schema without properties, and a schema that is not an object at all is replaced
 * by an empty object schema). Gemini's schemas are rewritten further, see {@link #gemini(List)}.
 */
public final class ToolDefinitions {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ToolDefinitions() {}

    /**
     * OpenAI Chat Completions {@code tools}:
     * {@code [{"type":"function","function":{"name","description","parameters"}}]}.
     */
    public static ArrayNode openAi(List<HostTool> tools) {
        ArrayNode out = NODES.arrayNode();
        for (HostTool tool : tools) {
            ObjectNode function = out.addObject().put("type", "function").putObject("function");
            function.put("name", tool.name());
            function.put("description", description(tool.tool()));
            function.set("parameters", parameters(tool.tool()));
        }
        return out;
    }

    /**
     * OpenAI Responses API {@code tools}:
     * {@code [{"type":"function","name","description","parameters","strict":false}]}. {@code strict} is
     * set to false because the Responses API defaults it to true, which rejects every schema that does
     * not list all its properties as required and forbid additional ones, as most MCP tools' do not.
     */
    public static ArrayNode openAiResponses(List<HostTool> tools) {
        ArrayNode out = NODES.arrayNode();
        for (HostTool tool : tools) {
            ObjectNode function = out.addObject().put("type", "function");
            function.put("name", tool.name());
            function.put("description", description(tool.tool()));
            function.set("parameters", parameters(tool.tool()));
            function.put("strict", false);
        }
        return out;
    }

    /** Anthropic Messages API {@code tools}: {@code [{"name","description","input_schema"}]}. */
    public static ArrayNode anthropic(List<HostTool> tools) {
        ArrayNode out = NODES.arrayNode();
        for (HostTool tool : tools) {
            ObjectNode definition = out.addObject();
            definition.put("name", tool.name());
            definition.put("description", description(tool.tool()));
            definition.set("input_schema", parameters(tool.tool()));
        }
        return out;
    }

    /**
     * A Gemini {@code Tool}: {@code {"functionDeclarations":[{"name","description","parameters"}]}}, to
     * put in the request's {@code tools} array. Gemini accepts only an OpenAPI 3.0 subset of JSON Schema
     * in {@code parameters}, so each schema is rewritten recursively:
     * <ul>
     *   <li>kept: {@code type, format, description, nullable, enum, properties, required, items, anyOf,
     *       minItems, maxItems, minLength, maxLength, pattern, minimum, maximum, minProperties,
     *       maxProperties, propertyOrdering};</li>
     *   <li>dropped: every other key, among them {@code $schema}, {@code additionalProperties},
     *       {@code title}, {@code default}, {@code examples}, {@code const} (a string {@code const}
     *       becomes a one-value {@code enum}), {@code exclusiveMinimum}, {@code $defs};</li>
     *   <li>local {@code $ref}s are inlined (a recursive one becomes {@code {"type":"object"}});
     *       {@code ["T","null"]} types and {@code {"type":"null"}} alternatives become
     *       {@code "nullable": true};</li>
     *   <li>{@code enum} is kept only if all its values are strings, {@code format} only where Gemini
     *       supports it ({@code enum}/{@code date-time} on strings, {@code float}/{@code double},
     *       {@code int32}/{@code int64} on numbers), empty {@code properties} are dropped, and a tool
     *       without parameters gets no {@code parameters} at all (Gemini refuses an object schema with
     *       no properties).</li>
     * </ul>
     * Gemini also wants a function name to start with a letter or an underscore; an exposed name that
     * starts with a digit or {@code '-'} (a server named {@code 1password}) is passed as it is, and
     * Gemini refuses it: give such a server a {@code prefix}.
     */
    public static ObjectNode gemini(List<HostTool> tools) {
        ObjectNode out = NODES.objectNode();
        ArrayNode declarations = out.putArray("functionDeclarations");
        for (HostTool tool : tools) {
            ObjectNode declaration = declarations.addObject();
            declaration.put("name", tool.name());
            declaration.put("description", description(tool.tool()));
            ObjectNode schema = GeminiSchema.of(tool.tool().inputSchema());
            if (schema.has("properties")) {
                declaration.set("parameters", schema);
            }
        }
        return out;
    }

    /** The description for a model: the tool's description, else its title, else the empty string. */
    static String description(Tool tool) {
        return tool.description().filter(d -> !d.isBlank())
                .or(tool::title)
                .or(() -> tool.annotations().flatMap(ToolAnnotations::title))
                .orElse("");
    }

    /** A deep copy of the input schema, made an object schema with properties. */
    static ObjectNode parameters(Tool tool) {
        JsonNode schema = tool.inputSchema();
        ObjectNode copy = schema.isObject() ? (ObjectNode) schema.deepCopy() : NODES.objectNode();
        if (!copy.has("type")) {
            copy.put("type", "object");
        }
        if ("object".equals(copy.path("type").asString(null)) && !copy.has("properties")) {
            copy.putObject("properties");
        }
        return copy;
    }
}
