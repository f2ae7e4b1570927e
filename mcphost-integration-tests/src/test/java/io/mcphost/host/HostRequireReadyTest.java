package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link McpHost#requireReady()}: a fail-open start that got no server says so, with the causes. */
class HostRequireReadyTest {
    private static ServerSpec missing(String name) {
        return ServerSpec.builder(name, () -> StdioTransport.builder(List.of("mcphost-no-such-command-" + name)).name(name).build())
                .build();
    }

    @Test
    void aHostWithEveryServerFailedThrowsWithEachFailure() {
        try (McpHost host = McpHost.builder().server(missing("one")).server(missing("two")).start()) {
            assertThatThrownBy(host::requireReady).isInstanceOf(ServerUnavailableException.class)
                    .hasMessageContaining("no server is ready: one is failed, two is failed")
                    .satisfies(e -> {
                        assertThat(e.getCause()).isInstanceOf(McpTransportException.class);
                        assertThat(e.getSuppressed()).hasSize(1);
                    });
        }
    }

    @Test
    void oneReadyServerIsEnough() throws Exception {
        List<AutoCloseable> toClose = new ArrayList<>();
        try (McpHost host = McpHost.builder().server(missing("one"))
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build()).start()) {
            assertThat(host.requireReady()).isSameAs(host);
        } finally {
            for (AutoCloseable c : toClose) {
                c.close();
            }
        }
    }
}
