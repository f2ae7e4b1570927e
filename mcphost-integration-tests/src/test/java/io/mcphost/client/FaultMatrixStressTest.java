package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.faults.Row;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.faults.FaultyServers;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault matrix, stress rows, against {@link io.mcphost.testkit.faults.FaultyStdioServer} child JVMs.
 * Rows covered elsewhere, which print their figures there: progress against the maximum total time
 * ({@link ProgressDeadlineTest#progressThatKeepsComingStillEndsTheCallAtTheMaximumTotalTime}) and a
 * slow server-request handler ({@link ServerRequestsTest#aSlowHandlerDoesNotBlockAConcurrentPing}).
 */
@Timeout(120)
class FaultMatrixStressTest {

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void aThousandCallsOverTenServersAreNeitherLostNorMisrouted() {
        List<McpClient> clients = new ArrayList<>();
        try {
            List<CompletableFuture<McpClient>> connecting = new ArrayList<>();
            for (int s = 0; s < 10; s++) {
                String name = "server-" + s;
                // Started together: ten JVM starts one after another would dominate the test's time.
                connecting.add(CompletableFuture.supplyAsync(() -> McpClient.builder(
                        FaultyServers.stdio().outOfOrder().transport(name).build())
                        .name(name).requestTimeout(Duration.ofSeconds(60)).initializeTimeout(Duration.ofSeconds(60)).connect()));
            }
            connecting.forEach(c -> clients.add(c.join()));
            long start = System.nanoTime();
            List<CompletableFuture<CallToolResult>> calls = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                calls.add(clients.get(i % 10).callToolAsync("echo",
                        JsonMapper.shared().readTree("{\"text\":\"s" + (i % 10) + "-c" + i + "\"}")));
            }
            int lost = 0;
            int misrouted = 0;
            for (int i = 0; i < 1000; i++) {
                try {
                    if (!text(calls.get(i).join()).startsWith("echo s" + (i % 10) + "-c" + i + " #")) {
                        misrouted++;
                    }
                } catch (CompletionException e) {
                    lost++;
                }
            }
            long ms = (System.nanoTime() - start) / 1_000_000;

            Row.print("R1", "1,000 calls over 10 servers", lost + " lost, " + misrouted + " misrouted in " + ms + " ms",
                    "0 lost, 0 misrouted");
            assertThat(lost).isZero();
            assertThat(misrouted).isZero();
        } finally {
            clients.parallelStream().forEach(McpClient::close);
        }
    }

    @Test
    void aDeathWithFiftyPendingCallsFailsThemAllWithinOneHundredMilliseconds() {
        var deathSeen = new AtomicLong();
        StdioTransport transport = FaultyServers.stdio().dieAfterCalls(50).transport("mortal").build();
        try (McpClient client = McpClient.builder(transport).name("mortal").requestTimeout(Duration.ofSeconds(60))
                .onConnectionLost(e -> deathSeen.compareAndSet(0, System.nanoTime())).connect()) {
            List<CompletableFuture<CallToolResult>> pending = new ArrayList<>();
            List<AtomicLong> failedAt = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                var at = new AtomicLong();
                failedAt.add(at);
                pending.add(client.callToolAsync("hang", null));
                pending.getLast().whenComplete((r, e) -> at.set(System.nanoTime()));
            }
            // The fifty hang on the server; the fifty-first makes it exit.
            Await.until(Duration.ofSeconds(10), () -> {
                client.callToolAsync("echo", null);
                return transport.stderrTail().contains("dying after 50 calls");
            }, "the server to die");
            Await.until(Duration.ofSeconds(10), () -> pending.stream().allMatch(CompletableFuture::isDone), "every pending call to end");
            // The death is seen by whichever comes first: the connection-lost callback or a failed call.
            long firstFailure = failedAt.stream().mapToLong(AtomicLong::get).min().orElseThrow();
            long seen = deathSeen.get() != 0 ? Math.min(deathSeen.get(), firstFailure) : firstFailure;
            long lastFailure = failedAt.stream().mapToLong(AtomicLong::get).max().orElseThrow();
            double afterMs = Math.max(0, lastFailure - seen) / 1e6;

            Row.print("R2", "death with 50 pending", pending.stream().filter(CompletableFuture::isCompletedExceptionally).count()
                    + "/50 failed, last " + String.format("%.1f", afterMs) + " ms after the death was seen", "100 ms");
            assertThat(pending).allMatch(CompletableFuture::isCompletedExceptionally);
            assertThat(afterMs).isLessThanOrEqualTo(100);
        }
    }

    @Test
    void aHungToolTimesOutAtItsDeadlineWithExactlyOneCancellation() throws Exception {
        StdioTransport transport = FaultyServers.stdio().transport("hung").build();
        try (McpClient client = McpClient.builder(transport).name("hung").requestTimeout(Duration.ofSeconds(30)).connect()) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> client.callTool("hang", null, CallOptions.timeout(Duration.ofMillis(500))))
                    .isInstanceOf(McpTimeoutException.class);
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            Await.until(Duration.ofSeconds(5), () -> transport.stderrTail().contains("cancelled "), "the cancellation to arrive");
            // A second cancellation would arrive right behind the first; give it the time to.
            client.ping();
            Thread.sleep(200);
            long cancellations = transport.stderrTail().lines().filter(l -> l.startsWith("cancelled ")).count();

            Row.print("R3", "hung tool times out", tookMs + " ms for a 500 ms deadline, " + cancellations + " notifications/cancelled",
                    "500-1500 ms, exactly 1");
            assertThat(tookMs).isBetween(500L, 1500L);
            assertThat(cancellations).isEqualTo(1);
        }
    }
}
