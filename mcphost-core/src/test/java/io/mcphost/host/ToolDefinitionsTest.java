package io.mcphost.host;

import static io.mcphost.host.Offers.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import io.mcphost.protocol.internal.JsonSchemaValidator;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The export formats, checked against the shape each API documents, with tools as our demo server
 * and common servers list them (core cannot see mcphost-server, so they are written out here).
 */
class ToolDefinitionsTest {
    static final Tool ECHO = Tool.of("echo", "Returns the text it is given.", json("""
            {"type":"object","properties":{"text":{"type":"string","description":"What to echo"}},"required":["text"]}"""));
    static final Tool SLOW_TASK = Tool.of("slow_task", "Works for a while in steps, reporting progress after each; can be cancelled.",
            json("""
            {"type":"object","properties":{"steps":{"type":"integer","minimum":1,"maximum":100,"default":5},
             "delayMs":{"type":"integer","minimum":0,"maximum":10000,"default":300}}}"""));
    static final Tool CALCULATE = Tool.of("calculate", "Evaluates an arithmetic expression with + - * / and parentheses.", json("""
            {"type":"object","properties":{"expression":{"type":"string","examples":["(2 + 3) * 4"]}},"required":["expression"]}"""));
    static final Tool TIME = Tool.of("time", "The current UTC time, ISO-8601.", json("{\"type\":\"object\"}"));
    /** As the filesystem reference server (zod-to-json-schema) lists edit_file. */
    static final Tool EDIT_FILE = Tool.of("edit_file", "Make line-based edits to a text file.", json("""
            {"type":"object","properties":{"path":{"type":"string"},
             "edits":{"type":"array","items":{"type":"object","properties":{
                "oldText":{"type":"string","description":"Text to search for - must match exactly"},
                "newText":{"type":"string","description":"Text to replace with"}},
                "required":["oldText","newText"],"additionalProperties":false}},
             "dryRun":{"type":"boolean","default":false,"description":"Preview changes using git-style diff format"}},
             "required":["path","edits"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}"""));
    /** As a Python FastMCP server (pydantic) lists a tool with a model argument. */
    static final Tool CREATE_ISSUE = Tool.of("create_issue", null, json("""
            {"$defs":{"Priority":{"enum":["low","high"],"title":"Priority","type":"string"},
                      "Label":{"properties":{"name":{"title":"Name","type":"string"},
                                             "color":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null,"title":"Color"}},
                               "required":["name"],"title":"Label","type":"object"}},
             "properties":{"title":{"title":"Title","type":"string"},
                           "priority":{"$ref":"#/$defs/Priority","default":"low"},
                           "labels":{"items":{"$ref":"#/$defs/Label"},"title":"Labels","type":"array"},
                           "due":{"anyOf":[{"format":"date-time","type":"string"},{"type":"null"}],"default":null,"title":"Due"},
                           "homepage":{"type":["string","null"],"format":"uri"},
                           "kind":{"const":"bug"},
                           "size":{"enum":[1,2,3],"type":"integer","format":"int32"}},
             "required":["title","ghost"],"title":"create_issueArguments","type":"object"}"""))
            .withTitle("Create an issue");

    private static final JsonSchemaValidator VALIDATOR = JsonSchemaValidator.get();
    private static final List<HostTool> TOOLS = catalog(
            ServerOffer.ofTools("demo", List.of(ECHO, SLOW_TASK, CALCULATE, TIME)),
            ServerOffer.ofTools("fs", List.of(EDIT_FILE)),
            ServerOffer.ofTools("github", List.of(CREATE_ISSUE))).tools();

    private static Catalog catalog(ServerOffer... offers) {
        CatalogBuilder builder = new CatalogBuilder(ToolNaming.prefixed(), ToolFilter.all());
        List.of(offers).forEach(builder::add);
        return builder.build();
    }

    /** The documented shape of a JSON Schema that is an object's parameters, for each format below. */
    private static final String PARAMETERS = """
            {"type":"object","required":["type","properties"],
             "properties":{"type":{"const":"object"},"properties":{"type":"object"}}}""";

    @Test
    void openAiChatCompletionsNestsTheFunction() {
        assertThat(ToolDefinitions.openAi(List.of(TOOLS.getFirst()))).isEqualTo(json("""
                [{"type":"function","function":{"name":"demo__echo","description":"Returns the text it is given.",
                  "parameters":{"type":"object","properties":{"text":{"type":"string","description":"What to echo"}},
                                "required":["text"]}}}]"""));
        assertConforms(ToolDefinitions.openAi(TOOLS), """
                {"type":"array","items":{"type":"object","additionalProperties":false,"required":["type","function"],
                 "properties":{"type":{"const":"function"},
                  "function":{"type":"object","additionalProperties":false,"required":["name","description","parameters"],
                   "properties":{"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"},"description":{"type":"string"},
                                 "parameters":%s}}}}}""".formatted(PARAMETERS));
    }

    @Test
    void openAiResponsesIsFlatAndNotStrict() {
        assertThat(ToolDefinitions.openAiResponses(List.of(TOOLS.getFirst()))).isEqualTo(json("""
                [{"type":"function","name":"demo__echo","description":"Returns the text it is given.",
                  "parameters":{"type":"object","properties":{"text":{"type":"string","description":"What to echo"}},
                                "required":["text"]},"strict":false}]"""));
        assertConforms(ToolDefinitions.openAiResponses(TOOLS), """
                {"type":"array","items":{"type":"object","additionalProperties":false,
                 "required":["type","name","description","parameters","strict"],
                 "properties":{"type":{"const":"function"},"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"},
                  "description":{"type":"string"},"parameters":%s,"strict":{"const":false}}}}""".formatted(PARAMETERS));
    }

    @Test
    void anthropicUsesInputSchema() {
        assertThat(ToolDefinitions.anthropic(List.of(TOOLS.get(3)))).isEqualTo(json("""
                [{"name":"demo__time","description":"The current UTC time, ISO-8601.",
                  "input_schema":{"type":"object","properties":{}}}]"""));
        assertConforms(ToolDefinitions.anthropic(TOOLS), """
                {"type":"array","items":{"type":"object","additionalProperties":false,
                 "required":["name","description","input_schema"],
                 "properties":{"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"},"description":{"type":"string"},
                  "input_schema":%s}}}""".formatted(PARAMETERS));
    }

    @Test
    void geminiDeclaresFunctionsAndLeavesOutParametersOfToolsWithoutAny() {
        ObjectNode gemini = ToolDefinitions.gemini(List.of(TOOLS.getFirst(), TOOLS.get(3)));

        assertThat(gemini).isEqualTo(json("""
                {"functionDeclarations":[
                  {"name":"demo__echo","description":"Returns the text it is given.",
                   "parameters":{"type":"object","properties":{"text":{"type":"string","description":"What to echo"}},
                                 "required":["text"]}},
                  {"name":"demo__time","description":"The current UTC time, ISO-8601."}]}"""));
    }

    @Test
    void geminiSchemasUseOnlyTheKeysGeminiAccepts() {
        ObjectNode gemini = ToolDefinitions.gemini(TOOLS);

        assertConforms(gemini, """
                {"type":"object","additionalProperties":false,"required":["functionDeclarations"],
                 "properties":{"functionDeclarations":{"type":"array","items":{"type":"object","additionalProperties":false,
                   "required":["name","description"],
                   "properties":{"name":{"type":"string","pattern":"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"},
                                 "description":{"type":"string"},
                                 "parameters":{"allOf":[{"$ref":"#/$defs/schema"},
                                               {"required":["type","properties"],"properties":{"type":{"const":"object"}}}]}}}}},
                 "$defs":{"schema":{"type":"object","additionalProperties":false,
                   "properties":{
                     "type":{"enum":["string","number","integer","boolean","array","object"]},
                     "format":{"enum":["enum","date-time","float","double","int32","int64"]},
                     "description":{"type":"string"},"nullable":{"type":"boolean"},
                     "enum":{"type":"array","items":{"type":"string"},"minItems":1},
                     "properties":{"type":"object","minProperties":1,"additionalProperties":{"$ref":"#/$defs/schema"}},
                     "required":{"type":"array","items":{"type":"string"}},
                     "items":{"$ref":"#/$defs/schema"},
                     "anyOf":{"type":"array","items":{"$ref":"#/$defs/schema"}},
                     "minimum":{"type":"number"},"maximum":{"type":"number"},
                     "minItems":{"type":"integer"},"maxItems":{"type":"integer"},
                     "minLength":{"type":"integer"},"maxLength":{"type":"integer"},"pattern":{"type":"string"},
                     "minProperties":{"type":"integer"},"maxProperties":{"type":"integer"},
                     "propertyOrdering":{"type":"array","items":{"type":"string"}}},
                   "dependentSchemas":{"properties":{"required":["type"],"properties":{"type":{"const":"object"}}},
                                       "items":{"required":["type"],"properties":{"type":{"const":"array"}}}}}}}""");
    }

    @Test
    void geminiInlinesReferencesAndTurnsNullAlternativesIntoNullable() {
        JsonNode parameters = ToolDefinitions.gemini(List.of(TOOLS.get(5))).at("/functionDeclarations/0/parameters");

        assertThat(parameters).isEqualTo(json("""
                {"type":"object","properties":{
                   "title":{"type":"string"},
                   "priority":{"type":"string","enum":["low","high"]},
                   "labels":{"type":"array","items":{"type":"object","properties":{
                       "name":{"type":"string"},"color":{"type":"string","nullable":true}},"required":["name"]}},
                   "due":{"type":"string","format":"date-time","nullable":true},
                   "homepage":{"type":"string","nullable":true},
                   "kind":{"type":"string","enum":["bug"]},
                   "size":{"type":"integer","format":"int32"}},
                 "required":["title"]}"""));
    }

    @Test
    void geminiEndsARecursiveSchemaWithAPlainObject() {
        Tool tree = Tool.of("tree", "A tree", json("""
                {"$defs":{"Node":{"type":"object","description":"A node","properties":{"value":{"type":"string"},
                  "children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}},
                 "type":"object","properties":{"root":{"$ref":"#/$defs/Node"},"other":{"$ref":"#/$defs/Node"}}}"""));

        JsonNode parameters = ToolDefinitions.gemini(List.of(new HostTool("t__tree", "t", tree)))
                .at("/functionDeclarations/0/parameters");

        JsonNode node = json("""
                {"type":"object","description":"A node","properties":{"value":{"type":"string"},
                 "children":{"type":"array","items":{"type":"object"}}}}""");
        assertThat(parameters.at("/properties/root")).isEqualTo(node);
        assertThat(parameters.at("/properties/other")).as("a sibling reference is not a cycle").isEqualTo(node);
    }

    @Test
    void argumentsValidForTheToolStayValidForTheExportedSchemas() {
        JsonNode arguments = json("""
                {"title":"Crash on start","priority":"high","labels":[{"name":"bug","color":null}],"due":null,
                 "homepage":"https://example.com","kind":"bug","size":2}""");
        JsonNode original = withoutGhostRequirement(CREATE_ISSUE.inputSchema());
        assertThat(VALIDATOR.validate(original, arguments)).isEmpty();

        assertThat(VALIDATOR.validate(ToolDefinitions.openAi(TOOLS).at("/5/function/parameters"), json("{\"title\":\"x\"}")))
                .as("the exported schema is the tool's own, required 'ghost' included").isNotEmpty();
        JsonNode gemini = ToolDefinitions.gemini(TOOLS).at("/functionDeclarations/5/parameters");
        assertThat(VALIDATOR.validate(withNullableAsJsonSchema(gemini), arguments)).isEmpty();
    }

    @Test
    void exportedParametersAreValidJsonSchemas() {
        JsonNode metaSchema = json("{\"$ref\":\"https://json-schema.org/draft/2020-12/schema\"}");
        assertThat(VALIDATOR.validate(metaSchema, json("{\"type\":12}"))).as("the meta-schema is checked").isNotEmpty();

        for (JsonNode definition : ToolDefinitions.anthropic(TOOLS)) {
            assertThat(VALIDATOR.validate(metaSchema, definition.get("input_schema"))).isEmpty();
        }
        for (JsonNode declaration : ToolDefinitions.gemini(TOOLS).get("functionDeclarations")) {
            if (declaration.has("parameters")) {
                assertThat(VALIDATOR.validate(metaSchema, declaration.get("parameters"))).isEmpty();
            }
        }
    }

    @Test
    void descriptionFallsBackToTheTitleThenTheAnnotationTitleThenNothing() {
        Tool titled = Tool.of("a", null, json("{}")).withTitle("Title A");
        Tool annotated = Tool.of("b", " ", json("{}"))
                .withAnnotations(new ToolAnnotations(Optional.of("Hint B"), null, null, null, null));
        Tool bare = Tool.of("c", null, json("{}"));

        ArrayNode anthropic = ToolDefinitions.anthropic(catalog(ServerOffer.ofTools("s", List.of(titled, annotated, bare))).tools());

        assertThat(anthropic.findValuesAsString("description")).containsExactly("Title A", "Hint B", "");
        assertThat(ToolDefinitions.anthropic(TOOLS).get(5).get("description").stringValue()).isEqualTo("Create an issue");
    }

    @Test
    void exportedSchemasAreCopiesAndAnEmptySchemaBecomesAnObject() {
        HostTool bare = new HostTool("s__bare", "s", Tool.of("bare", "x", json("{}")));
        ArrayNode exported = ToolDefinitions.openAi(List.of(TOOLS.getFirst(), bare));

        assertThat(exported.at("/1/function/parameters")).isEqualTo(json("{\"type\":\"object\",\"properties\":{}}"));
        ((ObjectNode) exported.at("/0/function/parameters")).put("changed", true);
        assertThat(ECHO.inputSchema().has("changed")).isFalse();
        assertThat(EDIT_FILE.inputSchema().has("$schema")).as("the Gemini rewrite leaves the tool alone").isTrue();
        ToolDefinitions.gemini(TOOLS);
        assertThat(EDIT_FILE.inputSchema().has("$schema")).isTrue();
    }

    @Test
    void geminiOutputHasTheSameBytesInEveryRun() {
        // LLM providers cache prompts by their bytes: key order must not depend on hash seeds.
        String text = io.mcphost.protocol.internal.JsonCodec.get().mapper()
                .writeValueAsString(ToolDefinitions.gemini(List.of(TOOLS.get(1))));

        assertThat(text).isEqualTo("{\"functionDeclarations\":[{\"name\":\"demo__slow_task\",\"description\":"
                + "\"Works for a while in steps, reporting progress after each; can be cancelled.\",\"parameters\":"
                + "{\"type\":\"object\",\"properties\":{\"steps\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100},"
                + "\"delayMs\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10000}}}}]}");
    }

    @Test
    void exportedJsonSurvivesARoundTripAsText() {
        var mapper = io.mcphost.protocol.internal.JsonCodec.get().mapper();
        for (JsonNode exported : List.of(ToolDefinitions.openAi(TOOLS), ToolDefinitions.openAiResponses(TOOLS),
                ToolDefinitions.anthropic(TOOLS), ToolDefinitions.gemini(TOOLS))) {
            assertThat(mapper.readTree(mapper.writeValueAsString(exported))).isEqualTo(exported);
        }
    }

    private static void assertConforms(JsonNode exported, String shape) {
        assertThat(VALIDATOR.validate(json(shape), exported)).as(exported.toString()).isEmpty();
    }

    private static JsonNode withoutGhostRequirement(JsonNode schema) {
        ObjectNode copy = (ObjectNode) schema.deepCopy();
        copy.putArray("required").add("title");
        return copy;
    }

    /** Gemini's {@code nullable: true} as JSON Schema sees it: the type array with "null" added. */
    private static JsonNode withNullableAsJsonSchema(JsonNode node) {
        if (node instanceof ObjectNode object) {
            ObjectNode copy = object.deepCopy();
            if (copy.path("nullable").asBoolean(false)) {
                copy.remove("nullable");
                String type = copy.path("type").asString();
                copy.putArray("type").add(type).add("null");
                if (copy.has("enum")) {
                    ((ArrayNode) copy.get("enum")).addNull();
                }
            }
            copy.properties().forEach(e -> copy.set(e.getKey(), withNullableAsJsonSchema(e.getValue())));
            return copy;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode copy = array.arrayNode();
            array.forEach(item -> copy.add(withNullableAsJsonSchema(item)));
            return copy;
        }
        return node;
    }
}
