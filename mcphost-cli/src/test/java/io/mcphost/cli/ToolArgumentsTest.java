package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Json;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ToolArgumentsTest {
    @Test
    void valuesThatReadAsJsonAreJsonAndTheRestAreStrings() {
        var args = ToolArguments.parse(List.of("n=42", "x=-1.5", "ok=true", "none=null", "list=[1,2]", "obj={\"k\":1}",
                "name=Ada Lovelace", "quoted=\"7\""), null);

        assertThat(args.get("n").isIntegralNumber()).isTrue();
        assertThat(args.get("x").doubleValue()).isEqualTo(-1.5);
        assertThat(args.get("ok").isBoolean()).isTrue();
        assertThat(args.get("none").isNull()).isTrue();
        assertThat(args.get("list").isArray()).isTrue();
        assertThat(args.get("obj").path("k").intValue()).isEqualTo(1);
        assertThat(args.get("name").stringValue()).isEqualTo("Ada Lovelace");
        assertThat(args.get("quoted").stringValue()).isEqualTo("7");
    }

    @Test
    void textThatOnlyStartsLikeJsonStaysAString() {
        var args = ToolArguments.parse(List.of("a=12abc", "b=1 2", "c=[1,", "d=01234", "e=True", "f="), null);

        assertThat(args.get("a").stringValue()).isEqualTo("12abc");
        assertThat(args.get("b").stringValue()).isEqualTo("1 2");
        assertThat(args.get("c").stringValue()).isEqualTo("[1,");
        assertThat(args.get("d").stringValue()).isEqualTo("01234");
        assertThat(args.get("e").stringValue()).isEqualTo("True");
        assertThat(args.get("f").stringValue()).isEmpty();
    }

    @Test
    void onlyTheFirstEqualsSignSplitsKeyFromValue() {
        var args = ToolArguments.parse(List.of("query=a=b&c=d"), null);

        assertThat(args.get("query").stringValue()).isEqualTo("a=b&c=d");
    }

    @Test
    void keyValueWordsWinOverTheJsonObject() {
        var args = ToolArguments.parse(List.of("a=2"), "{\"a\":1,\"b\":3}");

        assertThat(args.toString()).isEqualTo("{\"a\":2,\"b\":3}");
    }

    @Test
    void noWordsAndNoJsonMakeAnEmptyObject() {
        assertThat(ToolArguments.parse(List.of(), null).toString()).isEqualTo("{}");
    }

    @Test
    void promptArgumentsStayStringsEvenWhenTheyReadAsJson() {
        assertThat(ToolArguments.strings(List.of("n=42", "s=a=b"))).containsEntry("n", "42").containsEntry("s", "a=b");
    }

    private static final JsonNode SCHEMA = Json.parse("""
            {"type":"object","properties":{
              "content":{"type":"string"}, "count":{"type":"integer"}, "ratio":{"type":"number"},
              "ok":{"type":"boolean"}, "tags":{"type":"array","items":{"type":"string"}}, "meta":{"type":"object"},
              "limit":{"type":["integer","null"]}, "id":{"type":["integer","string"]}, "any":{"description":"no type"},
              "odd":{"type":"file"}}}""");

    @Test
    void aStringParameterTakesTheTextAsWritten() {
        var args = ToolArguments.parse(List.of("content=123", "content2=x"), null, SCHEMA);
        var more = ToolArguments.parse(List.of("content=true"), null, SCHEMA);
        var quoted = ToolArguments.parse(List.of("content=\"7\""), null, SCHEMA);
        var nothing = ToolArguments.parse(List.of("content="), null, SCHEMA);

        assertThat(args.get("content").isString()).isTrue();
        assertThat(args.get("content").stringValue()).isEqualTo("123");
        assertThat(more.get("content").stringValue()).isEqualTo("true");
        assertThat(quoted.get("content").stringValue()).isEqualTo("\"7\"");
        assertThat(nothing.get("content").stringValue()).isEmpty();
    }

    @Test
    void numbersBooleansArraysAndObjectsAreParsedByTheirType() {
        var args = ToolArguments.parse(List.of("count=007", "ratio=-1.5e2", "ok=TRUE", "tags=[\"a\",\"b\"]", "meta={\"k\":1}",
                "limit=null", "id=42", "any=[1]", "odd=5"), null, SCHEMA);
        var big = ToolArguments.parse(List.of("count=123456789012345678901234567890", "ratio=+3"), null, SCHEMA);

        assertThat(args.get("count").isIntegralNumber()).isTrue();
        assertThat(args.get("count").intValue()).isEqualTo(7);
        assertThat(args.get("ratio").doubleValue()).isEqualTo(-150.0);
        assertThat(args.get("ok").booleanValue()).isTrue();
        assertThat(args.get("tags").toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(args.get("meta").path("k").intValue()).isEqualTo(1);
        assertThat(args.get("limit").isNull()).isTrue();
        assertThat(args.get("id").isIntegralNumber()).isTrue(); // integer listed before string: 42 is the number
        assertThat(args.get("any").isArray()).isTrue(); // no type: guessed, as without a schema
        assertThat(args.get("odd").isIntegralNumber()).isTrue(); // a type JSON Schema does not define: guessed
        assertThat(big.get("count").bigIntegerValue()).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(big.get("ratio").intValue()).isEqualTo(3);
        assertThat(ToolArguments.parse(List.of("id=abc"), null, SCHEMA).get("id").stringValue()).isEqualTo("abc");
        // Beyond a double's range, still a JSON number (the fuzz target's first finding: converting it threw).
        assertThat(ToolArguments.parse(List.of("ratio=5.5e5601"), null, SCHEMA).get("ratio").decimalValue())
                .isEqualByComparingTo(new java.math.BigDecimal("5.5e5601"));
        assertThat(ToolArguments.parse(List.of("unlisted=12"), null, SCHEMA).get("unlisted").intValue()).isEqualTo(12);
    }

    @Test
    void aValueThatFitsNoTypeOfItsParameterIsRefusedNamingTheParameterTheTypeAndTheValue() {
        assertThatThrownBy(() -> ToolArguments.parse(List.of("count=abc"), null, SCHEMA))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("parameter 'count' takes an integer, not 'abc'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("count=1.5"), null, SCHEMA)).hasMessage("parameter 'count' takes an integer, not '1.5'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("count="), null, SCHEMA)).hasMessage("parameter 'count' takes an integer, not ''");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("ratio=NaN"), null, SCHEMA)).hasMessage("parameter 'ratio' takes a number, not 'NaN'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("ok=yes"), null, SCHEMA)).hasMessage("parameter 'ok' takes true or false, not 'yes'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("tags=a,b"), null, SCHEMA)).hasMessage("parameter 'tags' takes a JSON array ([...]), not 'a,b'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("meta=[1]"), null, SCHEMA)).hasMessage("parameter 'meta' takes a JSON object ({...}), not '[1]'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("limit=none"), null, SCHEMA)).hasMessage("parameter 'limit' takes an integer or null, not 'none'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("count=" + "x".repeat(100)), null, SCHEMA))
                .hasMessage("parameter 'count' takes an integer, not '" + "x".repeat(60) + "…'");
    }

    @Test
    void theJsonObjectIsTakenAsGivenAndWordsStillWin() {
        var args = ToolArguments.parse(List.of("count=3"), "{\"content\":5,\"count\":1}", SCHEMA);

        assertThat(args.toString()).isEqualTo("{\"content\":5,\"count\":3}");
    }

    @Test
    void aSchemaWithoutPropertiesOrNoSchemaKeepsTheGuess() {
        assertThat(ToolArguments.parse(List.of("n=42"), null, Json.parse("{\"type\":\"object\"}")).get("n").isIntegralNumber()).isTrue();
        assertThat(ToolArguments.parse(List.of("n=42"), null, Json.parse("{\"properties\":[]}")).get("n").isIntegralNumber()).isTrue();
        assertThat(ToolArguments.parse(List.of("n=42"), null, null).get("n").isIntegralNumber()).isTrue();
    }

    @Test
    void malformedInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> ToolArguments.parse(List.of("novalue"), null)).hasMessage("expected key=value, got 'novalue'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("=v"), null)).hasMessageContaining("expected key=value");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "[1]")).hasMessageContaining("must be a JSON object");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "{\"a\":")).hasMessageContaining("is not valid JSON");
        assertThatThrownBy(() -> ToolArguments.strings(List.of("novalue"))).hasMessageContaining("expected key=value");
    }
}
