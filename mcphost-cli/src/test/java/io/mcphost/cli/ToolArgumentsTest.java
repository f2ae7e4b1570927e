package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

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

    @Test
    void malformedInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> ToolArguments.parse(List.of("novalue"), null)).hasMessage("expected key=value, got 'novalue'");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("=v"), null)).hasMessageContaining("expected key=value");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "[1]")).hasMessageContaining("must be a JSON object");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "{\"a\":")).hasMessageContaining("is not valid JSON");
        assertThatThrownBy(() -> ToolArguments.strings(List.of("novalue"))).hasMessageContaining("expected key=value");
    }
}
