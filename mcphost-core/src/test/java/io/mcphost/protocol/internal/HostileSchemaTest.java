package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonSchemas;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Schemas from hostile servers (issue 31): validation reports one violation for a schema it cannot use,
 * and never overflows the stack or hangs.
 */
class HostileSchemaTest {
    private final JsonSchemaValidator validator = new JsonSchemaValidator(8);

    @Test
    void aReferenceToItselfIsOneViolationNotAStackOverflow() {
        assertThat(validator.validate(Json.parse("{\"$ref\":\"#\"}"), Json.parse("{\"a\":1}")))
                .singleElement().asString().startsWith("the schema itself is invalid: it refers to itself in a loop");
        assertThat(validator.cachedSchemas()).isZero();
        JsonNode mutual = Json.parse("{\"$ref\":\"#/$defs/a\",\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}}}");
        assertThat(validator.validate(mutual, Json.parse("{}"))).singleElement().asString()
                .startsWith("the schema itself is invalid");
    }

    @Test
    void aRecursiveSchemaStillValidatesFiniteValues() {
        JsonNode list = Json.parse("{\"$defs\":{\"node\":{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#/$defs/node\"}}}},"
                + "\"$ref\":\"#/$defs/node\"}");
        assertThat(validator.validate(list, Json.parse("{\"next\":{\"next\":{}}}"))).isEmpty();
        assertThat(validator.validate(list, Json.parse("{\"next\":{\"next\":3}}"))).hasSize(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aBacktrackingPatternIsAViolationNotAHang() {
        // Polynomial backtracking: about 60^20 steps without a budget.
        JsonNode schema = Json.parse("{\"type\":\"string\",\"pattern\":\"(.*a){20}\"}");
        assertThat(validator.validate(schema, Json.valueToTree("a".repeat(19) + "b".repeat(200))))
                .singleElement().asString().contains("is too costly to check against a value of 219 characters");
        JsonNode properties = Json.parse("{\"patternProperties\":{\"(.*x){20}\":{\"type\":\"integer\"}}}");
        ObjectNode instance = Json.newObject().put("x".repeat(19) + "y".repeat(200), "not an integer");
        assertThat(validator.validate(properties, instance)).singleElement().asString().contains("too costly");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aPatternWhoseMatcherRecursesPerCharacterIsAViolationOnAMegabyteValue() {
        JsonNode schema = Json.parse("{\"type\":\"string\",\"pattern\":\"^(a|b)*$\"}");
        assertThat(validator.validate(schema, Json.valueToTree("ab".repeat(1 << 19)))).singleElement().asString()
                .contains("too costly");
        // An ordinary pattern still checks a megabyte in linear time.
        JsonNode linear = Json.parse("{\"type\":\"string\",\"pattern\":\"^[a-z]+$\"}");
        assertThat(validator.validate(linear, Json.valueToTree("ab".repeat(1 << 19)))).isEmpty();
        assertThat(validator.validate(linear, Json.valueToTree("ab".repeat(1 << 19) + "!"))).hasSize(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSchemaNestedTenThousandDeepIsAResultNotAStackOverflow() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode schema = nodes.objectNode().put("type", "string");
        JsonNode instance = Json.valueToTree("leaf");
        for (int i = 0; i < 10_000; i++) {
            ObjectNode outer = nodes.objectNode().put("type", "object");
            outer.putObject("properties").set("p", schema);
            schema = outer;
            instance = nodes.objectNode().set("p", instance);
        }
        assertThat(JsonSchemas.validate(schema, instance)).singleElement().asString()
                .isEqualTo("the schema itself is invalid: it nests deeper than 1000 levels");
        // A value nested as deep under a recursive schema: checked, or one violation; never an Error.
        JsonNode recursive = Json.parse("{\"type\":\"object\",\"properties\":{\"p\":{\"$ref\":\"#\"}}}");
        assertThat(validator.validate(recursive, instance)).hasSizeLessThanOrEqualTo(1);
    }
}
