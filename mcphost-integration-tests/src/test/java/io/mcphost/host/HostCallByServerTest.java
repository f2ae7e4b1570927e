package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link McpHost#callTool(String, String, Map)}: a call named by server and tool, with a map of arguments. */
class HostCallByServerTest {
    @Test
    void aCallByServerAndToolNameReachesThatServerWithTheMapAsArguments() throws Exception {
        List<AutoCloseable> toClose = new ArrayList<>();
        try (McpHost host = McpHost.builder()
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build())
                .server(inProcess("beta", () -> labelled("beta", "echo"), toClose).build())
                .start()) {
            assertThat(host.callTool("beta", "echo", Map.of("text", "hi")).text()).isEqualTo("beta:echo:hi");
            assertThatThrownBy(() -> host.callTool("alpha", "nope", Map.of())).isInstanceOf(McpNotFoundException.class)
                    .hasMessageContaining("server 'alpha' offers no tool 'nope'");
        } finally {
            for (AutoCloseable c : toClose) {
                c.close();
            }
        }
    }
}
