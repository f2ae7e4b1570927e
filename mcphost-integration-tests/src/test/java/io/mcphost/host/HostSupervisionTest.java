package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.demoProcess;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.host.HostEvent;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.testkit.Await;
import io.mcphost.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Start, failure isolation, reconnect and close of an {@link McpHost} with child-process servers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostSupervisionTest {
    private static final String JAVA = ProcessHandle.current().info().command().orElseThrow();
    private final List<HostEvent> events = new CopyOnWriteArrayList<>();

    private static ServerSpec missingCommand() {
        return ServerSpec.builder("missing", () -> StdioTransport.builder("mcphost-no-such-command-7f3a").name("missing").build())
                .build();
    }

    private static ServerSpec exitsAtOnce() {
        // A "server" that prints to stderr and exits before the handshake.
        return ServerSpec.builder("quitter", () -> StdioTransport.builder(JAVA, "-version").name("quitter").build())
                .startupTimeout(Duration.ofSeconds(20)).build();
    }

    @Test
    void brokenServersAreReportedWhileTheGoodOnesServe() {
        List<StdioTransport> demos = HostFixtures.recorder();
        try (McpHost host = McpHost.builder()
                .server(demoProcess("demo", demos).build())
                .server(missingCommand())
                .server(exitsAtOnce())
                .onEvent(events::add)
                .start()) {
            assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
            var missing = host.server("missing").orElseThrow();
            assertThat(missing.state()).isEqualTo(ServerState.FAILED);
            assertThat(missing.lastErrorMessage()).hasValueSatisfying(e -> assertThat(e).contains("mcphost-no-such-command-7f3a"));
            var quitter = host.server("quitter").orElseThrow();
            assertThat(quitter.state()).isEqualTo(ServerState.FAILED);
            assertThat(quitter.stderrTail()).hasValueSatisfying(t -> assertThat(t).contains("version"));
            assertThat(text(host.callTool("demo__echo", args("text", "still here")))).isEqualTo("still here");
            assertThat(host.tools()).extracting(HostTool::server).containsOnly("demo");
            assertThat(events).filteredOn(e -> e instanceof HostEvent.ServerFailed).extracting(HostEvent::server)
                    .containsExactlyInAnyOrder("missing", "quitter");
        }
        assertThat(demos).allSatisfy(t -> t.process().ifPresent(HostSupervisionTest::assertGone));
    }

    @Test
    void aRequiredServerThatCannotStartFailsTheStartAndLeavesNothingRunning() {
        List<StdioTransport> demos = HostFixtures.recorder();
        assertThatThrownBy(() -> McpHost.builder()
                .server(demoProcess("demo", demos).build())
                .server(ServerSpec.builder("missing", () -> StdioTransport.builder("mcphost-no-such-command-7f3a").build())
                        .required(true).build())
                .start())
                .isInstanceOfSatisfying(ServerUnavailableException.class, e -> {
                    assertThat(e.server()).contains("missing");
                    assertThat(e.getMessage()).contains("required");
                });
        assertThat(demos).isNotEmpty().allSatisfy(t -> t.process().ifPresent(HostSupervisionTest::assertGone));
    }

    @Test
    void aKilledServerComesBackByItselfAndItsToolsReappear() throws Exception {
        List<StdioTransport> demos = HostFixtures.recorder();
        try (McpHost host = McpHost.builder()
                .server(demoProcess("demo", demos).build())
                .server(demoProcess("other", HostFixtures.recorder()).build())
                .reconnect(ReconnectPolicy.exponential(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2, 5))
                .onEvent(events::add)
                .start()) {
            assertThat(host.tools()).extracting(HostTool::server).contains("demo", "other");

            demos.getFirst().process().orElseThrow().destroyForcibly();

            awaitState(host, "demo", ServerState.RECONNECTING, ServerState.STARTING);
            // The state changes a moment before the catalog follows; the old 20 ms polling hid that.
            Await.until(Duration.ofSeconds(5), () -> host.tools().stream().noneMatch(t -> t.server().equals("demo")),
                    "demo's tools to leave the catalog");
            assertThatThrownBy(() -> host.callTool("demo__echo", args("text", "x")))
                    .isInstanceOfSatisfying(ServerUnavailableException.class, e -> assertThat(e.server()).contains("demo"));
            assertThat(text(host.callTool("other__echo", args("text", "unaffected")))).isEqualTo("unaffected");

            awaitState(host, "demo", ServerState.READY);
            Await.until(Duration.ofSeconds(5), () -> host.tools().stream().anyMatch(t -> t.name().equals("demo__echo")),
                    "demo's tools to return to the catalog");
            assertThat(text(host.callTool("demo__echo", args("text", "back")))).isEqualTo("back");
            assertThat(demos).hasSizeGreaterThanOrEqualTo(2);
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(HostEvent.ServerReconnecting.class,
                    r -> assertThat(r.attempt()).isEqualTo(1)));
        }
    }

    @Test
    void callsMayWaitForAReconnectInsteadOfFailingFast() throws Exception {
        List<StdioTransport> demos = HostFixtures.recorder();
        try (McpHost host = McpHost.builder()
                .server(demoProcess("demo", demos).build())
                .reconnect(ReconnectPolicy.exponential(Duration.ofMillis(200), Duration.ofSeconds(1), 0, 5))
                .callsWaitForReconnect(true)
                .requestTimeout(Duration.ofSeconds(30))
                .start()) {
            demos.getFirst().process().orElseThrow().destroyForcibly();
            awaitState(host, "demo", ServerState.RECONNECTING, ServerState.STARTING);
            assertThat(text(host.callTool("demo__echo", args("text", "waited")))).isEqualTo("waited");
        }
    }

    @Test
    void closeStopsTwentyStubbornServersWithinItsDeadline() {
        Path script = Path.of("src/test/resources/stubborn-mcp-server.js").toAbsolutePath();
        List<StdioTransport> started = new CopyOnWriteArrayList<>();
        McpHostBuilder builder = McpHost.builder().closeTimeout(Duration.ofSeconds(5));
        for (int i = 0; i < 20; i++) {
            String name = "stubborn" + i;
            builder.server(ServerSpec.builder(name, () -> {
                StdioTransport t = StdioTransport.builder("node", script.toString()).name(name)
                        .closeGracePeriod(Duration.ofMillis(500)).termGracePeriod(Duration.ofMillis(500)).build();
                started.add(t);
                return t;
            }).build());
        }
        McpHost host = builder.start();
        assertThat(host.servers()).extracting(s -> s.state()).containsOnly(ServerState.READY);
        List<ProcessHandle> processes = new ArrayList<>();
        started.forEach(t -> processes.add(t.process().orElseThrow()));

        long began = System.nanoTime();
        host.close();
        Duration took = Duration.ofNanos(System.nanoTime() - began);

        assertThat(took).isLessThan(Duration.ofSeconds(6));
        assertThat(processes).hasSize(20).allSatisfy(HostSupervisionTest::assertGone);
        assertThat(host.servers()).extracting(s -> s.state()).containsOnly(ServerState.STOPPED);
    }

    /** The process has exited; a zombie the JVM has not reaped yet gets a moment. */
    static void assertGone(ProcessHandle process) {
        try {
            process.onExit().get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("process " + process.pid() + " is still alive after close", e);
        }
    }

    static void awaitState(McpHost host, String server, ServerState... wanted) throws InterruptedException {
        List<ServerState> states = List.of(wanted);
        Await.until(Duration.ofSeconds(30), () -> states.contains(host.server(server).orElseThrow().state()),
                () -> "server " + server + " to reach " + states + "; it is " + host.server(server));
    }
}
