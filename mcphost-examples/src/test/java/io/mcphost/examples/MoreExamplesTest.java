package io.mcphost.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README samples that use the demo server: in process (memory transport, HTTP) or from a config file. */
class MoreExamplesTest {
    /** A client builder of the demo server, served in this JVM. */
    private static McpClientBuilder demo() {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        DemoServer.server().serve(pair.server());
        return McpClient.builder(pair.client()).name("demo");
    }

    /** An mcp.json with the demo server as 'demo', started as a child process. */
    private static Path demoConfig(Path dir) throws Exception {
        List<String> demo = DemoServer.command();
        String args = demo.subList(1, demo.size()).stream().map(MoreExamplesTest::quote).collect(Collectors.joining(", ", "[", "]"));
        return Files.writeString(dir.resolve("mcp.json"), """
                {"mcpServers": {"demo": {"command": %s, "args": %s}}}""".formatted(quote(demo.getFirst()), args));
    }

    @Test
    void serverRequestsAnswersTheGreetForm() {
        assertThat(ServerRequests.greet(demo())).contains("Ada");
    }

    @Test
    void longCallsOutliveTheirTimeoutWithProgressAndSeeTheClockTick() throws Exception {
        assertThat(LongCalls.slowTaskThenClock(demo())).isEqualTo("done: 4 steps");
    }

    @Test
    void tasksRunTheSlowTaskAsATask() {
        assertThat(Tasks.runAsTask(demo())).isEqualTo("done: 3 steps");
    }

    @Test
    void configFilesListsTheServersAndTheirTransports(@TempDir Path dir) throws Exception {
        assertThat(ConfigFiles.servers(demoConfig(dir))).containsExactly("demo StdioTransport");
    }

    @Test
    void remoteServerConnectsOverHttp() {
        try (StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start()) {
            assertThat(RemoteServer.serverName(http.endpoint().toString())).isEqualTo("mcphost-demo");
        }
    }

    @Test
    void hostInterceptorsAuditTheCall(@TempDir Path dir) throws Exception {
        assertThat(HostInterceptors.audited(demoConfig(dir))).singleElement().asString().startsWith("tools/call add on demo: ");
    }

    @Test
    void hostFeaturesFilterInterceptAndCall(@TempDir Path dir) throws Exception {
        List<String> r = HostFeatures.run(demoConfig(dir));

        assertThat(r.get(0)).isEqualTo("3");
        assertThat(r.get(1)).isEqualTo("denied by the user");
        assertThat(Integer.parseInt(r.get(2))).isPositive();
        assertThat(r.get(3)).isEqualTo("false");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
