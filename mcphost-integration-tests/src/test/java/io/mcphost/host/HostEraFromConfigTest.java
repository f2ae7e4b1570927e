package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.testkit.eras.EraMode;
import io.mcphost.testkit.eras.EraStdioServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@code "era"} key of an mcp.json entry reaches the host's client: one dual-era server spoken to both ways. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostEraFromConfigTest {
    @TempDir
    Path dir;

    @Test
    void eachEntrysEraIsTheEraItsClientSpeaks() throws Exception {
        JsonCodec codec = JsonCodec.get();
        ObjectNode servers = codec.newObject();
        List<String> dual = EraStdioServer.command(EraMode.DUAL);
        for (String name : List.of("pinned-legacy", "detected")) {
            ObjectNode entry = servers.putObject(name);
            entry.put("command", dual.getFirst());
            ArrayNode args = entry.putArray("args");
            dual.subList(1, dual.size()).forEach(args::add);
        }
        servers.withObject("pinned-legacy").put("era", "legacy");
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, codec.newObject().set("mcpServers", servers).toPrettyString());

        try (McpHost host = McpHost.fromConfig(file).startupTimeout(Duration.ofSeconds(30)).start()) {
            assertThat(host.server("pinned-legacy").orElseThrow().era()).contains(Era.LEGACY);
            // Without the key the client detects: a dual server is spoken to the modern way.
            assertThat(host.server("detected").orElseThrow().era()).contains(Era.MODERN);
        }
    }
}
