package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code call} looks the tool up in the server's listing before calling and types each {@code key=value} by
 * the tool's input schema (issue 32), against the demo server (which answers an unknown tool with a JSON-RPC
 * error) and the npm reference server server-everything (which answers it with a tool result marked
 * {@code isError}) alike. {@code -v} shows the traffic, so each test sees whether {@code tools/call} was sent.
 */
@Timeout(120)
class CliCallSchemaTest {
    private static final String CALL_SENT = "→ tools/call";

    @Test
    void anUnknownToolExitsThreeWithADidYouMeanWhateverTheServerWouldAnswer() {
        CliRun demo = CliRun.of("-v", "call", "ecko", "text=hi");
        CliRun everything = CliRun.of("-v", "--stdio", EverythingFixture.stdio(), "call", "ecko", "message=hi");

        assertThat(demo.code()).as(demo.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(everything.code()).as(everything.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(errorLine(demo)).isEqualTo("mcphost: server 'demo' offers no tool 'ecko'; did you mean 'echo'?");
        // The same words; only the server's name differs (--stdio names it after its command).
        assertThat(errorLine(everything)).isEqualTo("mcphost: server 'node' offers no tool 'ecko'; did you mean 'echo'?");
        assertThat(demo.err()).doesNotContain(CALL_SENT).contains("→ tools/list");
        assertThat(everything.err()).doesNotContain(CALL_SENT).contains("→ tools/list");
    }

    @Test
    void anUnknownToolWithoutALikelyTypoNamesTheToolsTheServerOffers() {
        CliRun demo = CliRun.of("call", "no_such_tool");
        CliRun everything = CliRun.of("--stdio", EverythingFixture.stdio(), "call", "no_such_tool");
        CliRun json = CliRun.of("--json", "--stdio", EverythingFixture.stdio(), "call", "no_such_tool");

        assertThat(demo.code()).as(demo.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(everything.code()).as(everything.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(json.code()).as(json.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(demo.err().strip().lines()).singleElement().asString()
                .startsWith("mcphost: server 'demo' offers no tool 'no_such_tool'; it offers ").contains("echo", "add");
        // server-everything lists more than the message shows: the count and where to see them all.
        assertThat(everything.err().strip().lines()).singleElement().asString()
                .startsWith("mcphost: server 'node' offers no tool 'no_such_tool'; it offers ").contains("echo", "get-sum")
                .containsPattern(", … \\(\\d+ in all: see 'mcphost tools'\\)$");
        assertThat(everything.out()).isEmpty();
    }

    @Test
    void aNumberGivenToAStringParameterIsSentAsItsText() {
        CliRun demo = CliRun.of("-v", "call", "echo", "text=123");
        CliRun everything = CliRun.of("--stdio", EverythingFixture.stdio(), "call", "echo", "message=123");
        CliRun leadingZeros = CliRun.of("call", "echo", "text=007");

        assertThat(demo.code()).as(demo.err()).isZero();
        assertThat(demo.err()).contains("\"arguments\":{\"text\":\"123\"}");
        assertThat(demo.out().strip()).isEqualTo("123");
        assertThat(everything.code()).as(everything.out() + everything.err()).isZero();
        assertThat(everything.out().strip()).isEqualTo("Echo: 123");
        assertThat(leadingZeros.out().strip()).isEqualTo("007");
    }

    @Test
    void aValueThatIsNotANumberIsAUsageErrorNamingTheParameterAndNothingIsCalled() {
        CliRun demo = CliRun.of("-v", "call", "slow_task", "steps=abc");
        CliRun everything = CliRun.of("-v", "--stdio", EverythingFixture.stdio(), "call", "get-sum", "a=one", "b=2");

        assertThat(demo.code()).as(demo.err()).isEqualTo(ExitCode.USAGE);
        assertThat(demo.err()).contains("mcphost: parameter 'steps' takes an integer, not 'abc' (see 'mcphost call --help')")
                .doesNotContain(CALL_SENT);
        assertThat(everything.code()).as(everything.err()).isEqualTo(ExitCode.USAGE);
        assertThat(everything.err()).contains("mcphost: parameter 'a' takes a number, not 'one'").doesNotContain(CALL_SENT);
        assertThat(CliRun.of("call", "slow_task", "steps=1.5").err()).contains("parameter 'steps' takes an integer, not '1.5'");
    }

    @Test
    void numbersAndJsonStillReachTheirParameters() {
        CliRun demo = CliRun.of("--json", "call", "add", "a=+40", "b=2");
        CliRun everything = CliRun.of("--stdio", EverythingFixture.stdio(), "call", "get-sum", "a=1.5", "b=2");
        CliRun fromJson = CliRun.of("call", "echo", "--json", "{\"text\":\"from json\"}");

        assertThat(demo.code()).as(demo.err()).isZero();
        assertThat(demo.out()).containsPattern("\"sum\"\\s*:\\s*42");
        assertThat(everything.code()).as(everything.out() + everything.err()).isZero();
        assertThat(everything.out()).contains("3.5");
        assertThat(fromJson.out().strip()).isEqualTo("from json");
    }

    @Test
    void underAConfigTheHostsCatalogDecidesAndTypesTheSameWay(@TempDir Path dir) throws Exception {
        List<String> demo = DemoServer.command();
        String args = demo.subList(1, demo.size()).stream().map(a -> "\"" + a.replace("\\", "\\\\") + "\"")
                .collect(Collectors.joining(", "));
        Path config = Files.writeString(dir.resolve("mcp.json"), "{\"mcpServers\": {\"demo\": {\"command\": \""
                + demo.getFirst() + "\", \"args\": [" + args + "]}}}");

        CliRun typo = CliRun.of("--config", config.toString(), "call", "echo");
        CliRun unknown = CliRun.of("--config", config.toString(), "call", "demo__no_such_tool");
        CliRun text = CliRun.of("--config", config.toString(), "call", "demo__echo", "text=123");
        CliRun notANumber = CliRun.of("--config", config.toString(), "call", "demo__add", "a=one", "b=2");

        assertThat(typo.code()).as(typo.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(typo.err().strip()).isEqualTo("mcphost: no available tool is named 'echo'; did you mean 'demo__echo'?");
        assertThat(unknown.code()).as(unknown.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(unknown.err().strip()).startsWith("mcphost: no available tool is named 'demo__no_such_tool'; the servers offer demo__");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out().strip()).isEqualTo("123");
        assertThat(notANumber.code()).as(notANumber.err()).isEqualTo(ExitCode.USAGE);
        assertThat(notANumber.err()).contains("parameter 'a' takes a number, not 'one'");
    }

    /** The one error line, without what follows (a verbose run's traffic comes before it). */
    private static String errorLine(CliRun run) {
        return run.err().lines().filter(l -> l.startsWith("mcphost: ")).reduce((first, last) -> last).orElse("");
    }
}
