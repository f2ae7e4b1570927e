package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

/** Argument input (--json @FILE, durations) and the help text, through the real command. */
class CliInputAndHelpTest {
    @Test
    void jsonAtFileReadsTheArgumentsObjectFromTheFile(@TempDir Path dir) throws Exception {
        Path args = Files.writeString(dir.resolve("args.json"), "{\"text\": \"from a file\"}");

        CliRun r = CliRun.of("call", "echo", "--json", "@" + args);

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("from a file");
    }

    @Test
    void aMissingArgumentsFileIsAUsageError() {
        CliRun r = CliRun.of("call", "echo", "--json", "@/no/such/args.json");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("--json @/no/such/args.json: cannot read the file: no such file");
    }

    @Test
    void durationsAreReadAsPeopleWriteThem() {
        assertThat(Durations.parse("--timeout", "30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("--timeout", "30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("--timeout", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("--timeout", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("--timeout", "1.5")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("--timeout", "PT2M")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.humanize("got no answer within PT2S")).isEqualTo("got no answer within 2 s");
        assertThat(CliRun.of("--timeout", "2m", "ping").code()).isZero();
    }

    @Test
    void helpListsTheCommandsInOrderWithExamplesAndTheExitCodes() {
        CliRun r = CliRun.of("--help");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Examples:", "Exit codes (the same with --json):", "  3  the server refused",
                "  6  authorisation needed", "130  ended by Ctrl-C");
        String commands = r.out().substring(r.out().indexOf("Commands:"), r.out().indexOf("Examples:"));
        assertThat(commands.indexOf("  demo ")).as(commands).isLessThan(commands.indexOf("  tools, describe "));
        assertThat(commands.indexOf("  tools, describe ")).as(commands).isLessThan(commands.indexOf("  call "));
    }

    @Test
    void helpCommandShowsACommandsHelp() {
        CliRun r = CliRun.of("help", "tools");

        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Usage: mcphost tools").contains("Examples:", "mcphost tools -l");
    }

    @Test
    void aCommandsHelpListsItsOwnOptionsAndPointsToTheGlobalOnes() {
        CliRun r = CliRun.of("tools", "--help");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("-l", "Global options").doesNotContain("--bearer-env", "--env-pass");
        assertThat(CliRun.of("help", "call").out()).contains("--structured", "Global options").doesNotContain("--bearer-env");
        assertThat(CliRun.of("--help").out()).contains("--bearer-env", "--env-pass");
    }

    @Test
    void everyCommandsHelpHasExamples() {
        CommandLine root = Main.commandLine(new McpHostCommand(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                TerminalInput.none(), false, Main.DEFAULT_COLUMNS), null);
        List<List<String>> commands = new ArrayList<>();
        collect(root, List.of(), commands);

        assertThat(commands).hasSizeGreaterThan(15); // every command and the subcommands of complete and tasks
        for (List<String> command : commands) {
            List<String> args = new ArrayList<>(List.of("help"));
            args.addAll(command);
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", command)).isZero();
            assertThat(r.out()).as("help " + String.join(" ", command)).contains("Examples:\n  mcphost");
            // An example too long for the 80 columns of help would be wrapped, and could not be copied.
            assertThat(r.out().substring(r.out().indexOf("Examples:")).lines().skip(1).takeWhile(l -> !l.isEmpty()))
                    .as("help " + String.join(" ", command)).allSatisfy(l -> assertThat(l).startsWith("  "));
        }
    }

    private static void collect(CommandLine command, List<String> path, List<List<String>> into) {
        command.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().usageMessage().hidden() || !name.equals(sub.getCommandName())) {
                return; // the hidden conformance client; aliases are the same command
            }
            List<String> here = new ArrayList<>(path);
            here.add(name);
            into.add(here);
            collect(sub, here, into);
        });
    }
}
