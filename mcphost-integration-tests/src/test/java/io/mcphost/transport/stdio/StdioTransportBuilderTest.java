package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTransportException;
import io.mcphost.testkit.RecordingHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    @Test
    void changingTheBuilderAfterBuildDoesNotChangeTheBuiltTransport() {
        var builder = StdioTransport.builder("cat", "-u").name("first")
                .env(Map.of("A", "1")).envPassthrough(List.of("AWS_PROFILE"))
                .maxMessageBytes(1_000).stderrBufferBytes(2_000)
                .closeGracePeriod(Duration.ofSeconds(3)).termGracePeriod(Duration.ofSeconds(4));
        var transport = builder.build();
        var before = transport.settings();

        builder.name("second").cwd(Path.of("/tmp")).env(Map.of("B", "2")).envPassthrough(List.of("HOME"))
                .maxMessageBytes(5).stderrBufferBytes(6)
                .closeGracePeriod(Duration.ofMillis(7)).termGracePeriod(Duration.ofMillis(8));
        var second = builder.build();

        assertThat(transport.settings()).isSameAs(before);
        assertThat(transport.toString()).isEqualTo("StdioTransport[first]");
        assertThat(before.cwd()).isEmpty();
        assertThat(before.env()).isEqualTo(Map.of("A", "1"));
        assertThat(before.envPassthrough()).containsExactly("AWS_PROFILE");
        assertThat(before.maxMessageBytes()).isEqualTo(1_000);
        assertThat(before.stderrBufferBytes()).isEqualTo(2_000);
        assertThat(before.closeBudget()).isEqualTo(Duration.ofSeconds(8));
        assertThat(second.toString()).isEqualTo("StdioTransport[second]");
        assertThat(second.settings().cwd()).isEqualTo(Optional.of(Path.of("/tmp")));
        assertThat(second.settings().closeBudget()).isEqualTo(Duration.ofMillis(1_015));
    }
}
