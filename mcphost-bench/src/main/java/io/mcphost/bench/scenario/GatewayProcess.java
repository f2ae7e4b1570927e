package io.mcphost.bench.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One gateway under test, started as a process of its own in front of a stdio upstream: its label,
 * how it is started, the endpoint and transport our client uses on it, and the exposed name of the
 * upstream's echo tool. {@link #start} runs it on a free loopback port and waits until it accepts
 * connections; {@link #close} ends it and every process it started (its upstreams).
 *
 * <p>Its stdout and stderr go to a log file in a temporary directory (also its {@code HOME}-like state
 * directory: mcp-hub writes its logs under {@code XDG_STATE_HOME}); the log's tail is in the
 * exception when it does not come up.
 */
final class GatewayProcess implements AutoCloseable {
    /**
     * How to run one gateway.
     *
     * @param label     the row's library column, e.g. {@code supergateway}
     * @param version   what the row's note says it is
     * @param command   the command line for a port (no shell)
     * @param path      the endpoint's path
     * @param legacySse whether it speaks only the 2024-11-05 HTTP+SSE transport (GET PATH, POST elsewhere)
     * @param tool      the upstream's echo tool as the gateway exposes it
     */
    record Kind(String label, String version, CommandLine command, String path, boolean legacySse, String tool) {
    }

    /** The command line of a gateway, given the port it must listen on and a scratch directory. */
    @FunctionalInterface
    interface CommandLine {
        List<String> of(int port, Path scratch) throws IOException;
    }

    /**
     * {@code mcphost serve} from the CLI jar, in a JVM of its own started with {@code jvmOptions} (none:
     * the JVM's defaults), fronting the floor server named {@code floor} in an mcp.json, on 127.0.0.1 with
     * {@code flags} added to its command line.
     */
    static Kind mcphost(String label, String version, List<String> jvmOptions, List<String> flags) {
        return new Kind(label, version, (port, scratch) -> {
            List<String> line = new ArrayList<>();
            line.add(ProcessHandle.current().info().command().orElse("java"));
            line.addAll(jvmOptions);
            line.addAll(List.of("-jar", GatewayKinds.cliJar().toString(), "serve", "--config",
                    GatewayKinds.config(scratch, "mcp.json").toString(), "--http", "127.0.0.1:" + port));
            line.addAll(flags);
            return line;
        }, "/mcp", false, "floor__echo");
    }

    private final Kind kind;
    private final Process process;
    private final Path log;
    private final URI endpoint;

    private GatewayProcess(Kind kind, Process process, Path log, URI endpoint) {
        this.kind = kind;
        this.process = process;
        this.log = log;
        this.endpoint = endpoint;
    }

    /**
     * Starts {@code kind} on a free port of 127.0.0.1 and returns once the port accepts connections.
     *
     * @throws IllegalStateException if it exits or does not listen within {@code limit}
     */
    static GatewayProcess start(Kind kind, Duration limit) {
        try {
            Path scratch = Files.createTempDirectory("mcphost-bench-" + kind.label() + "-");
            int port = freePort();
            Path log = scratch.resolve("gateway.log");
            ProcessBuilder builder = new ProcessBuilder(kind.command().of(port, scratch))
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            Map<String, String> env = builder.environment();
            env.put("XDG_STATE_HOME", scratch.resolve("state").toString());
            env.put("XDG_CONFIG_HOME", scratch.resolve("config").toString());
            env.put("XDG_DATA_HOME", scratch.resolve("data").toString());
            Process process = builder.start();
            GatewayProcess gateway = new GatewayProcess(kind, process, log,
                    URI.create("http://127.0.0.1:" + port + kind.path()));
            long deadline = System.nanoTime() + limit.toNanos();
            while (!listening(port)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(kind.label() + " exited with " + process.exitValue() + ": " + gateway.tail());
                }
                if (System.nanoTime() > deadline) {
                    gateway.close();
                    throw new IllegalStateException(kind.label() + " did not listen within " + limit.toSeconds() + " s: "
                            + gateway.tail());
                }
                Thread.sleep(50);
            }
            return gateway;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    Kind kind() {
        return kind;
    }

    URI endpoint() {
        return endpoint;
    }

    /** The gateway's own process id (not its upstreams'). */
    long pid() {
        return process.pid();
    }

    /**
     * A number from the gateway process's own {@code /proc/PID/status} line {@code key} (e.g.
     * {@code Threads}, {@code VmRSS} in KiB), its upstreams not included; -1 where unknown.
     */
    long status(String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith(key + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /**
     * CPU time the gateway process has used so far (all its threads, user and system; its upstreams not
     * included), in clock ticks from {@code /proc/PID/stat} (100 per second on Linux); -1 where unknown.
     */
    long cpuTicks() {
        try {
            return cpuTicks(Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat")));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime of a {@code /proc/PID/stat} line (fields 14 and 15; the name in parentheses may hold spaces). */
    static long cpuTicks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** The process and its descendants now (upstreams included). */
    int processCount() {
        return 1 + (int) process.descendants().count();
    }

    /** Resident memory of the gateway process and its descendants, in KiB (from /proc); -1 where unknown. */
    long residentKib() {
        long total = 0;
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        for (ProcessHandle p : all) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        total += Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
        return total;
    }

    /** The last lines of the gateway's output, for a failure's message. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(no output: " + e + ")";
        }
    }

    /** Asks the gateway to stop (SIGTERM), then kills whatever of it and its children is left after 5 s. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
