package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.faults.Row;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.faults.FaultyServers;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Fault matrix, host rows. The catalog rules behind the shadowing row are unit-tested in
 * {@code CatalogStabilityTest} (mcphost-core), and a node server that flaps is {@code HostFlappingTest};
 * these run the same faults as real processes.
 */
@Timeout(120)
class FaultMatrixHostTest {
    /**
     * A server that answers initialize and dies 50 ms later: a crash loop the host must back off from.
     * A shell one-liner rather than a fault JVM, because a hundred JVM starts would take minutes.
     */
    private static final String FLAPPING = """
            read -r line; id=$(printf '%s' "$line" | sed -E 's/.*"id":([^,}]+).*/\\1/')
            printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{},\
            "serverInfo":{"name":"flap","version":"1"}}}\\n' "$id"
            sleep 0.05; exit 3
            """;

    private static int openFiles() {
        // /proc exists on Linux only; elsewhere the figure is -1 and only threads are compared.
        String[] fds = new File("/proc/self/fd").list();
        return fds == null ? -1 : fds.length;
    }

    @Test
    void aHundredCrashRestartsBackOffLeaveTheNeighbourServingAndLeakNothing() throws Exception {
        List<AutoCloseable> toClose = new ArrayList<>();
        List<HostEvent.ServerReconnecting> reconnects = new CopyOnWriteArrayList<>();
        ServerSpec crashing = ServerSpec.builder("crashing", () -> StdioTransport.builder("sh", "-c", FLAPPING)
                .name("crashing").build()).build();
        ReconnectPolicy policy = ReconnectPolicy.exponential(Duration.ofMillis(1), Duration.ofMillis(20), 0, 100);
        McpHostBuilder builder = McpHost.builder().reconnect(policy)
                .server(inProcess("good", () -> labelled("good", "echo"), toClose).build())
                .onEvent(e -> {
                    if (e instanceof HostEvent.ServerReconnecting r && r.server().equals("crashing")) {
                        reconnects.add(r);
                    }
                });
        try (McpHost host = builder.start()) {
            host.callTool("good__echo", args("text", "warm-up"));
            int threadsBefore = Thread.activeCount();
            int filesBefore = openFiles();

            host.addServer(crashing);
            int neighbourCalls = 0;
            int neighbourFailures = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (host.server("crashing").map(ServerStatus::state).orElseThrow() != ServerState.FAILED && System.nanoTime() < deadline) {
                neighbourCalls++;
                try {
                    String answer = HostFixtures.text(host.callTool("good__echo", args("text", "n" + neighbourCalls)));
                    neighbourFailures += Objects.equals(answer, "good:echo:n" + neighbourCalls) ? 0 : 1;
                } catch (RuntimeException e) {
                    neighbourFailures++;
                }
                Thread.sleep(1);
            }
            // Threads of finished restarts may take a moment to end; give them that moment.
            long settle = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (Thread.activeCount() > threadsBefore + 2 && System.nanoTime() < settle) {
                Thread.sleep(50);
            }
            int threadsAfter = Thread.activeCount();
            int filesAfter = openFiles();
            List<Long> delays = reconnects.stream().map(r -> r.delay().toMillis()).toList();

            Row.print("O1", "crash loop over " + reconnects.size() + " restarts", "backoff " + delays.getFirst() + " -> "
                    + delays.getLast() + " ms, neighbour " + (neighbourCalls - neighbourFailures) + "/" + neighbourCalls
                    + " answered, threads " + threadsBefore + " -> " + threadsAfter + ", FDs " + filesBefore + " -> " + filesAfter,
                    "backoff non-decreasing, 0 neighbour failures, threads and FDs within +5");
            assertThat(host.server("crashing").orElseThrow().state()).isEqualTo(ServerState.FAILED);
            assertThat(reconnects).hasSizeGreaterThanOrEqualTo(99);
            assertThat(delays).isSorted();
            assertThat(delays.getLast()).isGreaterThan(delays.getFirst());
            assertThat(neighbourFailures).isZero();
            assertThat(threadsAfter).isLessThanOrEqualTo(threadsBefore + 5);
            assertThat(filesAfter).isLessThanOrEqualTo(filesBefore + 5);
        } finally {
            for (AutoCloseable c : toClose) {
                c.close();
            }
        }
    }

    @Test
    void aToolAddedAtRuntimeUnderANameAnotherServerExposesDoesNotShadowIt() {
        List<AutoCloseable> toClose = new ArrayList<>();
        ServerSpec late = ServerSpec.builder("late", () -> FaultyServers.stdio().addsToolAtRuntime("lookup")
                .transport("late").build()).build();
        try (McpHost host = McpHost.builder().naming(ToolNaming.unprefixed())
                .server(inProcess("first", () -> labelled("first", "lookup"), toClose).build()).server(late).start()) {
            host.callTool("echo", null);
            // The faulty server now lists "lookup" too and has said so with list_changed.
            Await.until(Duration.ofSeconds(10), () -> !host.catalog().collisions().isEmpty(), "the collision to be reported");
            String answer = HostFixtures.text(host.callTool("lookup", args("text", "q")));
            String resolution = host.catalog().collisions().getFirst().resolution();

            Row.print("O2", "tool shadowing at runtime", "'lookup' still answered by " + answer.substring(0, answer.indexOf(':'))
                    + "; reported: " + resolution, "kept by 'first', collision reported");
            assertThat(answer).startsWith("first:lookup");
            assertThat(resolution).contains("'first' keeps 'lookup'");
        } finally {
            for (AutoCloseable c : toClose) {
                try {
                    c.close();
                } catch (Exception e) {
                    // Closing a finished in-process session cannot fail in a way this test cares about.
                }
            }
        }
    }
}
