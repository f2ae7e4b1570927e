package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.Transport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

    @Test
    void theStdioServerIsSpawnedBeforeParsingAndTakenByTheCommand(@TempDir Path dir) throws Exception {
        Path starts = dir.resolve("starts.txt");
        String server = "bash -c " + ShellWords.quote("echo started >> " + ShellWords.quote(starts.toString()) + "; exec "
                + DemoServer.command().stream().map(ShellWords::quote).collect(Collectors.joining(" ")));
        String[] args = {"--stdio", server, "call", "echo", "text=early"};
        try {
            EarlyServer.start(args);
            Await.until(Duration.ofSeconds(20), () -> Files.exists(starts), "the server started before the command line was parsed");

            CliRun r = CliRun.of(args);

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).isEqualTo("early\n");
            assertThat(Files.readAllLines(starts)).as("one server, the early one").containsExactly("started");
        } finally {
            EarlyServer.discard();
        }
    }

    @Test
    void aCommandLineThatIsNotPlainStartsItsServerTheNormalWay(@TempDir Path dir) throws Exception {
        Path starts = dir.resolve("starts.txt");
        String server = "bash -c " + ShellWords.quote("echo started >> " + ShellWords.quote(starts.toString()) + "; exec "
                + DemoServer.command().stream().map(ShellWords::quote).collect(Collectors.joining(" ")));
        String[] withEnv = {"--stdio", server, "--env", "K=V", "call", "echo", "text=normal"};
        try {
            EarlyServer.start(withEnv);
            EarlyServer.start(new String[] {"--stdio", server, "--help"});
            EarlyServer.start(new String[] {"--stdio", server}); // the tour: not a one-server command here
            assertThat(EarlyServer.claim(ShellWords.split(server), "bash", Map.of(), List.of(), ClientTarget.CLOSE_GRACE)).isEmpty();

            CliRun r = CliRun.of(withEnv);

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).isEqualTo("normal\n");
            assertThat(Files.readAllLines(starts)).containsExactly("started");
        } finally {
            EarlyServer.discard();
        }
    }

    @Test
    void anEarlyServerKeepsTheCloseGraceOfTheCommandLine() {
        try {
            EarlyServer.start(new String[] {"--close-grace=1.5s", "--stdio", "sh -c 'exec cat'", "ping"});
            List<String> command = List.of("sh", "-c", "exec cat");

            assertThat(EarlyServer.claim(command, "sh", Map.of(), List.of(), ClientTarget.CLOSE_GRACE)).isEmpty();
            Optional<Transport> taken = EarlyServer.claim(command, "sh", Map.of(), List.of(), Duration.ofMillis(1500));
            assertThat(taken).isPresent();
            taken.orElseThrow().close(Duration.ofMillis(200));
        } finally {
            EarlyServer.discard();
        }
    }

    @Test
    void anEarlyServerIsHandedOutOnlyForTheSameCommandAndEnvironment() {
        String[] args = {"--stdio", "sh -c 'exec cat'", "ping"};
        try {
            EarlyServer.start(args);
            List<String> command = List.of("sh", "-c", "exec cat");

            assertThat(EarlyServer.claim(List.of("sh", "-c", "exec cat >/dev/null"), "sh", Map.of(), List.of(), ClientTarget.CLOSE_GRACE)).isEmpty();
            assertThat(EarlyServer.claim(command, "sh", Map.of("K", "V"), List.of(), ClientTarget.CLOSE_GRACE)).isEmpty();
            assertThat(EarlyServer.claim(command, "sh", Map.of(), List.of("HOME"), ClientTarget.CLOSE_GRACE)).isEmpty();
            assertThat(EarlyServer.claim(command, "sh", Map.of(), List.of(), Duration.ofSeconds(1))).as("another close grace").isEmpty();
            Optional<Transport> taken = EarlyServer.claim(command, "sh", Map.of(), List.of(), ClientTarget.CLOSE_GRACE);
            assertThat(taken).isPresent();
            assertThat(EarlyServer.claim(command, "sh", Map.of(), List.of(), ClientTarget.CLOSE_GRACE)).as("handed out once").isEmpty();
            taken.orElseThrow().close(Duration.ofMillis(200));
        } finally {
            EarlyServer.discard();
        }
    }
}
