package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpInvalidArgumentsException;
import io.mcphost.protocol.McpNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link McpHost#callToolWith(String, Object)} and {@link McpHost#callTool(String, String, Object)} with records. */
class HostCallToolWithRecordTest {
    record Text(String text) {
    }

    @Test
    void aRecordReachesTheToolByExposedNameOrByServerAndToolName() throws Exception {
        List<AutoCloseable> toClose = new ArrayList<>();
        try (McpHost host = McpHost.builder()
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build())
                .server(inProcess("beta", () -> labelled("beta", "echo"), toClose).build())
                .start()) {
            assertThat(host.callToolWith("beta__echo", new Text("hi")).text()).isEqualTo("beta:echo:hi");
            assertThat(host.callTool("alpha", "echo", new Text("by name")).text()).isEqualTo("alpha:echo:by name");
            assertThat(host.callTool("beta", "echo", Map.of("text", "map"),
                    CallOptions.builder().timeout(Duration.ofSeconds(5)).build()).text()).isEqualTo("beta:echo:map");

            assertThatThrownBy(() -> host.callTool("alpha", "echo", 42))
                    .isInstanceOf(McpInvalidArgumentsException.class).hasMessageContaining("server 'alpha'")
                    .hasMessageContaining("JSON number");
            assertThatThrownBy(() -> host.callTool("alpha", "echo", CallOptions.defaults()))
                    .isInstanceOf(McpInvalidArgumentsException.class).hasMessageContaining("CallOptions");
            assertThatThrownBy(() -> host.callToolWith("alpha__echo", "text"))
                    .isInstanceOf(McpInvalidArgumentsException.class);
            assertThatThrownBy(() -> host.callTool("gamma", "echo", new Text("x"))).isInstanceOf(McpNotFoundException.class);
        } finally {
            for (AutoCloseable c : toClose) {
                c.close();
            }
        }
    }
}
