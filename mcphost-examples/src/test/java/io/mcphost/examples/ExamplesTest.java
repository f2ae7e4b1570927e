package io.mcphost.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.NpmFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs each README sample against a real server: server-everything from the npm fixtures, the demo server, or its own. */
class ExamplesTest {
    /** What {@code npx -y @modelcontextprotocol/server-everything} starts, from the installed fixtures. */
    private static McpClientBuilder everything() {
        List<String> command = NpmFixtures.everythingStdio();
        return McpClient.stdio(command.getFirst(), command.subList(1, command.size()).toArray(String[]::new));
    }

    @Test
    void firstCallPrintsTheSum() {
        assertThat(FirstCall.sum(everything())).isEqualTo("The sum of 1 and 2 is 3.");
    }

    @Test
    void clientCallsReadsStructuredContentAsARecord() {
        ClientCalls.Weather weather = ClientCalls.weather(everything());

        assertThat(weather.conditions()).isNotBlank();
        assertThat(weather.humidity()).isPositive();
    }

    @Test
    void manyServersCallsOneServersToolByName(@TempDir Path dir) throws Exception {
        List<String> everything = NpmFixtures.everythingStdio();
        List<String> demo = DemoServer.command();
        Path config = Files.writeString(dir.resolve("mcp.json"), """
                {"mcpServers": {
                  "everything": {"command": %s, "args": %s},
                  "demo": {"command": %s, "args": %s}
                }}""".formatted(quote(everything.getFirst()), array(everything.subList(1, everything.size())),
                quote(demo.getFirst()), array(demo.subList(1, demo.size()))));

        assertThat(ManyServers.callFirstServer(config, "everything", "get-sum")).isEqualTo("The sum of 1 and 2 is 3.");
    }

    @Test
    void recordArgumentsReachTheToolAndTheStructuredResultReadsBackAsARecord(@TempDir Path dir) throws Exception {
        RecordArguments.Weather weather = RecordArguments.weather(everything());
        List<String> everything = NpmFixtures.everythingStdio();
        Path config = Files.writeString(dir.resolve("mcp.json"), """
                {"mcpServers": {"everything": {"command": %s, "args": %s}}}""".formatted(quote(everything.getFirst()),
                array(everything.subList(1, everything.size()))));

        assertThat(weather.conditions()).isNotBlank();
        assertThat(weather.humidity()).isPositive();
        assertThat(RecordArguments.sumOnHost(config)).isEqualTo("The sum of 20 and 22 is 42.");
    }

    @Test
    void serveToolsAnswersOverHttp() {
        assertThat(ServeTools.serveAndCall("hello")).isEqualTo("hello");
    }

    @Test
    void serveGatewayForwardsACall() {
        assertThat(ServeGateway.callThroughGateway("hello")).isEqualTo("hello");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String array(List<String> words) {
        return words.stream().map(ExamplesTest::quote).collect(Collectors.joining(", ", "[", "]"));
    }
}
