package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StdioStderrTest {

    @Test
    void tenMegabytesOfStderrDeadlockNothingAndOnlyTheTailIsKept() {
        var handler = new RecordingHandler();
        try (var transport = StdioTransport.builder(Fixtures.bash("floods-stderr.sh")).name("flood").build()) {
            transport.start(handler);

            var message = (JsonRpcNotification) handler.awaitMessages(1, Duration.ofSeconds(20)).getFirst();
            Await.until(Duration.ofSeconds(5), () -> transport.stderrTail().contains("end of flood"), "the end of the flood in the tail");

            assertThat(message.params().orElseThrow().path("data").asString()).isEqualTo("after the flood");
            assertThat(transport.stderrTail().length()).isEqualTo(64 * 1024);
        }
    }

    @Test
    void theStderrBufferSizeIsConfigurable() {
        try (var transport = StdioTransport.builder(Fixtures.bash("floods-stderr.sh")).name("flood")
                .stderrBufferBytes(1024).build()) {
            transport.start(new RecordingHandler());

            Await.until(Duration.ofSeconds(20), () -> transport.stderrTail().contains("end of flood"), "the end of the flood in the tail");

            assertThat(transport.stderrTail()).hasSize(1024).endsWith("end of flood\n");
        }
    }
}
