package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.tools.CallToolResult;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void parseRejectsTextThatIsNotJsonWithTheParsersReason() {
        assertThat(Json.parse("{\"a\":1}").path("a").intValue()).isEqualTo(1);
        assertThatThrownBy(() -> Json.parse("{\"a\":")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not valid JSON: ");
        assertThatThrownBy(() -> Json.parse("")).hasMessage("not valid JSON: no content");
    }

    @Test
    void recordsBecomeTheJsonTheWireWouldCarry() {
        var result = CallToolResult.text("hi");

        String compact = Json.write(result);

        assertThat(compact).doesNotContain("structuredContent").doesNotContain("\n");
        assertThat(Json.treeToValue(Json.parse(compact), CallToolResult.class)).isEqualTo(result);
        assertThat(Json.prettyPrint(Json.valueToTree(result))).contains("\n").contains("\"hi\"");
    }

    @Test
    void schemaViolationsAreSentencesAndABrokenSchemaIsOneViolation() {
        var schema = Json.parse("{\"type\":\"object\",\"required\":[\"a\"]}");

        assertThat(JsonSchemas.validate(schema, Json.parse("{\"a\":1}"))).isEmpty();
        assertThat(JsonSchemas.validate(schema, Json.newObject())).singleElement().asString().contains("a");
        assertThat(JsonSchemas.validate(Json.parse("42"), Json.newObject())).singleElement().asString()
                .startsWith("the schema itself is invalid");
    }
}
