package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Sampling, server log messages and completions from the command line, against real servers. */
class CliServerFeaturesTest {
    @Test
    void withNoSamplingItIsNotAnnouncedSoAServerOffersOnlyWhatCanWork() {
        CliRun r = CliRun.of("--stdio", EverythingFixture.stdio(), "--no-sampling", "tools");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("trigger-elicitation-request").doesNotContain("trigger-sampling-request");
    }

    @Test
    void samplingIsDeclinedByDefaultWithAClearErrorAndANoticeOnStderr() {
        CliRun r = CliRun.of("--stdio", EverythingFixture.stdio(),
                "call", "trigger-sampling-request", "prompt=Say hi");

        assertThat(r.code()).isEqualTo(McpHostCommand.TOOL_ERROR);
        assertThat(r.out()).contains(ClientFeatures.NO_MODEL);
        assertThat(r.err().strip().lines()).containsExactly("mcphost: server 'node' asked for sampling (a model's reply to 1"
                + " message(s), at most 100 tokens); declined: no model is configured",
                "mcphost: tool 'trigger-sampling-request' returned an error (isError: true; exit 1)");
    }

    @Test
    void logLevelAsksTheServerForItsLogsAndPrintsThemOnStderr() {
        CliRun info = CliRun.of("--log-level", "info", "call", "slow_task", "steps=1", "delayMs=0");
        CliRun warning = CliRun.of("call", "slow_task", "steps=1", "delayMs=0", "--log-level", "WARNING");

        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.err().lines()).contains("[demo] info [slow_task]: slow_task finished 1 steps");
        assertThat(warning.code()).as(warning.err()).isZero();
        assertThat(warning.err()).doesNotContain("slow_task finished");
    }

    @Test
    void anUnknownLogLevelIsAUsageErrorBeforeAnyServerStarts() {
        CliRun r = CliRun.of("--log-level", "loud", "--stdio", "definitely-not-a-command", "ping");

        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("--log-level takes debug|info|notice|warning|error|critical|alert|emergency, not 'loud'");
    }

    @Test
    void completePromptAndResourcePrintOneValuePerLine() {
        CliRun prompt = CliRun.of("complete", "prompt", "summarize", "style", "b");
        CliRun resource = CliRun.of("complete", "resource", "demo://notes/{name}", "name");
        CliRun none = CliRun.of("complete", "prompt", "summarize", "style", "zzz");

        assertThat(prompt.code()).isZero();
        assertThat(prompt.out().lines()).containsExactly("bullet points", "brief");
        assertThat(resource.out().lines()).containsExactly("groceries", "ideas", "todo");
        assertThat(none.out()).isEmpty();
        assertThat(none.err().strip()).isEqualTo("(no suggestions)");
    }

    @Test
    void completeWithJsonPrintsTheRawResultIncludingTotalAndHasMore() {
        CliRun r = CliRun.of("--json", "complete", "prompt", "summarize", "style");

        JsonNode completion = Json.parse(r.out()).path("completion");
        assertThat(completion.path("values")).hasSize(4);
        assertThat(completion.path("total").asInt()).isEqualTo(4);
        assertThat(completion.path("hasMore").asBoolean()).isFalse();
    }

    @Test
    void contextArgumentsNarrowTheSuggestions() {
        String everything = EverythingFixture.stdio();
        CliRun sales = CliRun.of("--stdio", everything, "complete", "prompt", "completable-prompt", "name", "--context", "department=Sales");
        CliRun noContext = CliRun.of("--stdio", everything, "complete", "prompt", "completable-prompt", "department", "S");

        assertThat(sales.code()).isZero();
        assertThat(sales.out().lines()).containsExactly("David", "Eve", "Frank");
        assertThat(noContext.out().lines()).containsExactly("Sales", "Support");
    }

    @Test
    void completeNeedsAKindAndWellFormedContext() {
        assertThat(CliRun.of("complete").err()).contains("Missing required subcommand (see 'mcphost complete --help')");
        assertThat(CliRun.of("complete", "prompt", "summarize", "style", "--context", "novalue").err())
                .contains("--context: ");
    }
}
