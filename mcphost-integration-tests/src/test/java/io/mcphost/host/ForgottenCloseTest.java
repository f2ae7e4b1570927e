package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** McpHost's threads never keep a JVM alive, and the shutdown hook ends the servers it started. */
class ForgottenCloseTest {

    @Test
    void aProgramThatForgetsCloseStillExitsAndLeavesNoServerBehind() throws Exception {
        Path stderr = Files.createTempFile("forgetful", ".log");
        Process app = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
                "-cp", System.getProperty("java.class.path"), ForgetfulApp.class.getName())
                .redirectError(stderr.toFile()).start();
        long serverPid = -1;
        try {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.startsWith("PID ")) {
                        serverPid = Long.parseLong(line.substring(4).strip());
                    }
                }
            }
            boolean exited = app.waitFor(15, TimeUnit.SECONDS);

            assertThat(exited).as("the app JVM exits by itself; stderr: %s", Files.readString(stderr)).isTrue();
            assertThat(app.exitValue()).isZero();
            assertThat(serverPid).as("the app printed its server's pid").isPositive();
            Optional<ProcessHandle> server = ProcessHandle.of(serverPid);
            Await.until(Duration.ofSeconds(5), () -> server.filter(ForgottenCloseTest::isRunning).isEmpty(),
                    "the shutdown hook to end the demo server");
            io.mcphost.faults.Row.print("S3", "JVM exit without close", "app exited " + app.exitValue() + ", server left running: "
                    + server.filter(ForgottenCloseTest::isRunning).isPresent(), "0 processes left");
            assertThat(server.filter(ForgottenCloseTest::isRunning)).as("the demo server was killed by the shutdown hook").isEmpty();
        } finally {
            app.destroyForcibly();
            if (serverPid > 0) {
                ProcessHandle.of(serverPid).ifPresent(ProcessHandle::destroyForcibly);
            }
            Files.deleteIfExists(stderr);
        }
    }

    /**
     * Whether a process still runs. The killed server is an orphan, and the container's init may
     * never reap it; {@link ProcessHandle#isAlive()} counts such a zombie as alive, /proc does not.
     * Checked here rather than through core's internal ProcessTree, which core does not export.
     */
    private static boolean isRunning(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            int afterName = stat.lastIndexOf(") ");
            char state = afterName >= 0 && afterName + 2 < stat.length() ? stat.charAt(afterName + 2) : 'R';
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return process.isAlive(); // no /proc (not Linux), or the process just vanished
        }
    }
}
