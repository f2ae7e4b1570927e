package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --config} starts only the servers a command needs: a URI's scheme names its server, {@code --server}
 * picks one, and only a URI that neither finds starts the rest (said on stderr). Which servers started is
 * seen from a marker file one server writes as it starts, and from the broken server's one-line report.
 */
class CliConfigStartsWhatIsNeededTest {
    @TempDir
    Path dir;

    private Path marker() {
        return dir.resolve("tracked-started");
    }

    /**
     * {@code tracked} (the demo server, touching a marker file as it starts), the demo server under
     * {@code name}, and {@code ghost}, a command that does not exist.
     */
    private String config(String tracked, String name) throws Exception {
        List<String> demo = DemoServer.command();
        List<String> touching = new ArrayList<>(List.of("-c", "touch " + ShellWords.quote(marker().toString()) + " && exec \"$@\"", "sh"));
        touching.addAll(demo);
        String servers = """
                {"mcpServers": {
                  %s: {"command": "sh", "args": %s},
                  %s: {"command": %s, "args": %s},
                  "ghost": {"command": "mcphost-no-such-command-7f3a"}
                }}""".formatted(quote(tracked), array(touching), quote(name), quote(demo.getFirst()), array(demo.subList(1, demo.size())));
        return Files.writeString(dir.resolve("mcp.json"), servers).toString();
    }

    @Test
    void aUriWhoseSchemeNamesAServerStartsOnlyThatServer() throws Exception {
        String config = config("first", "demo");

        CliRun read = CliRun.of("--config", config, "read", "demo://readme");
        CliRun note = CliRun.of("--config", config, "read", "demo://notes/todo");
        CliRun complete = CliRun.of("--config", config, "complete", "resource", "demo://notes/{name}", "name", "gr");

        assertThat(read.code()).as(read.err()).isZero();
        assertThat(read.out()).containsIgnoringCase("demo");
        assertThat(note.code()).as(note.err()).isZero();
        assertThat(note.out()).contains("the note called 'todo'");
        assertThat(complete.code()).as(complete.err()).isZero();
        assertThat(complete.out()).contains("groceries");
        for (CliRun r : List.of(read, note, complete)) {
            assertThat(r.err()).doesNotContain("ghost").doesNotContain("starting");
        }
        assertThat(marker()).as("the server not named by the URI was not started").doesNotExist();
    }

    @Test
    void subscribeAndCallAsATaskStartOnlyTheirServer() throws Exception {
        String config = config("first", "demo");

        CliRun subscribe = CliRun.of("--config", config, "subscribe", "demo://clock", "--count", "1");
        CliRun task = CliRun.of("--era", "legacy", "--config", config, "call", "--task", "demo__slow_task", "steps=2", "delayMs=20");

        assertThat(subscribe.code()).as(subscribe.err()).isZero();
        assertThat(subscribe.out()).contains("updated demo://clock");
        assertThat(task.code()).as(task.err()).isZero();
        assertThat(task.err()).containsPattern("task \\S+: completed");
        assertThat(subscribe.err() + task.err()).doesNotContain("ghost");
        assertThat(marker()).doesNotExist();
    }

    @Test
    void serverPicksTheEntryWhateverTheScheme() throws Exception {
        CliRun read = CliRun.of("--config", config("first", "demo"), "--server", "first", "read", "demo://readme");

        assertThat(read.code()).as(read.err()).isZero();
        assertThat(read.err()).doesNotContain("ghost").doesNotContain("starting");
        assertThat(marker()).exists();
    }

    @Test
    void aUriNamingNoServerStartsAllSaysSoAndReportsTheBrokenOneOnce() throws Exception {
        CliRun read = CliRun.of("--config", config("alpha", "beta"), "read", "demo://readme");

        assertThat(read.code()).as(read.err()).isZero();
        assertThat(read.err()).contains("no server of mcp.json is named after the scheme of 'demo://readme'; starting all 3");
        assertThat(read.err().lines().filter(l -> l.contains("ghost"))).hasSize(1);
        assertThat(marker()).exists();
    }

    @Test
    void whenTheNamedServerDoesNotOfferTheUriTheOthersAreStartedAndItsRefusalStands() throws Exception {
        CliRun read = CliRun.of("--config", config("first", "demo"), "read", "demo://no-such-resource");

        assertThat(read.code()).as(read.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(read.err()).contains("server 'demo' does not offer 'demo://no-such-resource'; starting the other 2 server(s) of mcp.json");
        assertThat(read.err().lines().filter(l -> l.contains("unavailable") && l.contains("ghost"))).hasSize(1);
        assertThat(marker()).exists();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String array(List<String> words) {
        return words.stream().map(CliConfigStartsWhatIsNeededTest::quote).collect(Collectors.joining(", ", "[", "]"));
    }
}
