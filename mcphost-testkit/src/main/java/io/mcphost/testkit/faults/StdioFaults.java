package io.mcphost.testkit.faults;

import io.mcphost.transport.stdio.StdioTransport;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the command line of a misbehaving stdio MCP server ({@link FaultyStdioServer}) that runs as a
 * real child JVM with this JVM's class path. Obtain one from {@link FaultyServers#stdio()}, switch the
 * faults on, then hand {@link #command()} to {@link StdioTransport#builder(List)} or to any other MCP
 * client's process launcher.
 *
 * <p>Faults combine freely. Each switch returns this builder; the builder is not thread-safe, and the
 * command lines it returns are immutable. The child starts in well under a second on a warm machine
 * (it runs with C1 only and class-data sharing), so test deadlines should allow about two seconds for
 * {@code initialize}.
 */
public final class StdioFaults {
    private final Map<String, String> flags = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();

    StdioFaults() {
    }

    private StdioFaults flag(String name, Object value) {
        flags.put(name, value == null ? "" : String.valueOf(value));
        return this;
    }

    /** Ignores SIGTERM, so that only SIGKILL ends it (Unix). */
    public StdioFaults ignoreSigterm() {
        return flag("--ignore-sigterm", null);
    }

    /** Starts a grandchild ({@code sleep 600}) that inherits stdout and stderr and outlives its parent unless killed. */
    public StdioFaults grandchild() {
        return flag("--grandchild", null);
    }

    /** Keeps running after stdin ends, so that closing stdin alone never stops it. */
    public StdioFaults ignoreStdinEof() {
        return flag("--ignore-stdin-eof", null);
    }

    /** Writes {@code bytes} of stderr at start, without waiting for anyone to read them. */
    public StdioFaults stderrFlood(long bytes) {
        return flag("--stderr-flood", bytes);
    }

    /** Writes {@code lines} lines of non-JSON junk to stdout before anything else. */
    public StdioFaults junkLines(int lines) {
        return flag("--junk-lines", lines);
    }

    /** Before answering its first tool call, writes one stdout line of about {@code bytes} bytes. */
    public StdioFaults hugeLine(long bytes) {
        return flag("--huge-line", bytes);
    }

    /** Answers tool calls after random delays of up to 20 ms, so overlapping calls are answered out of order. */
    public StdioFaults outOfOrder() {
        return flag("--out-of-order", null);
    }

    /** Sends every response twice. */
    public StdioFaults duplicateIds() {
        return flag("--duplicate-ids", null);
    }

    /** Sends, before every response, a response to an id the client never used. */
    public StdioFaults unknownIds() {
        return flag("--unknown-ids", null);
    }

    /** Sends, before every response, five malformed JSON-RPC messages (truncated, wrong version, no id, empty batch, object id). */
    public StdioFaults malformed() {
        return flag("--malformed", null);
    }

    /** Exits with code 3 (printing {@code dying after <n> calls} to stderr) when tool call {@code calls + 1} arrives. */
    public StdioFaults dieAfterCalls(int calls) {
        return flag("--die-after", calls);
    }

    /** Prints a fatal message to stderr and exits with code 4 when {@code initialize} arrives. */
    public StdioFaults dieDuringInitialize() {
        return flag("--die-during-initialize", null);
    }

    /** Delays every answer by {@code delay}. */
    public StdioFaults slow(Duration delay) {
        return flag("--slow", delay.toMillis());
    }

    /** Sends {@code notifications/tools/list_changed} every {@code period}. */
    public StdioFaults listChangedEvery(Duration period) {
        return flag("--list-changed", period.toMillis());
    }

    /** On its first tool call, adds tool {@code name} to its list and sends {@code list_changed}. */
    public StdioFaults addsToolAtRuntime(String name) {
        return flag("--adds-tool", Objects.requireNonNull(name, "name"));
    }

    /** Adds an option for the child JVM, such as {@code -Xmx64m}. */
    public StdioFaults jvmOption(String option) {
        jvmOptions.add(Objects.requireNonNull(option, "option"));
        return this;
    }

    /**
     * The command line: this JVM's {@code java} executable, this JVM's class path (plus its module path,
     * so that it also works when the test runs on the module path) and the switched-on faults.
     */
    public List<String> command() {
        List<String> line = new ArrayList<>();
        line.add(ProcessHandle.current().info().command().orElse("java"));
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        line.add("-cp");
        line.add(modulePath.isEmpty() ? classPath : classPath.isEmpty() ? modulePath : classPath + File.pathSeparator + modulePath);
        // Fast start matters more than peak speed for a test server: C1 only, shared classes, one GC thread.
        line.addAll(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m"));
        line.addAll(jvmOptions);
        line.add(FaultyStdioServer.class.getName());
        flags.forEach((name, value) -> line.add(value.isEmpty() ? name : name + "=" + value));
        return List.copyOf(line);
    }

    /** A {@link StdioTransport} builder for {@link #command()}, named {@code name}. */
    public StdioTransport.Builder transport(String name) {
        return StdioTransport.builder(command()).name(name);
    }
}
