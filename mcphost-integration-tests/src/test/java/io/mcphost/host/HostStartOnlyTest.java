package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.server.demo.DemoServer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A host that starts only the servers a task needs, then the rest on demand, and finds a URI's server. */
class HostStartOnlyTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpHostBuilder demoAndAlpha() {
        return McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build());
    }

    @Test
    void aDeferredServersToolsJoinTheCatalogOnlyOnceItIsStarted() {
        try (McpHost host = demoAndAlpha().startOnly(List.of("demo"))) {
            assertThat(host.tools()).allSatisfy(t -> assertThat(t.server()).isEqualTo("demo"));
            assertThatThrownBy(() -> host.callTool("alpha__echo", args("text", "x"))).isInstanceOf(McpNotFoundException.class);

            List<ServerStatus> started = host.startServers(List.of("alpha"));

            assertThat(started).singleElement().satisfies(s -> assertThat(s.state()).isEqualTo(ServerState.READY));
            assertThat(text(host.callTool("alpha__echo", args("text", "x")))).isEqualTo("alpha:echo:x");
            assertThat(host.servers()).extracting(ServerStatus::name).containsExactly("demo", "alpha");
        }
    }

    @Test
    void theServerOfAUriIsTheReadyOneThatListsItAndTheSchemeNamesOneNotStarted() {
        try (McpHost host = demoAndAlpha().startOnly(List.of("demo"))) {
            String uri = host.resources().getFirst().resource().uri();

            assertThat(host.serverForUri(uri)).contains("demo");
            assertThat(host.serverForUri("alpha://x")).isEmpty();
            assertThat(host.serverForScheme("alpha://x")).contains("alpha");
        }
    }
}
