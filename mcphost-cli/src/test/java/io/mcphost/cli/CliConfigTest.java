package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --config}: many servers as one from an mcp.json. */
class CliConfigTest {
    @TempDir
    Path dir;

    /** The demo server twice (as 'demo' and 'calc') and a command that does not exist. */
    private String config() throws Exception {
        List<String> demo = DemoServer.command();
        String args = demo.subList(1, demo.size()).stream().map(a -> "\"" + a.replace("\\", "\\\\") + "\"")
                .collect(Collectors.joining(", "));
        String entry = "{\"command\": \"" + demo.getFirst() + "\", \"args\": [" + args + "]}";
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, """
                {
                  // comments are fine
                  "mcpServers": {
                    "demo": %s,
                    "calc": %s,
                    "ghost": {"command": "mcphost-no-such-command-7f3a"}
                  }
                }""".formatted(entry, entry.replace("}", ", \"allowTools\": [\"add\", \"calculate\"]}")));
        return file.toString();
    }

    @Test
    void serversShowsEachServersStateAndExitsFourWhenOneIsDown() throws Exception {
        CliRun r = CliRun.of("--config", config(), "servers");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        // The revision is whatever the era probe found: modern, or legacy when a busy machine starts the JVM late.
        assertThat(r.out()).contains("SERVER", "demo", "calc", "ghost", "ready", "failed").containsPattern("2025-11-25|2026-07-28");
        assertThat(r.err()).contains("unavailable: server 'ghost'", "mcphost-no-such-command-7f3a");
    }

    @Test
    void toolsArePrefixedFilteredAndCallable() throws Exception {
        String config = config();
        CliRun tools = CliRun.of("--config", config, "tools");
        CliRun call = CliRun.of("--config", config, "call", "calc__add", "a=19", "b=23");
        CliRun unknown = CliRun.of("--config", config, "call", "demo__ecko", "text=x");

        assertThat(tools.code()).isZero();
        assertThat(tools.out()).contains("demo__echo", "demo__slow_task", "calc__add", "calc__calculate")
                .doesNotContain("calc__echo");
        assertThat(call.code()).isZero();
        assertThat(call.out()).contains("42");
        assertThat(unknown.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(unknown.err()).contains("demo__ecko", "did you mean 'demo__echo'");
    }

    @Test
    void resourcesAndPromptsComeFromEveryServer() throws Exception {
        String config = config();
        CliRun resources = CliRun.of("--config", config, "resources");
        CliRun prompts = CliRun.of("--config", config, "--json", "prompts");

        // Both servers list demo://readme: the first in the file serves it (a reported collision, never two owners).
        assertThat(resources.out()).contains("demo://readme", "[demo]").doesNotContain("[calc]");
        assertThat(prompts.code()).isZero();
        assertThat(prompts.out()).contains("\"demo__", "\"calc__", "\"server\"");
    }

    @Test
    void misuseIsAUsageErrorBeforeAnythingStarts() throws Exception {
        String config = config();
        assertThat(CliRun.of("--config", config, "ping").err()).contains("talks to one server");
        assertThat(CliRun.of("--config", config, "--stdio", "x", "tools").err()).contains("one of --config, --stdio or --url");
        assertThat(CliRun.of("--config", dir.resolve("nope.json").toString(), "tools").err()).contains("no such file");
        assertThat(CliRun.of("servers").err()).contains("give --config");
        CliRun broken = CliRun.of("--config", Files.writeString(dir.resolve("bad.json"), "{\"mcpServers\": {\"x\": {}}}")
                .toString(), "tools");
        assertThat(broken.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(broken.err()).contains("bad.json", "x");
    }

    @Test
    void serverPicksOneEntryForTheOneServerCommands() throws Exception {
        String config = config();
        CliRun ping = CliRun.of("--config", config, "--server", "calc", "ping");
        CliRun info = CliRun.of("--config", config, "--server", "demo", "info");
        CliRun unknown = CliRun.of("--config", config, "--server", "nope", "ping");

        assertThat(ping.code()).as(ping.err()).isZero();
        assertThat(ping.out()).startsWith("pong from calc");
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out()).contains("mcphost-demo");
        assertThat(unknown.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(unknown.err()).contains("--server nope", "demo, calc, ghost");
    }

    @Test
    void underServerTheServersOwnNamesAreUsedAndThePrefixedOnesStillWork() throws Exception {
        String config = config();
        CliRun tools = CliRun.of("--config", config, "--server", "calc", "tools");
        CliRun call = CliRun.of("--config", config, "--server", "calc", "call", "add", "a=1", "b=2");
        CliRun prefixed = CliRun.of("--config", config, "--server", "calc", "call", "calc__add", "a=2", "b=2");

        assertThat(tools.code()).as(tools.err()).isZero();
        assertThat(tools.out().lines().map(l -> l.split(" ")[0])).containsExactly("add", "calculate");
        assertThat(tools.err()).doesNotContain("ghost");
        assertThat(call.code()).as(call.err()).isZero();
        assertThat(call.out()).startsWith("3");
        assertThat(prefixed.code()).as(prefixed.err()).isZero();
        assertThat(prefixed.out()).startsWith("4");
    }

    @Test
    void completeWithAPrefixedPromptNameTalksToThatServerOnly() throws Exception {
        CliRun r = CliRun.of("--config", config(), "complete", "prompt", "demo__summarize", "style", "b");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines()).containsExactly("bullet points", "brief");
        assertThat(r.err()).doesNotContain("ghost");
    }

    @Test
    void infoWithoutServerShowsEachReadyServer() throws Exception {
        String config = config();
        CliRun info = CliRun.of("--config", config, "info");
        CliRun json = CliRun.of("--config", config, "--json", "info");

        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out()).contains("== demo ", "== calc ").doesNotContain("== ghost");
        assertThat(info.out().split("mcphost-demo", -1)).hasSize(3);
        assertThat(info.err().lines().filter(l -> l.contains("ghost"))).hasSize(1);
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(io.mcphost.protocol.Json.parse(json.out()).path("servers").propertyNames()).containsExactly("demo", "calc");
    }

    @Test
    void aPrefixedNameStartsOnlyItsServerAndABrokenOneIsReportedOnceOtherwise() throws Exception {
        String config = config();
        CliRun call = CliRun.of("--config", config, "call", "calc__add", "a=1", "b=2");
        CliRun tools = CliRun.of("--config", config, "tools");

        assertThat(call.code()).as(call.err()).isZero();
        assertThat(call.err()).doesNotContain("ghost");
        CliRun described = CliRun.of("--config", config, "tools", "calc__add");
        CliRun prompt = CliRun.of("--config", config, "prompt", "demo__summarize", "text=hi");
        assertThat(described.code()).as(described.err()).isZero();
        assertThat(described.out()).contains("calc__add");
        assertThat(described.err()).doesNotContain("ghost");
        assertThat(prompt.code()).as(prompt.err()).isZero();
        assertThat(prompt.err()).doesNotContain("ghost");
        assertThat(tools.err().lines().filter(l -> l.contains("ghost"))).hasSize(1);
    }

    @Test
    void aConfigWhoseServersAllFailExitsFourNotZero() throws Exception {
        Path file = Files.writeString(dir.resolve("ghosts.json"), "{\"mcpServers\": {\"ghost\": {\"command\": \"mcphost-no-such-command-7f3a\"}}}");

        CliRun r = CliRun.of("--config", file.toString(), "tools");

        assertThat(r.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(r.err().lines().filter(l -> l.contains("unavailable"))).hasSize(1);
        assertThat(r.err()).contains("no server is ready: ghost is failed");
    }

    /** A syntax error: the file, line, column and what was expected; exit 2 (the user's mistake), no parser internals. */
    @Test
    void aSyntaxErrorInTheConfigSaysWhereAndWhatWasExpected() throws Exception {
        Path missingComma = Files.writeString(dir.resolve("comma.json"), """
                {
                  "mcpServers": {
                    "demo": {
                      "command": "x" "args": []
                    }
                  }
                }
                """);
        Path unclosed = Files.writeString(dir.resolve("eof.json"), """
                {
                  "mcpServers": {
                    "demo": {"command": "x"}
                """);

        CliRun comma = CliRun.of("--config", missingComma.toString(), "tools");
        CliRun eof = CliRun.of("--config", unclosed.toString(), "tools");

        assertThat(comma.code()).isEqualTo(ExitCode.USAGE);
        assertThat(comma.err()).contains(missingComma + ": is not valid JSON at line 4, column 22: expected ',' or '}' after an"
                + " object member, found '\"'");
        assertThat(eof.code()).isEqualTo(ExitCode.USAGE);
        assertThat(eof.err()).contains(unclosed + ": is not valid JSON at line 4, column 1: expected ',' or '}' after an object"
                + " member, found the end of the file (the '{' at line 2, column 17 is not closed)");
        for (CliRun r : List.of(comma, eof)) {
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).doesNotContain("REDACTED", "StreamReadFeature", "#UNKNOWN", "byte offset", "`", "Exception");
            // The file's mistake, located: the command's help has nothing to add.
            assertThat(r.err()).doesNotContain("--help");
        }
    }
}
