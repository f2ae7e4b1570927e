package io.mcphost.host.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Gemini's conversion of hostile tool schemas (issue 31): always an object schema, in bounded work. */
class GeminiSchemaHostileTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void aReferenceToAnAnchorIsNotFollowed() {
        ObjectNode converted = GeminiSchema.of(Json.parse(
                "{\"properties\":{\"root\":{\"$ref\":\"#node\",\"description\":\"d\"}},\"$defs\":{\"node\":{\"$anchor\":\"node\"}}}"));
        assertThat(Json.write(converted)).isEqualTo("{\"type\":\"object\",\"properties\":{\"root\":{\"description\":\"d\"}}}");
    }

    @Test
    void aKeptKeyWithAnObjectValueIsDropped() {
        ObjectNode converted = GeminiSchema.of(Json.parse(
                "{\"properties\":{\"a\":{\"type\":\"string\",\"description\":{\"en\":\"x\"},\"maxLength\":3}}}"));
        assertThat(Json.write(converted.get("properties").get("a"))).isEqualTo("{\"type\":\"string\",\"maxLength\":3}");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSchemaNestedTenThousandDeepIsCutAtTheDepthLimit() {
        ObjectNode schema = NODES.objectNode().put("type", "string");
        for (int i = 0; i < 10_000; i++) {
            ObjectNode outer = NODES.objectNode().put("type", "object");
            outer.putObject("properties").set("p", schema);
            schema = outer;
        }
        ObjectNode converted = GeminiSchema.of(schema);
        int depth = 0;
        for (JsonNode n = converted; n.has("properties"); n = n.get("properties").get("p")) {
            depth++;
        }
        assertThat(depth).isBetween(30, 40);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteEnumReferencedAThousandTimesIsCopiedWithinTheBudget() {
        ObjectNode schema = NODES.objectNode().put("type", "object");
        ArrayNode values = schema.putObject("$defs").putObject("big").put("type", "string").putArray("enum");
        for (int i = 0; i < 100_000; i++) {
            values.add("v" + i);
        }
        ObjectNode properties = schema.putObject("properties");
        for (int i = 0; i < 1_000; i++) {
            properties.putObject("p" + i).put("$ref", "#/$defs/big");
        }
        assertThat(Json.write(values).length()).isGreaterThan(800_000);

        ObjectNode converted = GeminiSchema.of(schema);

        long copied = 0;
        for (JsonNode p : converted.get("properties")) {
            assertThat(p.get("type").asString()).isEqualTo("string");
            copied += p.path("enum").size();
        }
        assertThat(copied).isEqualTo(200_000);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aTreeOfReferencesStopsAtTheNodeBudget() {
        // Each definition refers to the next twice: 2^20 paths without the budget.
        ObjectNode schema = NODES.objectNode();
        ObjectNode defs = schema.putObject("$defs");
        for (int i = 0; i < 20; i++) {
            ObjectNode properties = defs.putObject("d" + i).put("type", "object").putObject("properties");
            properties.putObject("a").put("$ref", "#/$defs/d" + (i + 1));
            properties.putObject("b").put("$ref", "#/$defs/d" + (i + 1));
        }
        defs.putObject("d20").put("type", "string");
        schema.put("$ref", "#/$defs/d0");
        assertThat(Json.write(GeminiSchema.of(schema)).length()).isLessThan(5_000_000);
    }
}
