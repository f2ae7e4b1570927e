package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call ended by a signal, in a real child JVM (a shutdown hook cannot be exercised in process):
 * the progress line ends, "cancelled" is said, and the process exits promptly.
 */
class CliCancelTest {
    @Test
    void aSignalDuringACallSaysCancelledAndExitsWithinTheBudget(@TempDir Path dir) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                "io.mcphost.cli.Main", "call", "slow_task", "steps=100", "delayMs=100"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(stderr.toFile()).start();
        try {
            Await.until(Duration.ofSeconds(30), () -> read(stderr).contains("step 1 of 100"), "the call's first progress line");
            long start = System.nanoTime();

            process.destroy(); // SIGTERM runs the same shutdown hook as Ctrl-C's SIGINT

            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
            assertThat(read(stderr)).contains("mcphost: cancelled");
        } finally {
            process.destroyForcibly();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
