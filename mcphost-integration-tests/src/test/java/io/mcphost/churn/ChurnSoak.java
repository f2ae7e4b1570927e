package io.mcphost.churn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.protocol.Era;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The churn soak (issue 31): connecting and closing, over and over, leaves nothing behind. 10,000
 * connect/close cycles each of a stdio client, a Streamable HTTP client and a legacy HTTP+SSE client,
 * and 1,000 cycles of adding and removing servers in a running {@link McpHost}, each cycle with a few
 * calls, four cycles under way at once; threads, file descriptors, child processes and heap after full
 * collections are measured after a warm-up and at every tenth of the run, and must end flat
 * ({@link Churn} states the rule).
 *
 * <p>Not part of {@code verify} (its name does not end in Test): run it with
 * {@code ./mvnw -o test -Pchurn -pl mcphost-integration-tests -am -Dtest=ChurnSoak
 * -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dmcphost.churn.cycles=1000
 * -Dmcphost.churn.hostCycles=100} for a short run, {@code -Dtest='ChurnSoak#stdio'} for one kind),
 * or as a main class with the test class path.
 *
 * <p>Every server is cheap, so the cycles measure the client: the stdio server is a bash script
 * ({@code churn-server.sh}, legacy era after a refused {@code server/discover}); the HTTP servers are the
 * demo toolkit server in this JVM, served by {@link StreamableHttpServer} and by {@link LegacySseServer}.
 * Their own threads count too, so a leak on the server side breaks the rule as well.
 */
public class ChurnSoak {
    private static final int CYCLES = Integer.getInteger("mcphost.churn.cycles", 10_000);
    private static final int HOST_CYCLES = Integer.getInteger("mcphost.churn.hostCycles", 1_000);
    private static final int WARM_UP = Integer.getInteger("mcphost.churn.warmUp", 200);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Runs the kinds named in {@code args} ({@code stdio http sse host}), all four by default. */
    public static void main(String[] args) throws Exception {
        ChurnSoak soak = new ChurnSoak();
        for (String kind : args.length > 0 ? List.of(args) : List.of("stdio", "http", "sse", "host")) {
            switch (kind) {
                case "stdio" -> soak.stdio();
                case "http" -> soak.streamableHttp();
                case "sse" -> soak.legacySse();
                case "host" -> soak.hostAddRemove();
                default -> throw new IllegalArgumentException("unknown kind " + kind + ": stdio, http, sse or host");
            }
        }
        System.exit(0);
    }

    /** stdio: start the script, discover (refused), initialize, list, call twice, close (the process ends). */
    @Test
    void stdio() throws Exception {
        List<String> command = serverCommand();
        Churn.run("stdio", WARM_UP, CYCLES, CYCLES / 10, i -> {
            try (McpClient client = McpClient.builder(StdioTransport.builder(command).name("churn").build())
                    .name("churn").requestTimeout(TIMEOUT).connect()) {
                calls(client, i);
                client.ping();
            }
        });
    }

    /**
     * Streamable HTTP: even cycles let the client find the era (2026-07-28, stateless requests), odd ones
     * pin the legacy era (a 2025-11-25 session, its GET stream, a DELETE on close).
     */
    @Test
    void streamableHttp() throws Exception {
        StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start();
        try {
            String url = http.endpoint().toString();
            Churn.run("http", WARM_UP, CYCLES, CYCLES / 10, i -> {
                try (McpClient client = McpClient.builder(HttpTransport.builder(url).mode(HttpTransport.Mode.STREAMABLE_HTTP).build())
                        .name("churn").era(i % 2 == 0 ? Era.AUTO : Era.LEGACY).requestTimeout(TIMEOUT).connect()) {
                    assertThat(client.era()).isEqualTo(i % 2 == 0 ? Era.MODERN : Era.LEGACY);
                    calls(client, i);
                }
            });
            System.out.println("CHURN http: sessions still open on the server: " + http.sessionIds().size());
        } finally {
            http.close(Duration.ofSeconds(5));
        }
    }

    /** Legacy HTTP+SSE (2024-11-05): GET the stream, POST to the endpoint it names, drop the stream on close. */
    @Test
    void legacySse() throws Exception {
        try (LegacySseServer sse = new LegacySseServer(DemoServer.server())) {
            Churn.run("sse", WARM_UP, CYCLES, CYCLES / 10, i -> {
                try (McpClient client = McpClient.builder(HttpTransport.builder(sse.url()).mode(HttpTransport.Mode.SSE).build())
                        .name("churn").era(Era.LEGACY).requestTimeout(TIMEOUT).connect()) {
                    calls(client, i);
                }
            });
            System.out.println("CHURN sse: sessions still open on the server: " + sse.openSessions());
        }
    }

    /**
     * A running host: each cycle adds a stdio server and a Streamable HTTP server, calls a tool on each
     * through the host, and removes both; one server stays throughout.
     */
    @Test
    void hostAddRemove() throws Exception {
        List<String> command = serverCommand();
        StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start();
        String url = http.endpoint().toString();
        try (McpHost host = McpHost.builder().startupTimeout(TIMEOUT).requestTimeout(TIMEOUT)
                .server(stdioSpec("anchor", command)).start()) {
            Churn.run("host", Math.min(WARM_UP, HOST_CYCLES / 5), HOST_CYCLES, HOST_CYCLES / 10, i -> {
                String stdio = "s" + i;
                String remote = "h" + i;
                assertThat(host.addServer(stdioSpec(stdio, command)).state()).isEqualTo(ServerState.READY);
                assertThat(host.addServer(ServerSpec.builder(remote, () -> HttpTransport.builder(url).build()).build()).state())
                        .isEqualTo(ServerState.READY);
                assertThat(host.callTool(stdio, "echo", Map.of("text", "cycle " + i)).text()).isEqualTo("cycle " + i);
                assertThat(host.callTool(remote, "echo", Map.of("text", "cycle " + i)).text()).isEqualTo("cycle " + i);
                assertThat(host.callTool("anchor", "echo", Map.of("text", "cycle " + i)).text()).isEqualTo("cycle " + i);
                assertThat(host.removeServer(stdio)).isTrue();
                assertThat(host.removeServer(remote)).isTrue();
            });
            assertThat(host.servers()).hasSize(1);
            assertThat(host.tools()).hasSize(1);
        } finally {
            http.close(Duration.ofSeconds(5));
        }
    }

    private static void calls(McpClient client, int i) {
        assertThat(client.listTools()).extracting(tool -> tool.name()).contains("echo");
        assertThat(client.callToolWith("echo", Map.of("text", "cycle " + i)).text()).isEqualTo("cycle " + i);
        assertThat(client.callToolWith("echo", Map.of("text", "again " + i)).text()).isEqualTo("again " + i);
    }

    private static ServerSpec stdioSpec(String name, List<String> command) {
        return ServerSpec.builder(name, () -> StdioTransport.builder(command).name(name).build()).build();
    }

    private static List<String> serverCommand() throws Exception {
        Path script = Path.of(ChurnSoak.class.getResource("churn-server.sh").toURI());
        return List.of("bash", script.toString());
    }
}
