package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/**
 * The CLI's contract end to end, in process, against the real demo server started as a child
 * process: what each exit code means and how errors read.
 */
class CliTest {
    @Test
    void toolsListsTheDemoServersTools() {
        CliRun r = CliRun.of("tools");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("echo", "calculate", "slow_task");
        assertThat(r.out().lines().filter(l -> l.startsWith("echo"))).singleElement().asString()
                .matches("echo\\s{2,}Returns the text it is given\\.");
    }

    @Test
    void callPrintsTheToolsText() {
        CliRun r = CliRun.of("call", "echo", "text=hello world");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("hello world");
    }

    @Test
    void aToolErrorExitsWithOne() {
        CliRun r = CliRun.of("call", "fail");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("failed on purpose");
    }

    @Test
    void anUnknownToolExitsWithThreeAndOneLine() {
        CliRun r = CliRun.of("call", "nope");

        assertThat(r.code()).isEqualTo(3);
        // Refused from the server's listing before calling (issue 32), so every server gives this line and exit 3.
        assertThat(r.err().strip()).startsWith("mcphost: server 'demo' offers no tool 'nope'; it offers echo, ");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void aMissingToolNameIsAUsageErrorOnOneLine() {
        CliRun r = CliRun.of("call");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("mcphost: Missing required parameter: 'TOOL' (see 'mcphost call --help')");
    }

    @Test
    void everyCommandHasHelp() {
        CliRun r = CliRun.of("call", "--help");

        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Usage: mcphost call").contains("KEY=VALUE", "--json");
    }

    @Test
    void badUsageExitsWithTwoBeforeAnyServerStarts() {
        assertThat(CliRun.of("call", "echo", "novalue").code()).isEqualTo(2);
        assertThat(CliRun.of("call", "echo", "--json", "{not json").code()).isEqualTo(2);
        assertThat(CliRun.of("--stdio", "node 'unbalanced", "tools").err()).contains("unbalanced '");
        assertThat(CliRun.of("--stdio", "node 'unbalanced", "tools").code()).isEqualTo(2);
        assertThat(CliRun.of("--stdio", "  ", "tools").code()).isEqualTo(2);
        assertThat(CliRun.of("--env", "NOVALUE", "tools").code()).isEqualTo(2);
        assertThat(CliRun.of("--timeout", "soon", "ping").err()).contains("--timeout takes a duration such as 30 (seconds), 30s, 2m, 500ms or PT2M");
        assertThat(CliRun.of("--timeout", "-5", "ping").code()).isEqualTo(2);
        assertThat(CliRun.of("no-such-command").code()).isEqualTo(2);
    }

    @Test
    void toolArgumentsGivenToAnotherCommandAreAUsageError() {
        CliRun r = CliRun.of("--json", "{\"a\":1}", "tools");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("only 'call' takes");
    }

    @Test
    void jsonOutputIsTheRawResult() {
        CliRun r = CliRun.of("--json", "call", "add", "a=1", "b=2");

        assertThat(r.code()).isZero();
        var tree = Json.parse(r.out());
        assertThat(tree.path("structuredContent").path("sum").doubleValue()).isEqualTo(3.0);
        assertThat(tree.path("content").path(0).path("type").asString()).isEqualTo("text");
    }

    @Test
    void theJsonFlagWorksAfterTheSubcommandToo() {
        CliRun r = CliRun.of("tools", "--json");

        assertThat(r.code()).isZero();
        assertThat(Json.parse(r.out()).path("tools").isArray()).isTrue();
    }

    @Test
    void jsonFollowedByAnObjectGivesTheArgumentsAndKeyValueWordsWin() {
        CliRun human = CliRun.of("call", "echo", "--json", "{\"text\":\"from json\"}");
        CliRun both = CliRun.of("--json", "call", "add", "--json", "{\"a\":1,\"b\":5}", "b=2");

        assertThat(human.code()).isZero();
        assertThat(human.out().strip()).isEqualTo("from json");
        assertThat(both.code()).isZero();
        assertThat(Json.parse(both.out()).path("structuredContent").path("sum").doubleValue()).isEqualTo(3.0);
    }

    @Test
    void aServerThatCannotStartExitsWithFourAndAClearLine() {
        CliRun r = CliRun.of("--stdio", "definitely-not-a-command", "tools");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err()).startsWith("mcphost: server 'definitely-not-a-command': cannot start").doesNotContain("\tat ");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void aServerThatDiesAtStartQuotesItsStderrIncludingTheEnvGiven() {
        CliRun r = CliRun.of("--stdio", "bash -c 'echo \"fatal: token $MCPHOST_TEST_TOKEN rejected\" >&2; exit 4'",
                "--env", "MCPHOST_TEST_TOKEN=abc", "tools");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err()).startsWith("mcphost: ").contains("exited with code 4", "fatal: token abc rejected");
    }

    @Test
    void aCallThatOutlivesTheTimeoutExitsWithFive() {
        CliRun r = CliRun.of("--timeout", "PT4S", "call", "slow_task", "steps=20", "delayMs=500");

        assertThat(r.code()).isEqualTo(ExitCode.TIMEOUT);
        // The request id depends on what the client sent before (a modern client's listen stream takes one).
        assertThat(r.err().lines().filter(l -> l.startsWith("mcphost: "))).singleElement(InstanceOfAssertFactories.STRING)
                .matches("mcphost: server 'demo': tools/call \\(request \\d+\\) got no answer within 4 s");
    }

    @Test
    void theTimeoutBoundsTheHandshakeToo() {
        long start = System.nanoTime();
        // A "server" that never answers initialize: the run ends at --timeout, not at the 30 s handshake default.
        CliRun r = CliRun.of("--stdio", "sleep 60", "--timeout", "2s", "tools");

        assertThat(r.code()).isEqualTo(ExitCode.TIMEOUT);
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(10));
    }

    @Test
    void verboseModeAddsTheStackTrace() {
        CliRun r = CliRun.of("-v", "--stdio", "definitely-not-a-command", "tools");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err()).contains("\tat ");
    }
}
