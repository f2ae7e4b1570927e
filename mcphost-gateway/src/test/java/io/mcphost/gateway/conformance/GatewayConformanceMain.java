package io.mcphost.gateway.conformance;

import io.mcphost.gateway.McpGateway;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.Era;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.conformance.ConformanceServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The gateway as the official conformance suite's server: an {@link McpHost} with one upstream, the
 * project's conformance fixture server ({@link ConformanceServer}), and an {@link McpGateway} over
 * Streamable HTTP in front of it. For {@code fixtures/conformance/run.sh --server-command}: the first
 * line on stdout is {@code listening <gateway endpoint>}, then it serves until killed.
 *
 * <pre>
 * GatewayConformanceMain [--upstream stdio|http] [--upstream-era auto|legacy|modern]
 * </pre>
 *
 * <ul>
 *   <li>{@code --upstream stdio} (default): the fixture as a child process ({@code ConformanceServer
 *       --stdio}, on this JVM's class path); {@code http}: the fixture over Streamable HTTP on a free
 *       loopback port, in this JVM.</li>
 *   <li>{@code --upstream-era}: the era the host's client speaks to the fixture, which serves both;
 *       {@code auto} (default) detects it (over stdio it falls back to the handshake era when the
 *       starting JVM answers the discovery probe late, so the conformance runs pin it). Pinning it to
 *       the era the suite's client does not speak makes the gateway translate every request.</li>
 * </ul>
 *
 * The host names tools unprefixed: the scenarios call the fixture's tools by their own names.
 */
public final class GatewayConformanceMain {
    private GatewayConformanceMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        String upstream = "stdio";
        Era era = Era.AUTO;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--upstream") && i + 1 < args.length) {
                upstream = args[++i];
            } else if (args[i].equals("--upstream-era") && i + 1 < args.length) {
                era = Era.valueOf(args[++i].toUpperCase(Locale.ROOT));
            } else {
                usage();
            }
        }
        Optional<StreamableHttpServer> fixtureHttp = Optional.empty();
        ServerSpec.Builder spec;
        switch (upstream) {
            case "stdio" -> {
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                List<String> command = List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        ConformanceServer.class.getName(), "--stdio");
                spec = ServerSpec.builder("conformance", () -> StdioTransport.builder(command).build());
            }
            case "http" -> {
                StreamableHttpServer fixture = ConformanceServer.start(0);
                fixtureHttp = Optional.of(fixture);
                spec = ServerSpec.builder("conformance", () -> HttpTransport.builder(fixture.endpoint()).build());
            }
            default -> {
                usage();
                return;
            }
        }
        // The fixture's questions to the client wait up to 30 s; the upstream call must outlast them.
        spec.era(era).requestTimeout(Duration.ofSeconds(60)).startupTimeout(Duration.ofSeconds(30)).required(true);
        McpHost host = McpGateway.prepareHost(McpHost.builder()).naming(ToolNaming.unprefixed()).server(spec.build()).start();
        ServerStatus status = host.server("conformance").orElseThrow();
        if (status.state() != ServerState.READY) {
            System.err.println("the conformance fixture did not start: " + status);
            System.exit(1);
        }
        McpGateway gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).closeHost(true).start();
        Optional<StreamableHttpServer> toStop = fixtureHttp;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            gateway.close(Duration.ofSeconds(2));
            toStop.ifPresent(f -> f.close(Duration.ofSeconds(1)));
        }));
        System.err.println("gateway conformance: upstream " + upstream + ", era " + host.client("conformance")
                .map(c -> c.era().toString()).orElse("?") + " (asked " + era + ")");
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println("listening " + gateway.endpoint().orElseThrow());
        Thread.currentThread().join();
    }

    private static void usage() {
        System.err.println("usage: GatewayConformanceMain [--upstream stdio|http] [--upstream-era auto|legacy|modern]");
        System.exit(2);
    }
}
