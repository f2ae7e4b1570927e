package io.mcphost.bench.subject;

import io.mcphost.bench.floor.FloorServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixture server started as a child process: its command line, and the name of the argument
 * its echo tool reads.
 *
 * @param name    short name for the table
 * @param command the command line (no shell)
 * @param echoArg the echo tool's text argument
 */
public record ServerKind(String name, List<String> command, String echoArg) {
    public ServerKind {
        command = List.copyOf(command);
    }

    /** The floor server: this module's {@link FloorServer} in a small-heap JVM. */
    public static ServerKind floor() {
        return new ServerKind("floor", java(FloorServer.class.getName()), "text");
    }

    /**
     * The floor server in the leanest JVM that runs it (16 MiB heap, C1 only): for scenarios that
     * start dozens of servers at once, where the servers' own start-up would drown the clients'.
     */
    public static ServerKind leanFloor() {
        List<String> line = new ArrayList<>(java(FloorServer.class.getName()));
        line.addAll(1, List.of("-Xmx16m", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-XX:CICompilerCount=1"));
        line.remove("-Xmx64m");
        return new ServerKind("floor-lean", line, "text");
    }

    /**
     * The floor server as a POSIX shell script ({@code floor.sh}, run by {@code /bin/sh}): about
     * 1 MiB per process instead of a JVM's 30, so a thousand servers fit in one machine's memory.
     * Slow per call (the shell), so only for scenarios about idle clients.
     */
    public static ServerKind shellFloor() {
        return new ServerKind("floor-sh", List.of("/bin/sh", ShellScript.PATH.toString()), "text");
    }

    /** floor.sh copied out of the jar once per JVM (a temporary file deleted on exit). */
    private static final class ShellScript {
        static final Path PATH = PackagedFile.extract(FloorServer.class, "floor.sh", "mcphost-bench-floor", ".sh");
    }

    /**
     * McpHost's server toolkit serving one echo tool ({@link ToolkitEchoServer}) in a JVM sized as the
     * floor server's: the server of the 2026-07-28 rows, which the floor server cannot serve.
     */
    public static ServerKind toolkit() {
        return new ServerKind("toolkit", java(ToolkitEchoServer.class.getName()), "text");
    }

    /**
     * The server a 2026-07-28 client meets in a scenario run on this one: the toolkit echo server in
     * place of the floor server (legacy only); McpHost's demo server itself (it answers both eras);
     * null for server-everything, which answers the legacy era only.
     */
    public ServerKind modern() {
        return switch (name) {
            case "floor", "toolkit" -> toolkit();
            case "demo" -> this;
            default -> null;
        };
    }

    /** McpHost's demo server (mcphost-server), on this JVM's class path. */
    public static ServerKind demo() {
        return new ServerKind("demo", java("io.mcphost.server.demo.DemoServer"), "text");
    }

    /**
     * {@code @modelcontextprotocol/server-everything} from fixtures/npm (override the directory with
     * {@code -Dmcphost.npm.dir}).
     *
     * @throws IllegalStateException if it is not installed
     */
    public static ServerKind everything() {
        String configured = System.getProperty("mcphost.npm.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("fixtures", "npm");
        Path script = dir.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js").toAbsolutePath();
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("server-everything is not installed at " + script
                    + " (run fixtures/npm/install.sh, or pass -Dmcphost.npm.dir)");
        }
        return new ServerKind("everything", List.of("node", script.toString(), "stdio"), "message");
    }

    /** A child JVM running {@code mainClass} from this JVM's class path, sized for a small server. */
    static List<String> java(String mainClass) {
        String java = ProcessHandle.current().info().command().orElse("java");
        return List.of(java, "-Xmx64m", "-Xss512k", "-XX:+UseSerialGC",
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), mainClass);
    }
}
