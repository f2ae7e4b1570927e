package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.roots.Root;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One settings record behind the client, server and host builders: each setting checked once, layered once. */
class ClientSettingsTest {
    private static Transport none() {
        throw new AssertionError("no transport is made here");
    }

    @Test
    void aServersOwnSettingsGoOverItsHostsAndTheHostsOverTheDefaults() {
        ClientSettings host = McpHost.builder().requestTimeout(Duration.ofSeconds(7)).era(Era.LEGACY).settings();
        ClientSettings server = ServerSpec.builder("s", ClientSettingsTest::none).requestTimeout(Duration.ofSeconds(3))
                .build().settings();

        ClientSettings merged = server.orElse(host).orElse(ClientSettings.DEFAULTS);

        assertThat(merged.requestTimeout()).contains(Duration.ofSeconds(3));
        assertThat(merged.era()).contains(Era.LEGACY);
        assertThat(merged.initializeTimeout()).contains(Duration.ofSeconds(30));
        assertThat(merged.elicitation()).isEmpty();
    }

    @Test
    void everyBuilderRejectsABadValueWithTheSameSentence() {
        assertThatThrownBy(() -> McpClient.builder(MemoryTransport.pair().client()).requestTimeout(Duration.ZERO))
                .hasMessage("requestTimeout must be positive, got PT0S");
        assertThatThrownBy(() -> McpHost.builder().requestTimeout(Duration.ZERO)).hasMessage("requestTimeout must be positive, got PT0S");
        assertThatThrownBy(() -> ServerSpec.builder("s", ClientSettingsTest::none).requestTimeout(Duration.ZERO))
                .hasMessage("requestTimeout must be positive, got PT0S");
        assertThatThrownBy(() -> McpHost.builder().startupTimeout(Duration.ofSeconds(-1)))
                .hasMessage("startupTimeout must be positive, got PT-1S");
    }

    @Test
    void rootsMustBeFileUrisOnEveryBuilder() {
        List<Root> web = List.of(Root.of("https://example.com/"));
        assertThatThrownBy(() -> McpHost.builder().roots(web)).hasMessageContaining("roots must be file:// URIs");
        assertThatThrownBy(() -> ServerSpec.builder("s", ClientSettingsTest::none).roots(web))
                .hasMessageContaining("roots must be file:// URIs");
    }

    @Test
    void settingsAreImmutableCopies() {
        ClientSettings base = ClientSettings.NONE.withRequestTimeout(Duration.ofSeconds(1));
        ClientSettings changed = base.withRequestTimeout(Duration.ofSeconds(2));

        assertThat(base.requestTimeout()).contains(Duration.ofSeconds(1));
        assertThat(changed.requestTimeout()).contains(Duration.ofSeconds(2));
        assertThat(ClientSettings.NONE.requestTimeout()).isEmpty();
    }
}
