package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.protocol.McpException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A transport that cannot even be built (a bad header, a token variable that is not set) makes its
 * server FAILED with the cause and a {@code ServerFailed} event, at once; it never stays STARTING.
 */
class HostTransportSetupTest {

    @Test
    void aTransportThatCannotBeBuiltFailsItsServerWithTheCause() {
        List<HostEvent> events = new CopyOnWriteArrayList<>();
        ServerSpec broken = ServerSpec.builder("broken", () -> {
            throw new IllegalStateException("the environment variable NOPE (the bearer token) is not set");
        }).build();
        long start = System.nanoTime();
        try (McpHost host = McpHost.builder().server(broken).onEvent(events::add).start()) {
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            ServerStatus status = host.server("broken").orElseThrow();
            assertThat(status.state()).isEqualTo(ServerState.FAILED);
            assertThat(status.lastError()).get().isInstanceOf(McpException.class);
            assertThat(status.lastErrorMessage()).get().asString()
                    .contains("cannot set up the transport").contains("NOPE");
            assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(HostEvent.ServerFailed.class));
        }
    }

    @Test
    void aConfigEntryWhoseTokenVariableIsUnsetIsAFailedServerNotAHangingOne() {
        McpConfig config = McpConfigLoader.builder().env(name -> null).build().parse("""
                {"mcpServers": {"remote": {"url": "http://127.0.0.1:1/mcp",
                                           "bearerTokenEnv": "MCPHOST_SURELY_UNSET_TOKEN_VAR"}}}
                """, "test.json");
        try (McpHost host = McpHost.fromConfig(config).startupTimeout(Duration.ofSeconds(20)).start()) {
            ServerStatus status = host.server("remote").orElseThrow();
            assertThat(status.state()).isEqualTo(ServerState.FAILED);
            assertThat(status.lastErrorMessage()).get().asString().contains("MCPHOST_SURELY_UNSET_TOKEN_VAR");
        }
    }
}
