package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.ListKind;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.NpmFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The acceptance scenario: one mcp.json with the demo server twice, server-everything, a
 * command that does not exist and one that exits at once.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class HostFromConfigTest {
    private static final String JAVA = ProcessHandle.current().info().command().orElseThrow();

    @TempDir
    Path dir;

    private Path writeConfig() throws Exception {
        JsonCodec codec = JsonCodec.get();
        ObjectNode servers = codec.newObject();
        List<String> demo = DemoServer.command();
        for (String name : List.of("demo", "demo-copy")) {
            ObjectNode entry = servers.putObject(name);
            entry.put("command", demo.getFirst());
            ArrayNode a = entry.putArray("args");
            demo.subList(1, demo.size()).forEach(a::add);
            entry.put("prefix", "demo"); // both claim the same prefix: their names collide
        }
        servers.withObject("demo-copy").putArray("allowTools").add("echo").add("add").add("calculate");
        ObjectNode everything = servers.putObject("everything");
        List<String> cmd = NpmFixtures.everythingStdio();
        everything.put("command", cmd.getFirst());
        ArrayNode ea = everything.putArray("args");
        cmd.subList(1, cmd.size()).forEach(ea::add);
        everything.putArray("denyTools").add("trigger-*");
        servers.putObject("missing").put("command", "mcphost-no-such-command-7f3a");
        servers.putObject("quitter").put("command", JAVA).putArray("args").add("-version");
        servers.putObject("switched-off").put("command", "mcphost-no-such-command-7f3a").put("disabled", true);
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, codec.newObject().set("mcpServers", servers).toPrettyString());
        return file;
    }

    @Test
    void theGoodServersServeTheBrokenAreReportedNamesAreResolvedAndFiltersHold() throws Exception {
        List<HostEvent> events = new CopyOnWriteArrayList<>();
        try (McpHost host = McpHost.fromConfig(writeConfig()).startupTimeout(Duration.ofSeconds(30))
                .onEvent(events::add).start()) {
            assertThat(host.servers()).extracting(s -> s.name())
                    .containsExactly("demo", "demo-copy", "everything", "missing", "quitter");
            assertThat(host.servers()).filteredOn(s -> s.state() == ServerState.READY).extracting(s -> s.name())
                    .containsExactly("demo", "demo-copy", "everything");
            assertThat(host.server("missing").orElseThrow().lastError()).isPresent();
            assertThat(host.server("quitter").orElseThrow().state()).isEqualTo(ServerState.FAILED);

            // Both demos asked for the prefix "demo": every exposed name is unique and routes to its own server.
            List<String> names = host.tools().stream().map(HostTool::name).toList();
            assertThat(names).doesNotHaveDuplicates().allMatch(n -> n.matches("^[a-zA-Z0-9_-]{1,64}$"));
            assertThat(host.catalog().collisions()).isNotEmpty();
            List<HostTool> echoes = host.tools().stream().filter(t -> t.originalName().equals("echo")
                    && t.server().startsWith("demo")).toList();
            assertThat(echoes).extracting(HostTool::server).containsExactlyInAnyOrder("demo", "demo-copy");
            for (HostTool echo : echoes) {
                assertThat(text(host.callTool(echo.name(), args("text", echo.server())))).isEqualTo(echo.server());
            }

            // Filters: demo-copy offers only its allowed three, everything none of its trigger-* tools.
            assertThat(host.catalog().toolsOf("demo-copy")).extracting(HostTool::originalName)
                    .containsExactlyInAnyOrder("echo", "add", "calculate");
            assertThat(host.catalog().toolsOf("everything")).isNotEmpty()
                    .noneMatch(t -> t.originalName().startsWith("trigger-"));

            // list_changed: server-everything registers a resource for the file it compresses.
            int before = host.resources().size();
            String gzip = host.catalog().toolsOf("everything").stream()
                    .filter(t -> t.originalName().equals("gzip-file-as-resource")).findFirst().orElseThrow().name();
            var result = host.callTool(gzip, args("name", "hello.txt.gz", "data", "data:text/plain;base64,aGVsbG8="));
            assertThat(result.isError()).isFalse();
            Await.until(Duration.ofSeconds(10), () -> host.resources().size() != before, "the new resource in the catalog");
            assertThat(host.resources()).anySatisfy(r -> assertThat(r.resource().name()).contains("hello.txt.gz"));
            // The event follows the catalog's update on another thread: a loaded build saw the resource first.
            Await.until(Duration.ofSeconds(10), () -> events.stream().anyMatch(e -> e instanceof HostEvent.CatalogChanged c
                    && c.kinds().equals(java.util.Set.of(ListKind.RESOURCES))), "CatalogChanged(RESOURCES)");
        }
    }
}
