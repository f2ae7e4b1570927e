package io.mcphost.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.SubjectProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A library in a JVM of its own (the throughput scenario's isolation), driven over its pipes. */
class BurstWorkerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void aWorkerJvmRunsBurstsOfItsLibraryAgainstARealServerAndTimesThemItself() {
        try (SubjectProcess worker = BurstWorker.start(Library.MCPHOST, ServerKind.floor(), TIMEOUT)) {
            assertThat(worker.versions()).startsWith("mcphost in a JVM of its own");

            SubjectProcess.Run first = worker.burst(4, 25, TIMEOUT);
            SubjectProcess.Run second = worker.burst(2, 10, TIMEOUT);

            assertThat(first.nanos()).hasSize(100);
            assertThat(java.util.Arrays.stream(first.nanos()).min().orElseThrow()).isPositive();
            assertThat(first.failures()).isZero();
            assertThat(first.hung()).isFalse();
            assertThat(first.wallNanos()).isGreaterThanOrEqualTo(first.nanos()[0]);
            assertThat(second.nanos()).as("the same client answers the next round").hasSize(20);
        }
    }

    @Test
    void aLibraryProcessWhoseBurstHungIsReplacedForTheNextRound(@TempDir Path dir) throws Exception {
        // The first server answers initialize and then nothing; every later one is the shell floor server.
        Path script = Files.writeString(dir.resolve("silent-once.sh"), """
                if [ -e "$1" ]; then exec /bin/sh "$2"; fi
                : > "$1"
                IFS= read -r line
                id=${line#*\\"id\\":}
                id=${id%%[,\\}]*}
                printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"silent","version":"1"}}}\\n' "$id"
                while IFS= read -r line; do :; done
                """);
        ServerKind silentOnce = new ServerKind("silent-once", List.of("/bin/sh", script.toString(),
                dir.resolve("started").toString(), ServerKind.shellFloor().command().get(1)), "text");
        Options options = Options.smoke().withLibraries(List.of(Library.FLOOR));

        try (CallScenarios.Clients clients = CallScenarios.Clients.isolated(options, silentOnce, 0, false)) {
            CallScenarios.Burst hung = clients.burst(Library.FLOOR, 2, 1, Duration.ofMillis(500));
            CallScenarios.Burst next = clients.burst(Library.FLOOR, 2, 5, TIMEOUT);

            assertThat(hung.hung()).isTrue();
            assertThat(next.hung()).as("a new process, with a new server").isFalse();
            assertThat(next.samples().size()).isEqualTo(10);
            assertThat(next.failures()).isZero();
        }
    }

    @Test
    void aWorkerThatNeverAnswersIsKilledAfterTwiceTheBound() {
        List<String> silent = List.of("/bin/sh", "-c", "echo '{\"ready\":true}'; exec sleep 60");
        try (SubjectProcess worker = SubjectProcess.start("silent", silent, TIMEOUT)) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> worker.burst(1, 1, Duration.ofMillis(300)))
                    .hasMessageContaining("silent did not answer within 600 ms (killed)");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void aWorkerThatCannotConnectSaysWhy() {
        ServerKind missing = new ServerKind("missing", List.of("/nonexistent/mcphost-bench-server"), "text");

        assertThatThrownBy(() -> BurstWorker.start(Library.FLOOR, missing, Duration.ofSeconds(20)))
                .hasMessageContaining("floor did not connect");
    }
}
