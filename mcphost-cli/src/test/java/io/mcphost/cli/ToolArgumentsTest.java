package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ToolArgumentsTest {
    @Test
    void valuesThatReadAsJsonAreJsonAndTheRestAreStrings() {
        var args = ToolArguments.parse(List.of("n=42", "ok=true", "list=[1,2]", "name=Ada Lovelace", "quoted=\"7\""), null);

        assertThat(args.get("n").isNumber()).isTrue();
        assertThat(args.get("ok").isBoolean()).isTrue();
        assertThat(args.get("list").isArray()).isTrue();
        assertThat(args.get("name").stringValue()).isEqualTo("Ada Lovelace");
        assertThat(args.get("quoted").stringValue()).isEqualTo("7");
    }

    @Test
    void keyValueWordsWinOverTheJsonObject() {
        var args = ToolArguments.parse(List.of("a=2"), "{\"a\":1,\"b\":3}");

        assertThat(args.toString()).isEqualTo("{\"a\":2,\"b\":3}");
    }

    @Test
    void malformedInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> ToolArguments.parse(List.of("novalue"), null)).hasMessageContaining("expected key=value");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "[1]")).hasMessageContaining("must be a JSON object");
    }
}
