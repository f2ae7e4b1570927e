package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI in a real child JVM, where a shell would run it: a call ended by a signal (a shutdown hook
 * cannot be exercised in process) and arguments read from stdin.
 */
class CliCancelTest {
    @Test
    void ctrlCDuringACallSaysCancelledAndTheServerReceivesNotificationsCancelled(@TempDir Path dir) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        Path wire = dir.resolve("server-stdin.jsonl");
        // The demo server behind a tee: the file holds exactly what reached the server's stdin.
        String script = "tee " + ShellWords.quote(wire.toString()) + " | exec "
                + DemoServer.command().stream().map(ShellWords::quote).collect(Collectors.joining(" "));
        // A call of 100 s, far longer than the deadline below: a CLI that waited for it instead of
        // cancelling could not exit in time. A grace of its own, so the server and the tee end at the end
        // of their input, never by SIGTERM: a tee signalled before it wrote what it read would lose it.
        Process process = cli(List.of("--close-grace", "10s", "--stdio", "bash -c " + ShellWords.quote(script),
                "call", "slow_task", "steps=100", "delayMs=1000"), stderr, null);
        try {
            Await.until(Duration.ofSeconds(60), () -> read(stderr).contains("step 1 of 100"), "the call's first progress line");

            // What Ctrl-C does to the CLI itself (a terminal sends it to the server too, which a remote one never gets).
            new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).start().waitFor();

            // Only a hang takes this long; the call itself would take 100 s.
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
            assertThat(process.exitValue()).as("exit code; stderr:%n%s", read(stderr)).isEqualTo(ExitCode.CANCELLED);
            assertThat(read(stderr)).contains("mcphost: cancelled").doesNotContain("step 100 of 100");
            // The CLI has waited for the server's process to end, and with it the tee that wrote the file.
            assertThat(read(wire)).contains("\"method\":\"tools/call\"").contains("\"method\":\"notifications/cancelled\"");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void jsonDashReadsTheArgumentsObjectFromStdin(@TempDir Path dir) throws Exception {
        Path stdin = Files.writeString(dir.resolve("args.json"), "{\"text\": \"from stdin\"}");
        Path stdout = dir.resolve("stdout.txt");
        Process process = cli(List.of("call", "echo", "--json", "-"), dir.resolve("stderr.txt"), stdin, stdout);
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(read(dir.resolve("stderr.txt"))).isZero();
            assertThat(read(stdout).strip()).isEqualTo("from stdin");
        } finally {
            process.destroyForcibly();
        }
    }

    private static Process cli(List<String> args, Path stderr, Path stdin) throws IOException {
        return cli(args, stderr, stdin, null);
    }

    private static Process cli(List<String> args, Path stderr, Path stdin, Path stdout) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // SIGINT as a terminal would deliver it: a build started in the background without job control (nohup,
        // `cmd &` in a script) passes SIGINT down ignored, and the JVM then leaves it ignored (as it should: that
        // is what nohup asks for), so the CLI never heard the Ctrl-C below and its call ran into its 60 s timeout.
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT", java, "-cp",
                System.getProperty("java.class.path"), "io.mcphost.cli.Main"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile())
                .redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
        if (stdin != null) {
            builder.redirectInput(stdin.toFile());
        }
        return builder.start();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
