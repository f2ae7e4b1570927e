package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Transports are only built here: nothing is started and nothing connects. */
class TransportFromConfigTest {
    private final McpConfigLoader loader = McpConfigLoader.builder().env(Map.<String, String>of()::get).build();

    @Test
    void aStdioServerBuildsAStdioTransportNamedAfterTheServer() {
        ServerConfig server = loader.parse("""
                {"mcpServers": {"git": {"command": "uvx", "args": ["mcp-server-git"], "env": {"A": "1"},
                                        "envPassthrough": ["HOME"], "cwd": "/tmp"}}}
                """, "mcp.json").servers().getFirst();

        Transport transport = server.toTransport();

        assertThat(transport).isInstanceOf(StdioTransport.class);
        assertThat(transport).hasToString("StdioTransport[git]");
        assertThat(transport.describe()).isEqualTo("uvx (+1 arg)");
        assertThat(((StdioTransport) transport).process()).isEmpty();
    }

    @Test
    void anHttpServersDescriptionLeavesOutTheQueryAndCredentials() {
        ServerConfig server = loader.parse("""
                {"mcpServers": {"keyed": {"url": "https://user:pw@example.com:8443/mcp?api_key=sk-4711#x"}}}
                """, "mcp.json").servers().getFirst();

        assertThat(server.transport().describe()).isEqualTo("http: https://example.com:8443/mcp");
    }

    @Test
    void anHttpServerBuildsAnHttpTransportInTheConfiguredMode() {
        McpConfig config = loader.parse("""
                {"mcpServers": {
                  "auto": {"url": "https://example.com/mcp", "headers": {"X-Api-Key": "k"}},
                  "sse": {"type": "sse", "url": "https://example.com/sse"},
                  "http": {"type": "http", "url": "https://example.com/mcp"}
                }}
                """, "mcp.json");

        HttpTransport auto = (HttpTransport) config.server("auto").orElseThrow().toTransport();
        HttpTransport sse = (HttpTransport) config.server("sse").orElseThrow().toTransport();
        HttpTransport http = (HttpTransport) config.server("http").orElseThrow().toTransport();

        assertThat(auto.activeMode()).isEqualTo(HttpTransport.Mode.AUTO);
        assertThat(sse.activeMode()).isEqualTo(HttpTransport.Mode.SSE);
        assertThat(http.activeMode()).isEqualTo(HttpTransport.Mode.STREAMABLE_HTTP);
        assertThat(auto.describe()).isEqualTo("https://example.com/mcp");
    }

    @Test
    void aBearerTokenVariableThatIsNotSetFailsWhenTheTransportIsBuilt() {
        ServerConfig server = loader.parse("""
                {"mcpServers": {"gh": {"url": "https://example.com/mcp",
                                       "bearerTokenEnv": "MCPHOST_TEST_SURELY_UNSET_TOKEN"}}}
                """, "mcp.json").servers().getFirst();

        assertThatThrownBy(server::toTransport)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("MCPHOST_TEST_SURELY_UNSET_TOKEN");
    }

    @Test
    void aReservedHeaderIsRejectedByTheTransportBuilder() {
        ServerConfig server = loader.parse("""
                {"mcpServers": {"s": {"url": "https://example.com/mcp", "headers": {"Mcp-Session-Id": "x"}}}}
                """, "mcp.json").servers().getFirst();

        assertThatThrownBy(server::toTransport).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Mcp-Session-Id");
    }
}
