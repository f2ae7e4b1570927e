package io.mcphost.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.bench.subject.Library;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The host scenario's in-run reading: the slowest span of a run, the per-round ratio, and the transport's marks. */
class InRunReadingTest {
    @Test
    void slowestIsTheLongestSpanOfAServerThatMarkedBothEnds() {
        StartTimes times = new StartTimes();
        times.mark("a", "start", 100);
        times.mark("a", "ready", 400);
        times.mark("b", "start", 150);
        times.mark("b", "ready", 600);
        times.mark("b", "ready", 9_000); // a late duplicate does not stretch b's span
        times.mark("c", "start", 0);     // never ready: not a span

        assertThat(times.slowest("start", "ready")).contains(new StartTimes.Span("b", 450));
        assertThat(times.first("start")).hasValue(0);
        assertThat(times.last("ready")).hasValue(600);
        assertThat(times.count("ready")).isEqualTo(2);
        assertThat(times.at("c", "ready")).isEmpty();
    }

    @Test
    void ratioToIsTheMedianOfPerRoundRatiosOfOneLibrary() {
        Comparison wall = new Comparison("host-start", "wall", "ms", 1e6);
        Comparison slowest = new Comparison("host-start", "slowest", "ms", 1e6);
        long[][] rounds = {{120, 100}, {300, 200}, {110, 100}}; // ratios 1.2, 1.5, 1.1
        for (int r = 0; r < rounds.length; r++) {
            wall.record(Library.FLOOR, r, LifecycleScenarios.single(rounds[r][0]));
            slowest.record(Library.FLOOR, r, LifecycleScenarios.single(rounds[r][1]));
        }
        wall.record(Library.MCPHOST, 0, LifecycleScenarios.single(500)); // no in-run round of its own

        assertThat(wall.ratioTo(slowest, Library.FLOOR)).isEqualTo(1.2);
        assertThat(wall.ratioTo(slowest, Library.MCPHOST)).isNaN();
    }

    @Test
    void timedTransportMarksTheAnswerOfEachRequestMethod() {
        McpServer server = McpServer.builder().name("timed")
                .tool(Tool.of("echo", "Echoes.", JsonNodeFactory.instance.objectNode().put("type", "object")),
                        call -> CallToolResult.text("ok"))
                .build();
        MemoryTransport.Pair pair = MemoryTransport.pair();
        server.serve(pair.server());
        StartTimes times = new StartTimes();

        try (McpClient client = McpClient.builder(new TimedTransport(pair.client(), "s", times)).connect()) {
            assertThat(client.listTools()).hasSize(1);
        }

        assertThat(times.at("s", TimedTransport.SPAWNED)).isPresent();
        long listed = times.at("s", "tools/list").orElseThrow();
        assertThat(listed).isGreaterThanOrEqualTo(times.at("s", TimedTransport.SPAWNED).orElseThrow());
        // Whichever handshake the client chose (a probe, or initialize), its answer came before the listing's.
        long handshake = times.at("s", "initialize").orElse(times.at("s", "server/discover").orElseThrow());
        assertThat(handshake).isLessThanOrEqualTo(listed);
    }
}
