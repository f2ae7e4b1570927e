package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * The start-up shortcut of {@link Main}: only the commands a command line names get a picocli model,
 * and what the user sees is the same as with all of them.
 */
class CliStartupTest {
    @Test
    void theTableOfNamesMatchesTheCommandsAnnotations() {
        Map<String, Class<?>> fromAnnotations = new HashMap<>();
        for (Class<?> command : McpHostCommand.COMMANDS) {
            Command annotation = command.getAnnotation(Command.class);
            fromAnnotations.put(annotation.name(), command);
            for (String alias : annotation.aliases()) {
                fromAnnotations.put(alias, command);
            }
        }

        assertThat(McpHostCommand.COMMAND_NAMES).isEqualTo(fromAnnotations);
        assertThat(Set.copyOf(McpHostCommand.COMMAND_NAMES.values())).hasSameSizeAs(McpHostCommand.COMMANDS);
    }

    @Test
    void onlyTheNamedCommandsAreRegisteredAndHelpNeedsThemAll() {
        assertThat(Main.namedCommands(new String[] {"--stdio", "server --flag", "call", "echo", "text=hi"})).containsExactly("call");
        // An option's value that is also a command's name: both are registered, so picocli decides as before.
        assertThat(Main.namedCommands(new String[] {"--log-level", "info", "call", "echo"})).containsExactlyInAnyOrder("info", "call");
        assertThat(Main.namedCommands(new String[] {"describe", "echo"})).containsExactly("describe");
        assertThat(Main.namedCommands(new String[] {"--version"})).isEmpty();
        assertThat(Main.namedCommands(new String[] {"call", "--help"})).isNull();
        assertThat(Main.namedCommands(new String[] {"help", "call"})).isNull();

        McpHostCommand root = new McpHostCommand(null, null, TerminalInput.none(), false, Main.DEFAULT_COLUMNS);
        assertThat(Main.commandLine(root, Set.of("call")).getSubcommands()).containsOnlyKeys("call");
        assertThat(Main.commandLine(new McpHostCommand(null, null, TerminalInput.none(), false, Main.DEFAULT_COLUMNS), null)
                .getSubcommands()).containsKeys("call", "tools", "describe", "tasks", "conformance-client");
    }

    @Test
    void aWordNoNamedCommandTakesGetsTheFullModelsAnswer() {
        for (String[] args : List.of(new String[] {"cal", "echo"}, new String[] {"--stdio", "x", "--structured", "call", "echo"},
                new String[] {"tools", "--no-such-option"})) {
            CliRun lazy = CliRun.of(args);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), TerminalInput.none(), false,
                    Main.DEFAULT_COLUMNS, null);

            assertThat(lazy.code()).as(String.join(" ", args)).isEqualTo(ExitCode.USAGE).isEqualTo(code);
            assertThat(lazy.err()).as(String.join(" ", args)).startsWith("mcphost: ").isEqualTo(err.toString());
            assertThat(lazy.out()).isEmpty();
        }
    }

    @Test
    void theNamedCommandRunsWithTheGlobalOptionsAfterIt() {
        CliRun version = CliRun.of("--version");
        CliRun valueLikeACommand = CliRun.of("call", "--log-level", "info", "--help");

        assertThat(version.code()).isZero();
        assertThat(version.out()).contains("mcphost 0.1.0");
        assertThat(valueLikeACommand.code()).isZero();
        assertThat(valueLikeACommand.out()).contains("--structured");
        List<String> lines = new ArrayList<>(CliRun.of("call", "echo", "text=hi").out().lines().toList());
        assertThat(lines).containsExactly("hi");
    }
}
