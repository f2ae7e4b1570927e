package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.ClientState;
import io.mcphost.client.McpClient;
import io.mcphost.faults.Row;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.faults.FaultyServers;
import io.mcphost.testkit.faults.StdioFaults;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault matrix, stream rows: what a server writes on stdout and stderr that it should not, against
 * {@link io.mcphost.testkit.faults.FaultyStdioServer} child JVMs.
 */
@Timeout(90)
class FaultMatrixStreamsTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private static McpClient connect(StdioFaults faults, String name) {
        return McpClient.builder(faults.transport(name).build()).name(name).requestTimeout(DEADLINE).connect();
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void tenMegabytesOfStderrKeepOnlyTheTailAndTheCallsStillWork() {
        StdioTransport transport = FaultyServers.stdio().stderrFlood(10L * 1024 * 1024).transport("flood").build();
        try (McpClient client = McpClient.builder(transport).name("flood").requestTimeout(DEADLINE).connect()) {
            Await.until(DEADLINE, () -> transport.stderrTail().contains("flood done"), "the whole flood to be read");
            String answer = text(client.callTool("echo", JsonMapper.shared().readTree("{\"text\":\"after\"}")));

            int kept = transport.stderrTail().length();
            Row.print("T1", "10 MB of stderr", "call answered, " + kept + " bytes of stderr kept", "64 KiB kept");
            assertThat(answer).startsWith("echo after");
            assertThat(kept).isLessThanOrEqualTo(64 * 1024);
        }
    }

    @Test
    void aThousandJunkLinesAreSkippedAndTheirLoggingIsBounded() {
        PrintStream original = System.err;
        var captured = new ByteArrayOutputStream();
        String answer;
        // slf4j-simple looks System.err up at each message, so swapping it counts what the skipping logs.
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (McpClient client = connect(FaultyServers.stdio().junkLines(1000), "junk")) {
            answer = text(client.callTool("echo", null));
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        long lines = log.lines().filter(l -> l.contains("'junk'")).count();

        Row.print("T2", "1,000 junk lines", "call answered, " + lines + " log lines, " + log.length() + " log bytes",
                "<= 50 log lines");
        assertThat(answer).startsWith("echo");
        assertThat(lines).isLessThanOrEqualTo(50);
    }

    @Test
    void aTwentyMebibyteLineIsSkippedByAClientWithA256MebibyteHeap() throws Exception {
        List<String> command = new ArrayList<>(Fixtures.java(HugeLineClient.class, String.valueOf(20L * 1024 * 1024)));
        command.add(1, "-Xmx256m");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();

        String answers = output.lines().filter(l -> l.startsWith("answers ")).findFirst().orElse(output);
        Row.print("T3", "20 MiB line at -Xmx256m", answers + ", exit " + child.exitValue(), "both calls answered, exit 0");
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(answers).contains("echo  #1").contains("echo  #2");
    }

    @Test
    void outOfOrderDuplicateAndUnknownIdsAreRoutedToTheRightCaller() {
        try (McpClient client = connect(FaultyServers.stdio().outOfOrder().duplicateIds().unknownIds(), "ids")) {
            List<CompletableFuture<CallToolResult>> calls = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                calls.add(client.callToolAsync("echo", JsonMapper.shared().readTree("{\"text\":\"call-" + i + "\"}")));
            }
            int misrouted = 0;
            for (int i = 0; i < calls.size(); i++) {
                if (!text(calls.get(i).join()).startsWith("echo call-" + i + " #")) {
                    misrouted++;
                }
            }

            Row.print("T4", "out-of-order, duplicate and unknown ids", "200 calls, " + misrouted + " misrouted, client "
                    + client.state(), "0 misrouted, READY");
            assertThat(misrouted).isZero();
            assertThat(client.state()).isEqualTo(ClientState.READY);
        }
    }

    @Test
    void malformedJsonRpcIsSkippedAndTheConnectionSurvives() {
        try (McpClient client = connect(FaultyServers.stdio().malformed(), "malformed")) {
            int answered = 0;
            for (int i = 0; i < 20; i++) {
                if (text(client.callTool("echo", null)).startsWith("echo")) {
                    answered++;
                }
            }

            Row.print("T5", "malformed JSON-RPC skipped", answered + "/20 calls answered among 100 malformed messages, client "
                    + client.state(), "20/20, READY");
            assertThat(answered).isEqualTo(20);
            assertThat(client.state()).isEqualTo(ClientState.READY);
        }
    }
}
