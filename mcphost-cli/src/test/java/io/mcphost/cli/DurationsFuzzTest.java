package io.mcphost.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Fuzzes the one parser of duration options ({@code --timeout}, {@code --close-grace}, {@code --for}) and
 * the rewriting of ISO durations in messages (issue 31). Allowed outcomes: a positive duration, or the
 * {@link IllegalArgumentException} the options turn into a usage error. Invariants: a parsed duration is
 * positive, can be said back ({@link Durations#format}), and {@link Durations#humanize} never fails on any text.
 */
class DurationsFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        Durations.humanize(text);
        Duration d;
        try {
            d = Durations.parse("--timeout", text);
        } catch (IllegalArgumentException usage) {
            if (!usage.getMessage().startsWith("--timeout ")) {
                throw new AssertionError("the message does not name the option: " + usage.getMessage());
            }
            return;
        }
        if (d.isNegative() || d.isZero()) {
            throw new AssertionError(text + " gave " + d);
        }
        String said = Durations.format(d);
        if (said.isEmpty()) {
            throw new AssertionError(d + " formats as nothing");
        }
        Durations.humanize("timed out after " + d);
    }
}
