package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTransportException;
import io.mcphost.testkit.RecordingHandler;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StdioTransportBuilderTest {

    @Test
    void settingsAtOrBelowZeroAreRejectedNamingTheSetting() {
        var builder = StdioTransport.builder("cat");

        assertThatThrownBy(() -> builder.maxMessageBytes(0)).hasMessageContaining("maxMessageBytes");
        assertThatThrownBy(() -> builder.stderrBufferBytes(-1)).hasMessageContaining("stderrBufferBytes");
        assertThatThrownBy(() -> builder.closeGracePeriod(Duration.ZERO)).hasMessageContaining("closeGracePeriod");
        assertThatThrownBy(() -> builder.termGracePeriod(Duration.ofSeconds(-1))).hasMessageContaining("termGracePeriod");
        assertThatThrownBy(() -> StdioTransport.builder(List.of())).hasMessageContaining("command line is empty");
    }

    @Test
    void buildDoesNoIoAndStartLaunches() {
        var transport = StdioTransport.builder("definitely-not-a-command-mcphost").build();

        assertThat(transport.process()).isEmpty();
        assertThat(transport.describe()).isEqualTo("definitely-not-a-command-mcphost");
    }

    @Test
    void aCommandThatDoesNotExistFailsToStartNamingTheCommandAndTheReason() {
        var transport = StdioTransport.builder("definitely-not-a-command-mcphost", "--flag").name("missing").build();

        assertThatThrownBy(() -> transport.start(new RecordingHandler()))
                .isInstanceOf(McpTransportException.class)
                .hasMessageContaining("server 'missing'")
                .hasMessageContaining("cannot start 'definitely-not-a-command-mcphost --flag'")
                .hasMessageContaining("No such file or directory");
        transport.close(); // nothing to do, and must not hang
    }
}
