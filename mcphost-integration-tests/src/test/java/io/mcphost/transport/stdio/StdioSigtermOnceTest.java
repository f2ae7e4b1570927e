package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import io.mcphost.transport.stdio.internal.ProcessTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Close sends each process of a server's tree one SIGTERM, not one with its process group and
 * another from the walk of its tree: some servers take a second SIGTERM as "exit now, skip the
 * clean-up". The fixture's processes ignore SIGTERM, so close escalates to SIGKILL, and log every
 * SIGTERM they receive.
 */
@Timeout(30)
class StdioSigtermOnceTest {
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    /** Copies of the counter besides the server: each is one more chance to receive a duplicate. */
    private static final int COPIES = 4;

    @TempDir
    Path dir;

    private static StdioTransport started(List<String> command) {
        StdioTransport transport = StdioTransport.builder(command).name("counter")
                .closeGracePeriod(Duration.ofMillis(100)).termGracePeriod(Duration.ofMillis(400)).build();
        transport.start(new RecordingHandler());
        return transport;
    }

    private static List<String> counter(String... args) {
        List<String> command = new ArrayList<>(List.of("/bin/sh", Fixtures.path("counts-sigterm.sh").toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The pids that said they are ready (their trap is set), once {@code count} did. */
    private static List<Long> ready(StdioTransport transport, int count) {
        Await.until(DEADLINE, () -> readyPids(transport).size() == count, count + " counters to set their trap");
        return readyPids(transport);
    }

    private static List<Long> readyPids(StdioTransport transport) {
        return transport.stderrTail().lines().filter(l -> l.startsWith("ready "))
                .map(l -> Long.parseLong(l.substring("ready ".length()).strip())).toList();
    }

    private static List<String> terms(Path log) throws IOException {
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    private static Duration timed(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void eachProcessOfAServerThatIgnoresSigtermReceivesItOnceBeforeTheKill() throws IOException {
        Path log = dir.resolve("terms.log");
        var transport = started(counter(log.toString(), Integer.toString(COPIES)));
        List<Long> pids = ready(transport, COPIES + 1);

        Duration took = timed(transport::close);

        assertThat(took).isLessThan(Duration.ofSeconds(3));
        assertThat(pids).noneMatch(pid -> ProcessHandle.of(pid).filter(ProcessTree::isRunning).isPresent());
        assertThat(terms(log)).as("SIGTERMs received, one line each")
                .containsExactlyInAnyOrderElementsOf(pids.stream().map(pid -> "TERM " + pid).toList());
    }

    @Test
    void aDescendantThatLeftTheProcessGroupIsSignalledOnceAndEnded() throws IOException {
        Path serverLog = dir.resolve("server.log");
        Path childLog = dir.resolve("child.log");
        var transport = started(counter(serverLog.toString(), "0", childLog.toString()));
        List<Long> pids = ready(transport, 2);
        ProcessHandle server = transport.process().orElseThrow();
        long child = pids.stream().filter(pid -> pid != server.pid()).findFirst().orElseThrow();

        Duration took = timed(transport::close);

        assertThat(took).isLessThan(Duration.ofSeconds(3));
        assertThat(ProcessTree.isRunning(server)).isFalse();
        // The detached child is no zombie of ours to reap: the server's death hands it to init.
        Await.until(Duration.ofSeconds(1), () -> ProcessHandle.of(child).filter(ProcessTree::isRunning).isEmpty(),
                "the detached child to be gone");
        assertThat(terms(serverLog)).containsExactly("TERM " + server.pid());
        assertThat(terms(childLog)).as("SIGTERMs the detached child received").containsExactly("TERM " + child);
    }
}
