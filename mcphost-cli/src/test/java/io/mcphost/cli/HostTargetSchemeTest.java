package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link HostTarget#namedByScheme}: which server a URI's scheme names, without starting any. */
class HostTargetSchemeTest {
    private final List<ServerConfig> servers = McpConfigLoader.defaults().parse("""
            {"mcpServers": {
              "memory": {"command": "x"},
              "notes-server": {"command": "x", "prefix": "notes"},
              "Demo": {"command": "x"}
            }}""", "mcp.json").enabledServers();

    private String named(String uri) {
        ServerConfig server = HostTarget.namedByScheme(servers, uri);
        return server == null ? null : server.name();
    }

    @Test
    void theSchemeNamesAServerByNameOrPrefixIgnoringCase() {
        assertThat(named("memory://graph")).isEqualTo("memory");
        assertThat(named("notes://todo")).isEqualTo("notes-server");
        assertThat(named("demo://readme")).isEqualTo("Demo");
        assertThat(named("DEMO:readme")).isEqualTo("Demo");
        assertThat(named("demo://notes/{name}")).as("a template").isEqualTo("Demo");
    }

    @Test
    void aUriWithoutAServersSchemeNamesNone() {
        assertThat(named("file:///tmp/x")).isNull();
        assertThat(named("readme")).as("no scheme").isNull();
        assertThat(named("://x")).isNull();
        assertThat(named("me mory://x")).as("not a scheme").isNull();
    }
}
