package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.faults.Row;
import io.mcphost.protocol.McpException;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.faults.FaultyServers;
import io.mcphost.transport.stdio.internal.ProcessTree;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Fault matrix, shutdown rows, against {@link io.mcphost.testkit.faults.FaultyStdioServer} child JVMs.
 * Rows covered elsewhere, which print their figures there: 20 stubborn servers closed in parallel
 * ({@link StdioLifecycleTest#twentyStubbornServersCloseInParallelWithinSixSeconds}) and a JVM that
 * exits without close ({@link io.mcphost.host.ForgottenCloseTest}).
 */
@Timeout(60)
class FaultMatrixShutdownTest {

    @Test
    void aServerIgnoringSigtermWithAGrandchildClosesWithinFiveSecondsAndLeavesNoProcess() {
        StdioTransport transport = FaultyServers.stdio().ignoreSigterm().grandchild().transport("stubborn").build();
        McpClient client = McpClient.builder(transport).name("stubborn").requestTimeout(Duration.ofSeconds(20)).connect();
        client.callTool("echo", null);
        Await.until(Duration.ofSeconds(10), () -> transport.stderrTail().contains("grandchild "), "the grandchild to start");
        List<ProcessHandle> tree = Fixtures.treeOf(transport);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(2);

        long start = System.nanoTime();
        client.close();
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        long left = tree.stream().filter(ProcessTree::isRunning).count();

        Row.print("S1", "SIGTERM-ignoring server with grandchild closes", took.toMillis() + " ms, " + left + " processes left",
                "5000 ms, 0 left");
        assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(5));
        assertThat(left).isZero();
    }

    @Test
    void aServerDyingDuringInitializeIsReportedWithItsStderr() {
        StdioTransport transport = FaultyServers.stdio().dieDuringInitialize().transport("doomed").build();
        long start = System.nanoTime();

        assertThatThrownBy(() -> McpClient.builder(transport).name("doomed").initializeTimeout(Duration.ofSeconds(20)).connect())
                .isInstanceOf(McpException.class)
                .hasMessageContaining("exited with code 4")
                .hasMessageContaining("fatal: cannot read /etc/faulty.conf");
        Row.print("S4", "death during initialize quotes stderr", "failed after " + (System.nanoTime() - start) / 1_000_000
                + " ms, message quotes stderr", "message quotes stderr");
    }
}
