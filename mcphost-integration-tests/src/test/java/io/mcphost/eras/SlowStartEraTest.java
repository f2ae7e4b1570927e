package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.testkit.eras.EraMode;
import io.mcphost.testkit.eras.EraStdioServer;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The era of a stdio server that starts slower than the era probe's deadline is the era it speaks,
 * not the one its start-up time suggests: each server here reads its stdin only 3 s after it was
 * started (the probe waits 2 s for a fresh process), so the probe always times out and
 * {@code initialize} follows it. A server that reads in order answers the probe first, and that
 * answer decides. No timing in the assertions: the delay is the server's, and longer than the probe's
 * wait on any machine.
 */
@Timeout(90)
// Its tests mostly wait: each runs beside the others (@Execution on each, junit-platform.properties), and
// the class still ends before the next class starts, so no other class's leak counts see its processes.
class SlowStartEraTest {
    /** The server's command, started only after {@code seconds}: sh sleeps, then execs it (a test-only wrapper). */
    private static List<String> startingAfter(int seconds, List<String> command) {
        List<String> line = new ArrayList<>(List.of("/bin/sh", "-c", "sleep " + seconds + "; exec \"$0\" \"$@\""));
        line.addAll(command);
        return line;
    }

    /**
     * Over HTTP the probe's answer may come late too (an authorisation in front of the server: here
     * the server holds it 5 s, past the probe's 2 s wait). A modern-only server refuses the
     * {@code initialize} that follows, and its late answer to the probe settles the era, however late
     * within the handshake's deadline.
     */
    @org.junit.jupiter.api.Test
    @Execution(ExecutionMode.CONCURRENT)
    void aLateProbeAnswerOverHttpStillFindsAModernServer() {
        try (io.mcphost.testkit.eras.EraHttpServer http = io.mcphost.testkit.eras.EraHttpServer.start(EraMode.MODERN, Duration.ofSeconds(5));
             McpClient client = McpClient.builder(io.mcphost.transport.http.HttpTransport.builder(http.url()).name("late-http").build())
                     .requestTimeout(Duration.ofSeconds(20)).connect()) {
            assertThat(client.era()).isEqualTo(Era.MODERN);
            assertThat(client.callToolWith("echo", Map.of("text", "late")).text()).isEqualTo("echo late (modern)");
        }
    }

    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @EnumSource(value = EraMode.class, names = {"MODERN", "DUAL", "LEGACY_SILENT", "LEGACY_32601"})
    void aSlowStartDoesNotDecideTheEra(EraMode mode) {
        // The modern-only server starts reading after 8 s (issue 31), the others after 3 s.
        int delay = mode == EraMode.MODERN ? 8 : 3;
        StdioTransport transport = StdioTransport.builder(startingAfter(delay, EraStdioServer.command(mode))).name("slow-" + mode).build();
        try (McpClient client = McpClient.builder(transport).requestTimeout(Duration.ofSeconds(20)).connect()) {
            Era expected = mode.speaksModern() ? Era.MODERN : Era.LEGACY;
            assertThat(client.era()).isEqualTo(expected);
            assertThat(client.callToolWith("echo", Map.of("text", "late")).text())
                    .isEqualTo("echo late (" + expected.name().toLowerCase() + ")");
        }
    }

    /**
     * Twenty dual-era servers started at once, each 3 s late, on a machine they load themselves (twenty
     * JVMs starting on the shared cores): every one is found modern, whatever each start took.
     */
    @org.junit.jupiter.api.Test
    @Execution(ExecutionMode.CONCURRENT)
    void aDualEraServerStartingSlowlyIsTheSameEraEveryTime() throws Exception {
        List<java.util.concurrent.Future<Era>> eras = new ArrayList<>();
        try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 20; i++) {
                String name = "dual-" + i;
                eras.add(threads.submit(() -> {
                    StdioTransport transport = StdioTransport.builder(startingAfter(3, EraStdioServer.command(EraMode.DUAL))).name(name).build();
                    try (McpClient client = McpClient.builder(transport).initializeTimeout(Duration.ofSeconds(45)).connect()) {
                        return client.era();
                    }
                }));
            }
            List<Era> found = new ArrayList<>();
            for (var era : eras) {
                found.add(era.get());
            }
            assertThat(found).hasSize(20).containsOnly(Era.MODERN);
        }
    }
}
