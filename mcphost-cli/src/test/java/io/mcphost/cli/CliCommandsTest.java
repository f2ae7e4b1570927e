package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import org.junit.jupiter.api.Test;

/** What each command prints, in process, against the real demo server as a child process. */
class CliCommandsTest {
    @Test
    void infoShowsTheServerTheNegotiatedRevisionAndTheInstructions() {
        // Pinned: with auto, a demo JVM that starts slower than the probe's deadline is spoken to as legacy.
        CliRun r = CliRun.of("--era", "modern", "info");
        CliRun legacy = CliRun.of("--era", "legacy", "info");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("mcphost-demo 0.1.0", "2026-07-28", "modern", "tools, resources, prompts", "A demo server: try echo");
        assertThat(legacy.code()).isZero();
        assertThat(legacy.out()).contains("mcphost-demo 0.1.0", "2025-11-25", "legacy", "tools, resources, prompts", "A demo server: try echo");
    }

    @Test
    void structuredContentIsPrintedAsPrettyJsonUnderTheTextWhenAskedFor() {
        CliRun r = CliRun.of("call", "add", "a=19", "b=23", "--structured");

        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("42\nstructured content:\n{\n  \"sum\" : 42\n}");
    }

    @Test
    void addKeepsIntegersIntegralAndFractionsFractional() {
        CliRun integers = CliRun.of("--json", "call", "add", "a=19", "b=23");
        CliRun fraction = CliRun.of("--json", "call", "add", "a=2", "b=40.5");
        CliRun huge = CliRun.of("--json", "call", "add", "--json", "{\"a\":9223372036854775807,\"b\":1}");

        assertThat(integers.code()).isZero();
        assertThat(integers.out()).contains("\"sum\" : 42\n").doesNotContain("42.0");
        assertThat(Json.parse(integers.out()).path("structuredContent").path("sum").isIntegralNumber()).isTrue();
        assertThat(Json.parse(fraction.out()).path("structuredContent").path("sum").doubleValue()).isEqualTo(42.5);
        assertThat(Json.parse(huge.out()).path("structuredContent").path("sum").asString()).isEqualTo("9223372036854775808");
    }

    @Test
    void progressArrivesOnStderrAsPlainLinesWhenStderrIsNotATerminal() {
        CliRun r = CliRun.of("call", "slow_task", "steps=3", "delayMs=0");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("done: 3 steps");
        assertThat(r.err()).doesNotContain("\r");
        assertThat(r.err().lines()).containsExactly(
                "[##########....................]  33% step 1 of 3",
                "[####################..........]  67% step 2 of 3",
                "[##############################] 100% step 3 of 3");
    }

    @Test
    void resourcesListsResourcesAndTemplatesAndReadPrintsTheText() {
        CliRun list = CliRun.of("resources");
        CliRun read = CliRun.of("read", "demo://notes/groceries");

        assertThat(list.out()).contains("demo://readme", "demo://notes/{name}  (template) A note by name");
        assertThat(read.code()).isZero();
        assertThat(read.out().strip()).isEqualTo("This is the note called 'groceries'.");
    }

    @Test
    void promptsListTheirArgumentsAndPromptRendersTheMessages() {
        CliRun list = CliRun.of("prompts");
        CliRun get = CliRun.of("prompt", "summarize", "text=MCP is a protocol.", "style=bullet points");

        assertThat(list.out()).contains("summarize text [style]");
        assertThat(get.code()).isZero();
        assertThat(get.out()).contains("[user]", "as bullet points:", "MCP is a protocol.");
    }

    @Test
    void pingPrintsTheRoundTripTime() {
        CliRun r = CliRun.of("ping");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).matches("pong from demo in \\d+\\.\\d{2} ms");
    }

    @Test
    void withoutACommandTheDemoTourRunsEndToEnd() {
        CliRun r = CliRun.of();

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("mcphost-demo", "Hello from McpHost!", "\"sum\" : 42\n", "done: 5 steps",
                "(tool error) failed on purpose", "demo://readme", "summarize");
        assertThat(r.err()).contains("100% step 5 of 5");
    }
}
