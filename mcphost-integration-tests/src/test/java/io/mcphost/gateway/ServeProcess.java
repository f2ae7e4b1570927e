package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mcphost serve ARGS} run as a process of its own, as a user runs it (this JVM's java and test
 * class path, which must hold the CLI: interop tests only). {@link #awaitServing} reads stderr up to the
 * line serve prints once it serves; {@link #close} sends SIGTERM and asserts that serve ended and left
 * none of its upstream processes (those it had when last {@linkplain #upstreams() looked at}) running.
 */
final class ServeProcess implements AutoCloseable {
    private final Process serve;
    private final Duration deadline;
    private final StringBuffer stderr = new StringBuffer(); // appended by the drain thread too
    private volatile Thread drain;
    private final List<ProcessHandle> upstreams = new ArrayList<>();
    private volatile boolean killed;

    private ServeProcess(Process serve, Duration deadline) {
        this.serve = serve;
        this.deadline = deadline;
    }

    static ServeProcess start(Duration deadline, String... arguments) throws IOException {
        return start(deadline, List.of(), java.util.Map.of(), arguments);
    }

    /** As {@link #start(Duration, String...)}, with options for serve's JVM (e.g. {@code -Duser.home=...}). */
    static ServeProcess start(Duration deadline, List<String> jvmOptions, String... arguments) throws IOException {
        return start(deadline, jvmOptions, java.util.Map.of(), arguments);
    }

    /** As {@link #start(Duration, String...)}, with {@code environment} added to this process's. */
    static ServeProcess start(Duration deadline, java.util.Map<String, String> environment, String... arguments) throws IOException {
        return start(deadline, List.of(), environment, arguments);
    }

    private static ServeProcess start(Duration deadline, List<String> jvmOptions, java.util.Map<String, String> environment,
                                      String... arguments) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, "io.mcphost.cli.Main", "serve"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        return new ServeProcess(process, deadline);
    }

    /** The match of {@code serving} on the first stderr line it matches; fails the test (with stderr) if none comes in time. */
    Matcher awaitServing(Pattern serving) throws InterruptedException, ExecutionException, TimeoutException {
        Matcher line = CompletableFuture.supplyAsync(() -> readUntil(serving)).get(deadline.toSeconds(), TimeUnit.SECONDS);
        assertThat(line).as(stderr.toString()).isNotNull();
        return line;
    }

    private Matcher readUntil(Pattern serving) {
        try {
            BufferedReader reader = new BufferedReader(new InputStreamReader(serve.getErrorStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                stderr.append(line).append('\n');
                Matcher m = serving.matcher(line);
                if (m.find()) {
                    // serve must never block on a full pipe; what it writes later is kept for close()'s check
                    drain = Thread.ofVirtual().start(() -> reader.lines().forEach(l -> stderr.append(l).append('\n')));
                    return m;
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /** What serve wrote on stderr so far (up to the line {@link #awaitServing} matched, and what the drain read since). */
    String stderr() {
        return stderr.toString();
    }

    /** serve's child processes now (its upstream servers), remembered for {@link #close}. */
    List<ProcessHandle> upstreams() {
        List<ProcessHandle> now = serve.descendants().toList();
        now.stream().filter(p -> !upstreams.contains(p)).forEach(upstreams::add);
        return now;
    }

    /**
     * SIGKILL, as a crashed machine or the OOM killer would: serve gets no chance to close anything.
     * Returns the upstream processes it had that are still running 10 seconds later (a stdio upstream
     * sees its stdin end and must exit by itself), after killing them so that the test leaves none.
     */
    List<ProcessHandle> kill() {
        killed = true;
        upstreams();
        serve.destroyForcibly();
        serve.onExit().join();
        for (ProcessHandle upstream : upstreams) {
            upstream.onExit().completeOnTimeout(upstream, 10, TimeUnit.SECONDS).join();
        }
        List<ProcessHandle> left = upstreams.stream().filter(ProcessHandle::isAlive).toList();
        left.forEach(ProcessHandle::destroyForcibly);
        return left;
    }

    /** Whether serve still runs. */
    boolean isAlive() {
        return serve.isAlive();
    }

    @Override
    public void close() {
        if (killed) {
            return; // kill() checked what there is to check
        }
        upstreams();
        serve.destroy(); // SIGTERM: serve's shutdown hook closes the gateway and the host
        boolean ended;
        try {
            ended = serve.waitFor(deadline.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        }
        if (!ended) {
            serve.descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly();
        }
        for (ProcessHandle upstream : upstreams) {
            upstream.onExit().completeOnTimeout(upstream, 10, TimeUnit.SECONDS).join();
        }
        List<ProcessHandle> left = upstreams.stream().filter(ProcessHandle::isAlive).toList();
        left.forEach(ProcessHandle::destroyForcibly);
        assertThat(ended).as("serve ends on SIGTERM").isTrue();
        assertThat(left).as("upstream servers left running after serve ended").isEmpty();
        Thread reading = drain;
        if (reading != null) {
            try {
                reading.join(Duration.ofSeconds(10)); // serve has exited: its stderr ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // Stopping is not failing: no upstream is reported failed (or "reconnecting") by the shutdown.
        assertThat(stderr.toString()).as("serve's stderr").doesNotContain("failed:");
    }
}
