package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import org.junit.jupiter.api.Test;

/** {@code tools NAME}, {@code tools -l} and how a call's structured content is printed, against the demo server. */
class CliToolsTest {
    @Test
    void aNamedToolIsDescribedWithItsParametersOutputSchemaAndAnExampleCall() {
        CliRun r = CliRun.of("tools", "add");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("PARAMETER", "TYPE", "REQUIRED", "Output schema:", "Example:");
        assertThat(r.out().lines().filter(l -> l.startsWith("a "))).singleElement().asString()
                .matches("a\\s+number\\s+yes\\s+.*");
        assertThat(r.out()).contains("  mcphost call add a=1 b=1");
    }

    @Test
    void describeIsTheSameCommandAndJsonGivesTheTool() {
        CliRun r = CliRun.of("--json", "describe", "echo");

        assertThat(r.code()).isZero();
        assertThat(Json.parse(r.out()).path("name").asString()).isEqualTo("echo");
    }

    @Test
    void longListingGivesOneSignaturePerTool() {
        CliRun r = CliRun.of("tools", "-l");

        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).contains("add a:number b:number", "echo text:string");
    }

    @Test
    void structuredContentTheTextAlreadySaysIsPrintedOnlyOnRequest() {
        CliRun plain = CliRun.of("call", "add", "a=1", "b=2");
        CliRun asked = CliRun.of("call", "add", "a=1", "b=2", "--structured");

        assertThat(plain.out()).doesNotContain("structured content:");
        assertThat(asked.out()).contains("structured content:", "\"sum\"");
    }

    @Test
    void aLongDescriptionIsWrappedToTheLineWidth() {
        CliRun r = CliRun.of("--stdio", EverythingFixture.stdio(), "tools", "gzip-file-as-resource");

        assertThat(r.code()).as(r.err()).isZero();
        String description = r.out().substring(0, r.out().indexOf("PARAMETER"));
        assertThat(description.lines()).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        assertThat(ToolDescription.wrap("aaa bbb ccc", 7)).containsExactly("aaa bbb", "ccc");
    }
}
