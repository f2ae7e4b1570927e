package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link McpHost#callToolWith}: a call by exposed name with a map of arguments. */
class HostCallToolWithMapTest {
    @Test
    void aMapOfArgumentsReachesTheToolTheExposedNameRoutesTo() throws Exception {
        List<AutoCloseable> toClose = new ArrayList<>();
        try (McpHost host = McpHost.builder()
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build())
                .server(inProcess("beta", () -> labelled("beta", "echo"), toClose).build())
                .start()) {
            assertThat(host.callToolWith("beta__echo", Map.of("text", "hi")).text()).isEqualTo("beta:echo:hi");
            assertThat(host.callToolWith("alpha__echo", null).text()).isEqualTo("alpha:echo:");
        } finally {
            for (AutoCloseable c : toClose) {
                c.close();
            }
        }
    }
}
