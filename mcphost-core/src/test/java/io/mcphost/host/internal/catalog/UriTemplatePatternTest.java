package io.mcphost.host.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpProtocolException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** URI-template matching on inputs of 1 MiB, and the expressions that merge. */
class UriTemplatePatternTest {
    private static final int MIB = 1024 * 1024;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aUriOfOneMebibyteAgainstATemplateWithManyVariables() {
        UriTemplatePattern twenty = UriTemplatePattern.compile("x://" + "{a}/".repeat(20) + "{+rest}");
        assertThat(twenty.matches("x://" + "seg/".repeat(20) + "z".repeat(MIB))).isTrue();
        assertThat(twenty.matches("x://" + "seg/".repeat(19) + "z".repeat(MIB / 4))).isFalse();
        UriTemplatePattern mixed = UriTemplatePattern.compile("x://" + "{a}{/b}{.c}{;d}{?e}{&f}{#g}".repeat(6));
        assertThat(mixed.matches("x://" + "a/b.c;d?e&f#g".repeat(MIB / 13))).isTrue();
        // A run of variables is one part, whatever its length.
        assertThat(UriTemplatePattern.compile("x://" + "{a}{+b}{c}".repeat(10_000) + "/end").matches("x://" + "q".repeat(MIB) + "/end"))
                .isTrue();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aTemplateTooComplexForTheUriIsACleanErrorNotAnHour() {
        UriTemplatePattern thousands = UriTemplatePattern.compile("x://" + "{a}/".repeat(1_000));
        assertThat(thousands.matches("x://" + "a/".repeat(1_000))).isTrue();
        assertThatThrownBy(() -> thousands.matches("x://" + "a/".repeat(MIB / 2))).isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("too many to match");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aLongLiteralAgainstAUriOfItsOwnCharacterIsFoundInOnePass() {
        // Was uri.startsWith(literal, p) at every position: 256 Ki × 1 Mi character comparisons.
        String literal = "a".repeat(256 * 1024);
        UriTemplatePattern pattern = UriTemplatePattern.compile("{+x}" + literal + "b{+y}");
        assertThat(pattern.matches("a".repeat(MIB))).isFalse();
        assertThat(pattern.matches("a".repeat(MIB) + "b")).isTrue();
        assertThat(UriTemplatePattern.compile("{x}" + literal).matches("a".repeat(MIB))).isTrue();
    }

    @Test
    void adjacentExpressionsMatchWhatEachAloneWould() {
        assertThat(UriTemplatePattern.compile("x://{a}{b}").matches("x://one")).isTrue();
        assertThat(UriTemplatePattern.compile("x://{a}{b}").matches("x://one/two")).isFalse();
        assertThat(UriTemplatePattern.compile("x://{a}{+b}").matches("x://one/two?q")).isTrue();
        assertThat(UriTemplatePattern.compile("x://{+a}{b}").matches("x://one/two#f")).isTrue();
        assertThat(UriTemplatePattern.compile("x://h{/a}{/b}").matches("x://h/one/two")).isTrue();
        assertThat(UriTemplatePattern.compile("x://h{/a}{/b}").matches("x://hone")).isFalse();
        assertThat(UriTemplatePattern.compile("x://h{.a}{.b}").matches("x://h.tar.gz")).isTrue();
        assertThat(UriTemplatePattern.compile("x://h{?a}{&b}").matches("x://h?a=1&b=2")).isTrue();
        assertThat(UriTemplatePattern.compile("x://h{?a}{?b}").matches("x://h&a=1")).isFalse();
    }

    @Test
    void aLiteralThatOverlapsItselfIsFoundAtEveryOccurrence() {
        assertThat(UriTemplatePattern.compile("{x}abab{y}").matches("ababab")).isTrue();
        assertThat(UriTemplatePattern.compile("aab{x}").matches("aaab")).isFalse();
        assertThat(UriTemplatePattern.compile("{x}aab").matches("aaab")).isTrue();
        assertThat(UriTemplatePattern.compile("").matches("")).isTrue();
        assertThat(UriTemplatePattern.compile("").matches("a")).isFalse();
    }
}
