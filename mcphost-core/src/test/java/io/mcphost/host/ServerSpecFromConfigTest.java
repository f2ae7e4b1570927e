package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** {@link ServerSpec#fromConfig(io.mcphost.config.ServerConfig, java.util.function.Consumer)}: nothing starts here. */
class ServerSpecFromConfigTest {
    private final McpConfig config = McpConfigLoader.builder().env(Map.<String, String>of()::get).build().parse("""
            {"mcpServers": {
              "local": {"command": "uvx", "args": ["mcp-server-git"], "env": {"A": "1"}},
              "remote": {"url": "https://example.com/mcp", "autoApprove": ["fetch", "read_*"]}
            }}
            """, "mcp.json");

    @Test
    void theStdioBuilderIsAdjustedBeforeEachTransportIsBuilt() {
        List<String> adjusted = new CopyOnWriteArrayList<>();
        ServerSpec spec = ServerSpec.fromConfig(config.server("local").orElseThrow(), stdio -> {
            adjusted.add("once");
            stdio.name("renamed"); // visible in toString; closeGracePeriod is not visible outside the package
        });

        StdioTransport first = (StdioTransport) spec.newTransport();
        StdioTransport second = (StdioTransport) spec.newTransport();

        assertThat(adjusted).as("one call per transport, as a restart needs a fresh one").hasSize(2);
        assertThat(first).isNotSameAs(second);
        assertThat(first).hasToString("StdioTransport[renamed]");
        assertThat(first.describe()).isEqualTo("uvx (+1 arg)");
        assertThat(first.process()).isEmpty();
        assertThat(spec.description()).contains("stdio: uvx mcp-server-git");
    }

    @Test
    void httpEntriesAreNotPassedToTheStdioAdjustment() {
        List<String> adjusted = new CopyOnWriteArrayList<>();
        ServerSpec spec = ServerSpec.fromConfig(config.server("remote").orElseThrow(), stdio -> adjusted.add("called"));

        assertThat(spec.newTransport()).isInstanceOf(HttpTransport.class);
        assertThat(adjusted).isEmpty();
    }

    @Test
    void withoutAnAdjustmentTheTransportIsTheConfigurationsOwn() {
        StdioTransport transport = (StdioTransport) ServerSpec.fromConfig(config.server("local").orElseThrow()).newTransport();

        assertThat(transport).hasToString("StdioTransport[local]");
    }

    @Test
    void autoApproveBecomesTheToolsCalledWithoutAsking() {
        ToolFilter remote = ServerSpec.fromConfig(config.server("remote").orElseThrow()).autoApproved();
        ToolFilter local = ServerSpec.fromConfig(config.server("local").orElseThrow()).autoApproved();

        assertThat(remote.allows("fetch")).isTrue();
        assertThat(remote.allows("read_file")).isTrue();
        assertThat(remote.allows("write_file")).isFalse();
        assertThat(local.allows("anything")).as("no autoApprove: every call is asked about").isFalse();
    }
}
