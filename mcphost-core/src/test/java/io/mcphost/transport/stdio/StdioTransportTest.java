package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.stdio.internal.ProcessTree;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class StdioTransportTest {

    private static void await(BooleanSupplier condition, Duration limit, String what) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + limit + " waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static StdioTransport started(List<String> command, Collector collector) {
        StdioTransport transport = StdioTransport.builder(command).name("fixture").build();
        transport.start(collector);
        return transport;
    }

    private static boolean hasNotification(Collector c, String text) {
        return c.messages.stream().anyMatch(m -> m instanceof JsonRpcNotification n
                && n.params().map(p -> p.path("data").asString("")).orElse("").equals(text));
    }

    @Test
    void junkAndOversizedLinesAreSkippedAndTheConnectionSurvives() {
        Collector collector = new Collector();
        try (StdioTransport transport = started(Fixtures.bash("junk-then-message.sh"), collector)) {
            await(() -> hasNotification(collector, "still here"), Duration.ofSeconds(20), "the message after the junk");

            assertThat(collector.messages).hasSize(1);
            assertThat(collector.closed).isNotDone();
        }
    }

    @Test
    void tenMegabytesOfStderrDeadlockNothingAndOnlyTheTailIsKept() {
        Collector collector = new Collector();
        try (StdioTransport transport = started(Fixtures.bash("floods-stderr.sh"), collector)) {
            await(() -> hasNotification(collector, "after the flood"), Duration.ofSeconds(20), "the message after the flood");

            await(() -> transport.stderrTail().contains("end of flood"), Duration.ofSeconds(5), "the end of the flood");
            assertThat(transport.stderrTail().length()).isLessThanOrEqualTo(64 * 1024);
        }
    }

    @Test
    void aServerThatDiesIsReportedAtOnceWithItsExitCodeAndStderr() throws Exception {
        Collector collector = new Collector();
        try (StdioTransport transport = started(Fixtures.bash("dies-with-message.sh"), collector)) {
            McpTransportException cause = collector.closed.get(5, TimeUnit.SECONDS);

            assertThat(cause).isNotNull().hasMessageContaining("server 'fixture'")
                    .hasMessageContaining("exited with code 3")
                    .hasMessageContaining("fatal: API_KEY is not set");
            assertThat(transport.process().orElseThrow().isAlive()).isFalse();
        }
    }

    @Test
    void aCommandThatDoesNotExistFailsToStartWithAClearError() {
        StdioTransport transport = StdioTransport.builder("definitely-not-a-command-mcphost").name("missing").build();

        assertThatThrownBy(() -> transport.start(new Collector()))
                .isInstanceOf(McpTransportException.class)
                .hasMessageContaining("server 'missing'")
                .hasMessageContaining("cannot start 'definitely-not-a-command-mcphost'");
    }

    @Test
    void theChildSeesOnlyTheAllowlistConfiguredAndPassedThroughVariables() {
        assertThat(System.getenv("JAVA_HOME")).as("mvnw exports JAVA_HOME").isNotNull();
        Collector plain = new Collector();
        Collector configured = new Collector();
        try (StdioTransport a = started(Fixtures.bash("prints-env.sh"), plain);
             StdioTransport b = StdioTransport.builder(Fixtures.bash("prints-env.sh")).name("env")
                     .env(Map.of("MCPHOST_GREETING", "hello")).envPassthrough(List.of("JAVA_HOME")).build()) {
            b.start(configured);
            await(() -> a.stderrTail().contains("END-OF-ENV") && b.stderrTail().contains("END-OF-ENV"),
                    Duration.ofSeconds(10), "both environments");

            assertThat(a.stderrTail()).contains("PATH=").doesNotContain("JAVA_HOME=").doesNotContain("MCPHOST_GREETING");
            assertThat(b.stderrTail()).contains("PATH=", "MCPHOST_GREETING=hello", "JAVA_HOME=" + System.getenv("JAVA_HOME"));
        }
    }

    @Test
    void concurrentSendersNeverInterleaveTheirLines() {
        Collector collector = new Collector();
        int count = 2_000;
        try (StdioTransport transport = started(List.of("cat"), collector);
             var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                int id = i;
                threads.submit(() -> transport.send(JsonRpcRequest.of(RequestId.of(id), "echo/" + "x".repeat(id % 500), null)));
            }
            threads.close();
            await(() -> collector.messages.size() == count, Duration.ofSeconds(20), "every line echoed back");

            Set<RequestId> ids = new HashSet<>();
            collector.messages.forEach(m -> ids.add(((JsonRpcRequest) m).id()));
            assertThat(ids).hasSize(count);
        }
    }

    @Test
    void sendAfterCloseFailsWithClosed() {
        StdioTransport transport = started(List.of("cat"), new Collector());
        transport.close();

        assertThatThrownBy(() -> transport.send(JsonRpcRequest.of(RequestId.of(1), "ping", null)))
                .isInstanceOf(McpClosedException.class);
    }

    @Test
    void closeKillsAServerThatIgnoresSigtermAndItsGrandchild() {
        Collector collector = new Collector();
        StdioTransport transport = started(Fixtures.bash("ignores-sigterm.sh"), collector);
        await(() -> transport.stderrTail().contains("started grandchild"), Duration.ofSeconds(5), "the grandchild");
        List<ProcessHandle> tree = treeOf(transport);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(2);

        long start = System.nanoTime();
        transport.close();
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(5));
        assertThat(tree).noneMatch(ProcessTree::isRunning);
        assertThat(collector.closed).isCompletedWithValue(null);
    }

    @Test
    void twentyStubbornServersCloseInParallelWithinSixSeconds() throws Exception {
        List<StdioTransport> transports = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            transports.add(started(Fixtures.bash("ignores-sigterm.sh"), new Collector()));
        }
        for (StdioTransport t : transports) {
            await(() -> t.stderrTail().contains("started grandchild"), Duration.ofSeconds(10), "every grandchild");
        }
        List<ProcessHandle> all = new ArrayList<>();
        transports.forEach(t -> all.addAll(treeOf(t)));

        long start = System.nanoTime();
        CompletableFuture.allOf(transports.stream()
                .map(t -> CompletableFuture.runAsync(t::close, Executors.newVirtualThreadPerTaskExecutor()))
                .toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(6));
        assertThat(all).hasSizeGreaterThanOrEqualTo(40).noneMatch(ProcessTree::isRunning);
    }

    private static List<ProcessHandle> treeOf(StdioTransport transport) {
        ProcessHandle root = transport.process().orElseThrow();
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        return tree;
    }
}
