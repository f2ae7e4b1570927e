package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** How a typed line becomes a form field's value, or a reason to ask again. */
class FormFieldTest {
    private static FormField field(String schema, boolean required) {
        return FormField.of("f", Json.parse(schema), required);
    }

    private static String value(FormField field, String line) {
        FormField.Answer answer = field.parse(line);
        assertThat(answer).isInstanceOf(FormField.Answer.Value.class);
        return ((FormField.Answer.Value) answer).value().toString();
    }

    private static String invalid(FormField field, String line) {
        FormField.Answer answer = field.parse(line);
        assertThat(answer).isInstanceOf(FormField.Answer.Invalid.class);
        return ((FormField.Answer.Invalid) answer).reason();
    }

    @Test
    void emptyTakesTheDefaultSkipsAnOptionalFieldAndIsRefusedForARequiredOne() {
        assertThat(value(field("{\"type\":\"integer\",\"default\":42}", true), "  ")).isEqualTo("42");
        assertThat(field("{\"type\":\"string\"}", false).parse("")).isInstanceOf(FormField.Answer.Skip.class);
        assertThat(invalid(field("{\"type\":\"string\"}", true), "")).isEqualTo("an answer is required");
        assertThat(field("{\"type\":\"boolean\",\"default\":true}", false).prompt()).isEqualTo("  [yes] > ");
    }

    @Test
    void numbersIntegersAndBooleansAreParsedAndCheckedAgainstTheirRange() {
        FormField integer = field("{\"type\":\"integer\",\"minimum\":1,\"maximum\":100}", true);
        FormField number = field("{\"type\":\"number\"}", true);
        FormField yesNo = field("{\"type\":\"boolean\"}", true);

        assertThat(invalid(integer, "4.5")).isEqualTo("'4.5' is not a whole number");
        assertThat(invalid(integer, "500")).isEqualTo("must have a maximum value of 100");
        assertThat(value(integer, "7")).isEqualTo("7");
        assertThat(invalid(number, "pi")).isEqualTo("'pi' is not a number");
        assertThat(value(number, "3.14")).isEqualTo("3.14");
        assertThat(value(number, "-2")).isEqualTo("-2");
        assertThat(invalid(yesNo, "maybe")).isEqualTo("answer yes or no, not 'maybe'");
        assertThat(value(yesNo, "Y")).isEqualTo("true");
        assertThat(value(yesNo, "no")).isEqualTo("false");
        assertThat(integer.describe()).containsExactly("  f * (whole number, 1 to 100)");
    }

    @Test
    void textIsCheckedForLengthPatternAndTheCommonFormats() {
        FormField name = field("{\"type\":\"string\",\"title\":\"Name\",\"description\":\"Who\",\"minLength\":2,\"maxLength\":5}", true);

        assertThat(invalid(name, "A")).isEqualTo("must be at least 2 characters long");
        assertThat(invalid(name, "Adalbert")).isEqualTo("must be at most 5 characters long");
        assertThat(value(name, " Ada ")).isEqualTo("\"Ada\"");
        assertThat(name.describe()).containsExactly("  Name * (text, 2 to 5 characters): Who");
        assertThat(invalid(field("{\"type\":\"string\",\"pattern\":\"^[a-z]+$\"}", true), "A1")).contains("regex pattern ^[a-z]+$");
        assertThat(invalid(field("{\"type\":\"string\",\"format\":\"email\"}", true), "ada at home")).isEqualTo("'ada at home' is not a valid email");
        assertThat(invalid(field("{\"type\":\"string\",\"format\":\"date\"}", true), "2025-13-01")).startsWith("'2025-13-01' is not a valid date");
        assertThat(invalid(field("{\"type\":\"string\",\"format\":\"uri\"}", true), "example.com")).isEqualTo("'example.com' is not a valid uri");
        assertThat(value(field("{\"type\":\"string\",\"format\":\"date-time\"}", true), "2025-06-30T14:00:00Z")).isEqualTo("\"2025-06-30T14:00:00Z\"");
    }

    @Test
    void aChoiceIsPickedByNumberValueOrTitleWhateverWayTheSchemaTitlesIt() {
        FormField plain = field("{\"type\":\"string\",\"enum\":[\"red\",\"green\"],\"default\":\"green\"}", false);
        FormField titled = field("{\"type\":\"string\",\"oneOf\":[{\"const\":\"h1\",\"title\":\"Superman\"},"
                + "{\"const\":\"h2\",\"title\":\"Wonder Woman\"}]}", true);
        FormField legacy = field("{\"type\":\"string\",\"enum\":[\"p1\",\"p2\"],\"enumNames\":[\"Cats\",\"Dogs\"]}", true);

        assertThat(value(plain, "1")).isEqualTo("\"red\"");
        assertThat(value(plain, "")).isEqualTo("\"green\"");
        assertThat(plain.prompt()).isEqualTo("  [green] > ");
        assertThat(value(titled, "h2")).isEqualTo("\"h2\"");
        assertThat(value(titled, "wonder woman")).isEqualTo("\"h2\"");
        assertThat(invalid(titled, "3")).isEqualTo("'3' is not one of the choices: give its number (1 to 2) or its value");
        assertThat(titled.describe()).containsExactly("  f * (pick one: number or value)", "     1) Superman [h1]", "     2) Wonder Woman [h2]");
        assertThat(value(legacy, "2")).isEqualTo("\"p2\"");
        assertThat(legacy.choices()).extracting(FormField.Choice::title).containsExactly("Cats", "Dogs");
    }

    @Test
    void aMultiSelectTakesCommaSeparatedChoicesWithinItsItemCount() {
        FormField fish = field("{\"type\":\"array\",\"minItems\":1,\"maxItems\":2,\"default\":[\"f1\"],"
                + "\"items\":{\"anyOf\":[{\"const\":\"f1\",\"title\":\"Tuna\"},{\"const\":\"f2\",\"title\":\"Salmon\"},"
                + "{\"const\":\"f3\",\"title\":\"Trout\"}]}}", false);
        FormField instruments = field("{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"Guitar\",\"Piano\"]}}", false);

        assertThat(fish.kind()).isEqualTo(FormField.Kind.CHOICES);
        assertThat(value(fish, "3, salmon, 3")).isEqualTo("[\"f3\",\"f2\"]");
        assertThat(invalid(fish, "1,2,3")).isEqualTo("must have at most 2 items but found 3");
        assertThat(value(fish, "")).isEqualTo("[\"f1\"]");
        assertThat(fish.prompt()).isEqualTo("  [Tuna] > ");
        assertThat(value(instruments, "piano")).isEqualTo("[\"Piano\"]");
    }

    @Test
    void whatAServerSendsCannotMoveTheCursorOrClearTheScreen() {
        JsonNode schema = Json.parse("{\"type\":\"string\",\"title\":\"\\u001b[2JName\\r\"}");

        assertThat(FormField.of("f", schema, false).describe().getFirst()).isEqualTo("  ?[2JName? (text)");
    }
}
