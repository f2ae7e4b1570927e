package io.mcphost.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.faults.Row;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.ScriptedHttpServer;
import io.mcphost.testkit.faults.FaultyHttpServer;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault matrix, HTTP rows: our client against {@link FaultyHttpServer} and against our own server
 * whose sessions keep expiring. Rows covered elsewhere, which print their figures there: one expiry
 * under 50 concurrent calls ({@link io.mcphost.client.HttpSessionRecoveryTest#fiftyConcurrentCallsDuringExpiryShareOneReinitialisation})
 * and a dropped stream resumed ({@link io.mcphost.client.HttpSessionRecoveryTest#aStreamDroppedMidCallIsResumedAndTheCallCompletes}).
 */
@Timeout(60)
class FaultMatrixHttpTest {

    private static McpClient connect(String url, Duration timeout) {
        return McpClient.builder(HttpTransport.builder(java.net.URI.create(url)).name("faulty").build()).name("faulty")
                .requestTimeout(timeout).connect();
    }

    /** Session expiries in the row below. */
    private static final int EXPIRIES = 15;
    /** Concurrent callers in the row below. */
    private static final int CALLERS = 20;

    @Test
    void sessionsExpiringAgainAndAgainUnderLoadFailNoCall() throws Exception {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).start();
             McpClient client = McpClient.builder(HttpTransport.builder(server.endpoint()).name("demo").build())
                     // Sessions, and so their expiry, exist only in the legacy era: a modern connection has none.
                     .name("demo").era(io.mcphost.protocol.Era.LEGACY).sessionRetries(1)
                     .requestTimeout(Duration.ofSeconds(20)).connect()) {
            AtomicInteger failed = new AtomicInteger();
            AtomicLong answered = new AtomicLong();
            AtomicInteger expiries = new AtomicInteger();
            var firstFailure = new java.util.concurrent.atomic.AtomicReference<McpException>();
            java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
            try (var callers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int c = 0; c < CALLERS; c++) {
                    callers.submit(() -> {
                        while (!done.get()) {
                            try {
                                client.callTool("echo", JsonMapper.shared().readTree("{\"text\":\"x\"}"));
                                answered.incrementAndGet();
                            } catch (McpException e) {
                                failed.incrementAndGet();
                                firstFailure.compareAndSet(null, e);
                            }
                        }
                    });
                }
                // The sessions die under the callers' feet again and again: each one once it has answered
                // 20 more calls. Counted in calls, not in milliseconds: a session the server kills before
                // any call could use it is a server that never gives a usable session (recovery rightly gives
                // up on that), and how many calls fit in 200 ms depends on the machine's load.
                for (int round = 0; round < EXPIRIES; round++) {
                    long target = answered.get() + 20;
                    // A new session must exist too (the client re-initialised after the last expiry), and must
                    // have answered: answers that were already on their way when a session ended (at most one
                    // per caller) count among the answered, so only more than CALLERS of them after the new
                    // session began prove it answered one. Ended before that, it would be a session that never
                    // answered, which the client rightly gives up on (sessionRetries 1).
                    long sessionsWanted = round + 1;
                    while (server.initializeCount() < sessionsWanted && failed.get() == 0) {
                        Thread.sleep(5);
                    }
                    target = Math.max(target, answered.get() + CALLERS + 1);
                    while (answered.get() < target && failed.get() == 0) {
                        Thread.sleep(5);
                    }
                    if (failed.get() != 0) {
                        break;
                    }
                    expiries.addAndGet(server.expireAllSessions());
                }
                // And the calls after the last expiry must work too.
                long target = answered.get() + 20;
                while (answered.get() < target && failed.get() == 0) {
                    Thread.sleep(5);
                }
                done.set(true);
            }
            long reinitialisations = server.initializeCount() - 1;

            Row.print("H2", "repeated session expiry under load", answered + " calls answered, " + failed + " failed, "
                    + reinitialisations + " re-initialisations for " + expiries + " expiries", "0 failed, <= 1 per expiry");
            assertThat(failed).as("first failure: %s", firstFailure.get()).hasValue(0);
            assertThat(expiries).as("sessions expired under the callers").hasValueGreaterThanOrEqualTo(EXPIRIES);
            assertThat(reinitialisations).as("the client re-initialised").isPositive();
            assertThat(reinitialisations).isLessThanOrEqualTo(expiries.get());
        }
    }

    @Test
    void aServerThatHangsIsCutOffAtTheCallsDeadline() {
        try (FaultyHttpServer server = FaultyHttpServer.hangs(); McpClient client = connect(server.url(), Duration.ofSeconds(20))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> client.callTool("anything", null, CallOptions.timeout(Duration.ofMillis(500))))
                    .isInstanceOf(McpTimeoutException.class);
            long tookMs = (System.nanoTime() - start) / 1_000_000;

            Row.print("H4", "hanging HTTP server", tookMs + " ms for a 500 ms deadline", "500-1500 ms");
            assertThat(tookMs).isBetween(500L, 1500L);
        }
    }

    @Test
    void errorStatusesFailTheCallWithoutARetryStorm() {
        errorStatusFailsEachCallOnce("HTTP 500", FaultyHttpServer.failsWith(500));
        errorStatusFailsEachCallOnce("HTML 502 page", FaultyHttpServer.badGatewayPage());
    }

    private static void errorStatusFailsEachCallOnce(String label, FaultyHttpServer faulty) {
        try (FaultyHttpServer server = faulty; McpClient client = connect(server.url(), Duration.ofSeconds(10))) {
            int failures = 0;
            for (int i = 0; i < 10; i++) {
                try {
                    client.callTool("anything", null);
                } catch (McpException e) {
                    failures++;
                }
            }
            long requests = server.count("tools/call");

            Row.print("H5", label + " without retry storm", failures + "/10 calls failed, " + requests
                    + " tools/call requests sent", "10 failed, <= 10 requests");
            assertThat(failures).isEqualTo(10);
            assertThat(requests).isLessThanOrEqualTo(10);
        }
    }

    @Test
    void aRedirectAndAForeignLegacyEndpointAreRefused() {
        try (var target = new ScriptedHttpServer((request, exchange) -> ScriptedHttpServer.status(exchange, 500));
             FaultyHttpServer redirecting = FaultyHttpServer.redirectsTo(target.url("/elsewhere"));
             McpClient client = connect(redirecting.url(), Duration.ofSeconds(10))) {
            assertThatThrownBy(() -> client.callTool("anything", null)).isInstanceOf(McpException.class);

            try (FaultyHttpServer legacy = FaultyHttpServer.legacyEndpointOn(target.url("").replace("127.0.0.1", "localhost"))) {
                assertThatThrownBy(() -> connect(legacy.url(), Duration.ofSeconds(10))).isInstanceOf(McpException.class)
                        .hasMessageContaining("origin");
            }
            Row.print("H6", "redirect and foreign endpoint refused", "both refused, " + target.seen().size()
                    + " requests reached the other origin", "0 requests");
            assertThat(target.seen()).isEmpty();
        }
    }

    @Test
    void aHugeBodyFailsTheCallWithoutBeingHeldInMemory() {
        long bytes = 256L * 1024 * 1024;
        try (FaultyHttpServer server = FaultyHttpServer.hugeBody(bytes); McpClient client = connect(server.url(), Duration.ofSeconds(30))) {
            var pools = java.lang.management.ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP).toList();
            System.gc();
            long before = pools.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
            pools.forEach(java.lang.management.MemoryPoolMXBean::resetPeakUsage);
            long start = System.nanoTime();
            assertThatThrownBy(() -> client.callTool("anything", null)).isInstanceOf(McpException.class);
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            // The peak, not what is left after: a body held whole would show here even if freed at once.
            long peakGrowthMiB = Math.max(0, pools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum() - before) / (1024 * 1024);

            Row.print("H7", "256 MiB response body", "refused after " + tookMs + " ms, heap peak grew " + peakGrowthMiB + " MiB",
                    "< 128 MiB, half the body");
            assertThat(peakGrowthMiB).isLessThan(128);
        }
    }
}
