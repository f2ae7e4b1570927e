package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfigLoader;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link McpHost#serverForScheme}: which server a URI's scheme names, without starting any (moved here from the
 * command line's own copy, so that the gateway asks the host the same question).
 */
class HostServerForSchemeTest {
    private final McpHost host = McpHost.fromConfig(McpConfigLoader.defaults().parse("""
            {"mcpServers": {
              "memory": {"command": "x"},
              "notes-server": {"command": "x", "prefix": "notes"},
              "Demo": {"command": "x"}
            }}""", "mcp.json")).startOnly(List.of());

    @AfterEach
    void close() {
        host.close();
    }

    private String named(String uri) {
        return host.serverForScheme(uri).orElse(null);
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

    @Test
    void nothingIsStartedToAnswer() {
        assertThat(host.servers()).isEmpty();
        assertThat(host.deferredServers()).containsExactly("memory", "notes-server", "Demo");
    }
}
