package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the CLI's fuzz targets found (issue 31), and megabyte-sized arguments parsed in linear time. */
class HostileArgumentsTest {
    @Test
    void aDurationLongerThanNanosecondsHoldIsAUsageError() {
        assertThatThrownBy(() -> Durations.parse("--timeout", "PT9223372036854775807S"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--timeout is too long (at most 106751 days)");
        assertThatThrownBy(() -> Durations.parse("--for", "99999999999999999999999h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--for is too long");
        assertThat(Durations.parse("--timeout", "PT2562047H")).isEqualTo(Duration.ofHours(2_562_047));
    }

    @Test
    void anyIsoDurationInAMessageIsSaidBack() {
        assertThat(Durations.humanize("waited PT9223372036854775807S")).isEqualTo("waited 9223372036854775807 s");
        assertThat(Durations.format(Duration.ofSeconds(Long.MAX_VALUE / 1000 * 60))).endsWith(" min");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1.5 s");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteKeyValueIsParsedInLinearTime() {
        String value = "[".repeat(1 << 19) + "]".repeat(1 << 19);
        // Nested too deep for JSON: a plain string, as any value that does not read as JSON.
        assertThat(ToolArguments.parse(List.of("deep=" + value), null).get("deep").stringValue()).hasSize(1 << 20);
        String big = "x".repeat(1 << 20);
        assertThat(ToolArguments.parse(List.of("k=" + big, big + "=v"), null).get(big).stringValue()).isEqualTo("v");
        assertThatThrownBy(() -> ToolArguments.parse(List.of(), "{\"a\":" + value + "}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--json is not valid JSON");
        assertThat(ToolArguments.strings(List.of("k=" + big)).get("k")).hasSize(1 << 20);
        // Typed by a schema: a megabyte of digits is no integer (decimal parsing is quadratic), and no number for JSON.
        var schema = io.mcphost.protocol.Json.parse("{\"properties\":{\"n\":{\"type\":\"integer\"},\"x\":{\"type\":\"number\"},"
                + "\"s\":{\"type\":\"string\"},\"a\":{\"type\":\"array\"}}}");
        String digits = "9".repeat(1 << 20);
        assertThatThrownBy(() -> ToolArguments.parse(List.of("n=" + digits), null, schema)).hasMessageStartingWith("parameter 'n' takes an integer");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("x=" + digits), null, schema)).hasMessageStartingWith("parameter 'x' takes a number");
        assertThatThrownBy(() -> ToolArguments.parse(List.of("a=" + value), null, schema)).hasMessageStartingWith("parameter 'a' takes a JSON array");
        assertThat(ToolArguments.parse(List.of("s=" + digits), null, schema).get("s").stringValue()).hasSize(1 << 20);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteDurationIsRefusedInLinearTime() {
        assertThatThrownBy(() -> Durations.parse("--timeout", "9".repeat(1 << 20) + "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Durations.parse("--timeout", "9".repeat(1 << 20)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too long");
        assertThat(Durations.humanize("PT1S ".repeat(1 << 18))).startsWith("1 s 1 s");
    }
}
