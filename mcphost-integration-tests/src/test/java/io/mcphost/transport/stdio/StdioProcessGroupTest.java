package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A grandchild orphaned before close() begins (its parent already died) is no descendant of anything
 * we know; on Linux the server leads its own process group, and close() ends the group (issue 14).
 */
@Timeout(30)
class StdioProcessGroupTest {

    @Test
    void aGrandchildOrphanedBeforeCloseIsEndedWithTheGroup() {
        assumeTrue(System.getProperty("os.name").equals("Linux") && Files.isExecutable(Path.of("/usr/bin/setsid")),
                "process groups need Linux and util-linux's setsid");
        var handler = new RecordingHandler();
        ProcessHandle grandchild;
        try (var transport = StdioTransport.builder(Fixtures.bash("orphans-grandchild-at-once.sh")).name("orphaner")
                .closeGracePeriod(Duration.ofMillis(200)).termGracePeriod(Duration.ofMillis(500)).build()) {
            transport.start(handler);
            ProcessHandle root = transport.process().orElseThrow();
            Await.until(Duration.ofSeconds(10), () -> transport.stderrTail().contains("grandchild "), "the grandchild's pid");
            long pid = Long.parseLong(transport.stderrTail().strip().substring("grandchild ".length()));
            Await.until(Duration.ofSeconds(10), () -> !root.isAlive(), "the parent to die");
            Optional<ProcessHandle> found = ProcessHandle.of(pid);
            assertThat(found).as("the orphan runs before close").isPresent();
            grandchild = found.get();
            assertThat(grandchild.parent().map(ProcessHandle::pid)).isNotEqualTo(Optional.of(root.pid()));

            long started = System.nanoTime();
            transport.close();
            Await.until(Duration.ofSeconds(3), () -> !grandchild.isAlive() || !isRunning(grandchild), "the orphan to be gone");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
        }
    }

    /** A killed orphan may stay a zombie until its new parent reaps it; that is gone for our purpose. */
    private static boolean isRunning(ProcessHandle process) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            char state = stat.charAt(stat.lastIndexOf(") ") + 2);
            return state != 'Z' && state != 'X';
        } catch (Exception e) {
            return false;
        }
    }
}
