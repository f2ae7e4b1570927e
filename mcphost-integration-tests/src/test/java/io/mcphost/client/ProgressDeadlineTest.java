package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.Progress;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * Progress that restarts a call's timeout, against the demo server's {@code slow_task}, which
 * reports progress after each step: a timeout longer than a step but shorter than the task.
 */
@Timeout(30)
class ProgressDeadlineTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final Duration TIMEOUT = Duration.ofMillis(600);

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient connect(McpClientBuilder defaults) {
        McpClient client = defaults.connect();
        toClose.add(client);
        return client;
    }

    private McpClientBuilder demo() {
        var pair = MemoryTransport.pair();
        toClose.add(DemoServer.server().serve(pair.server()));
        return McpClient.builder(pair.client()).name("demo");
    }

    /** slow_task: {@code steps} steps of {@code delayMs}, progress after each. */
    private static ObjectNode task(int steps, int delayMs) {
        ObjectNode node = CODEC.newObject();
        node.put("steps", steps);
        node.put("delayMs", delayMs);
        return node;
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void withResetOnATaskLongerThanTheTimeoutSucceedsWhileEveryStepReportsProgress() {
        McpClient client = connect(demo());
        List<Progress> progress = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();

        CallToolResult result = client.callTool("slow_task", task(6, 200), CallOptions.builder()
                .timeout(TIMEOUT).resetTimeoutOnProgress(true).onProgress(progress::add).build());

        assertThat(text(result)).isEqualTo("done: 6 steps");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(TIMEOUT);
        assertThat(progress).hasSize(6);
    }

    @Test
    void withResetOffTheSameCallTimesOutAtTheTimeout() {
        McpClient client = connect(demo());
        long start = System.nanoTime();

        assertThatThrownBy(() -> client.callTool("slow_task", task(6, 200), CallOptions.builder()
                .timeout(TIMEOUT).onProgress(p -> { }).build()))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("got no answer within PT0.6S")
                .hasMessageNotContaining("progress");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(TIMEOUT, Duration.ofMillis(1_100));
    }

    @Test
    void progressThatKeepsComingStillEndsTheCallAtTheMaximumTotalTime() {
        McpClient client = connect(demo());
        List<Progress> progress = new CopyOnWriteArrayList<>();
        Duration maxTotal = Duration.ofMillis(1_500);
        long start = System.nanoTime();

        assertThatThrownBy(() -> client.callTool("slow_task", task(50, 100), CallOptions.builder().timeout(TIMEOUT)
                .resetTimeoutOnProgress(true).maxTotalTimeout(maxTotal).onProgress(progress::add).build()))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("maximum total time of PT1.5S")
                .hasMessageContaining("restarted its PT0.6S timeout");
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        io.mcphost.faults.Row.print("R4", "progress vs maxTotalTimeout", "ended at " + elapsed.toMillis() + " ms after "
                + progress.size() + " progress notifications, max total 1500 ms, timeout 600 ms", "1500-2000 ms");
        assertThat(elapsed).isBetween(maxTotal, maxTotal.plusMillis(500));
        assertThat(progress).hasSizeGreaterThanOrEqualTo(8); // progress came all along: ~14 steps of 100 ms
    }

    @Test
    void aResetTimeoutStillFiresWhenNoProgressComesAndSaysSo() {
        McpClient client = connect(demo());

        // One step of 2 s: its only progress report would come after the 0.6 s timeout.
        assertThatThrownBy(() -> client.callTool("slow_task", task(1, 2_000), CallOptions.builder()
                .timeout(TIMEOUT).resetTimeoutOnProgress(true).build()))
                .isInstanceOf(McpTimeoutException.class)
                .hasMessageContaining("got no answer and no progress within its timeout of PT0.6S");
    }

    @Test
    void clientDefaultsApplyToEveryCallAndNeedNoProgressListener() {
        McpClient client = connect(demo().requestTimeout(TIMEOUT).resetTimeoutOnProgress(true)
                .maxTotalTimeout(Duration.ofSeconds(10)));

        // No onProgress: the client still asks for progress, because the deadline needs it.
        assertThat(text(client.callTool("slow_task", task(5, 200)))).isEqualTo("done: 5 steps");

        // A call may switch it off again.
        assertThatThrownBy(() -> client.callTool("slow_task", task(5, 200),
                CallOptions.builder().resetTimeoutOnProgress(false).build()))
                .isInstanceOf(McpTimeoutException.class).hasMessageContaining("got no answer within PT0.6S");
    }

    @Test
    void withoutAMaximumProgressMayExtendACallToTenTimesItsTimeout() {
        McpClient client = connect(demo());
        Duration timeout = Duration.ofMillis(400);
        long start = System.nanoTime();

        // Steps of 50 ms keep restarting a 400 ms timeout until the default maximum, 4 s, ends the call. (With a
        // 200 ms timeout a loaded machine once let one step take longer than the timeout.)
        assertThatThrownBy(() -> client.callTool("slow_task", task(100, 50), CallOptions.builder()
                .timeout(timeout).resetTimeoutOnProgress(true).build()))
                .isInstanceOf(McpTimeoutException.class).hasMessageContaining("maximum total time of PT4S");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofSeconds(4), Duration.ofMillis(4_700));
    }
}
