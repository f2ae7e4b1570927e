package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code -v} shows the JSON-RPC traffic on stderr, bounded and with secrets masked. */
@Timeout(60)
class CliTrafficTest {

    @Test
    void verboseShowsEachRequestAndItsAnswerWithSecretsMasked() {
        CliRun run = CliRun.of("-v", "call", "echo", "text=hi", "api_key=s3cr3t-value", "--json", "{\"password\":\"hunter2\"}");

        assertThat(run.err()).contains("→ tools/call {\"name\":\"echo\"");
        assertThat(run.err()).containsPattern("← tools/call \\d+ ms ");
        assertThat(run.err()).contains("\"api_key\":\"***\"").contains("\"password\":\"***\"");
        assertThat(run.err()).doesNotContain("s3cr3t-value").doesNotContain("hunter2");
        assertThat(run.out()).doesNotContain("→");
    }

    @Test
    void verboseShowsTheHandshakeOfALegacyServer() {
        CliRun run = CliRun.of("-v", "--era", "legacy", "call", "echo", "text=hi");

        assertThat(run.code()).isZero();
        assertThat(run.err()).contains("→ initialize ", "→ tools/call {\"name\":\"echo\"");
    }

    @Test
    void trafficLinesAreBounded() {
        String longText = "x".repeat(5_000);

        CliRun run = CliRun.of("-v", "call", "echo", "text=" + longText);

        assertThat(run.code()).isZero();
        assertThat(Arrays.stream(run.err().split("\n")).filter(l -> l.startsWith("→") || l.startsWith("←")))
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(TrafficLog.MAX_LINE_CHARS));
    }

    @Test
    void withoutVerboseThereIsNoTraffic() {
        CliRun run = CliRun.of("call", "echo", "text=hi");

        assertThat(run.err()).doesNotContain("→").doesNotContain("←");
    }
}
