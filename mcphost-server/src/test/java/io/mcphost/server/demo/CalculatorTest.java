package io.mcphost.server.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The demo calculator's arithmetic and its error messages. */
class CalculatorTest {

    @ParameterizedTest
    @CsvSource(delimiter = '=', value = {
            "1 + 2 * 3 = 7",
            "(1 + 2) * 3 = 9",
            "10 / 4 = 2.5",
            "8 - 3 - 2 = 3",
            "16 / 4 / 2 = 2",
            "-3 + 5 = 2",
            "-(2 + 3) * -2 = 10",
            "+4 = 4",
            "  2.5*2  = 5",
            "((((7)))) = 7"})
    void evaluatesWithTheUsualPrecedenceAndLeftAssociativity(String expression, double expected) {
        assertThat(Calculator.evaluate(expression)).isEqualTo(expected);
    }

    @Test
    void divisionByZeroIsAnErrorNotInfinity() {
        assertThatThrownBy(() -> Calculator.evaluate("1 / (2 - 2)"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("division by zero");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2 + | the expression ends too early",
            "2 $ 3 | unexpected '$' at position 3",
            "(2 + 3 | missing ')' at position 7",
            "1.2.3 | bad number '1.2.3'",
            "abc | unexpected 'a' at position 1"})
    void malformedInputIsRefusedWithAMessageSayingWhere(String expression, String message) {
        assertThatThrownBy(() -> Calculator.evaluate(expression))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void anEmptyExpressionIsRefused() {
        assertThatThrownBy(() -> Calculator.evaluate("   "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the expression is empty");
    }

    @Test
    void absurdNestingIsRefusedBeforeItExhaustsTheStack() {
        String deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);

        assertThatThrownBy(() -> Calculator.evaluate(deep))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nests deeper than");
        assertThat(Calculator.evaluate("(".repeat(50) + "1" + ")".repeat(50))).isEqualTo(1);
    }
}
