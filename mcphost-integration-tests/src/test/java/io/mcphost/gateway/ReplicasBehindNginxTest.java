package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.internal.RealMcpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.transport.http.HttpTransport;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Three {@code mcphost serve} replicas behind stock nginx (the project's {@code deploy/nginx.conf}, plain
 * round robin, no sticky sessions, no shared store: the replicas share session keys), each with its own
 * demo server upstream; 50 clients (25 handshake-era, 25 2026-07-28) make 10,000 calls in all, every
 * tenth an eliciting one ({@code greet}, which each client answers with its own name), while each is
 * subscribed to the demo server's clock resource. Mid-run one
 * replica is SIGKILLed and later started again ({@link Scenario#KILL}), or every replica is restarted
 * in turn, twice, to rotate the session key ({@link Scenario#KEY_ROTATION}).
 *
 * <p>Every call's answer is checked (an echo of the client's own text, a greeting of the client's own
 * name): 0 wrong answers and 0 answers meant for another client, 0 handshake-era sessions that had to
 * initialise again, and every call that did not succeed surfaced as an exception to its caller; the
 * figures are printed. Skipped where nginx is not installed ({@code .ci/run} installs it).
 */
@Tag("interop") // run with the CLI's jars on the class path: see this module's pom
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ReplicasBehindNginxTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern SERVING = Pattern.compile("mcphost serve: serving .* on (\\S+)");
    private static final int REPLICAS = 3;
    private static final int CLIENTS = 50;
    private static final int CALLS = 10_000;
    private static final String OLD_KEY = key(7);
    private static final String NEW_KEY = key(8);

    enum Scenario { KILL, KEY_ROTATION }

    private static String key(int seed) {
        byte[] bytes = new byte[32];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (seed * 31 + i);
        }
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** One replica: its port and the serve process on it now. */
    private static final class Replica {
        final int port;
        volatile ServeProcess process;

        /** Every replica's endpoint, this one's included (as deploy/replicas.sh and docs/deploy.md give it). */
        final String peers;

        Replica(int port, String peers) {
            this.port = port;
            this.peers = peers;
        }

        void start(String keys) throws Exception {
            process = ServeProcess.start(DEADLINE, Map.of("MCPHOST_TEST_SESSION_KEYS", keys),
                    "--http", "127.0.0.1:" + port, "--session-keys-env", "MCPHOST_TEST_SESSION_KEYS", "--peers", peers,
                    // Every client comes from nginx's address: the per-client limits would count them as one.
                    "--max-concurrent", "100000", "--rate", "1000000");
            process.awaitServing(SERVING);
        }
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void fiftyClientsMakeTenThousandCallsWhileReplicasComeAndGo(Scenario scenario, @TempDir Path work) throws Exception {
        Path nginx = Stream.of("/usr/sbin/nginx", "/usr/bin/nginx").map(Path::of).filter(Files::isExecutable).findFirst()
                .orElse(null);
        Assumptions.assumeTrue(nginx != null, "nginx is not installed (apt-get install nginx; .ci/run installs it)");
        List<Replica> replicas = new ArrayList<>();
        Process balancer = null;
        List<McpClient> clients = new ArrayList<>();
        try {
            StringBuilder upstreams = new StringBuilder();
            int[] ports = new int[REPLICAS];
            for (int i = 0; i < REPLICAS; i++) {
                ports[i] = freePort();
            }
            String peers = String.join(",", java.util.Arrays.stream(ports).mapToObj(p -> "http://127.0.0.1:" + p + "/mcp").toList());
            for (int i = 0; i < REPLICAS; i++) {
                Replica r = new Replica(ports[i], peers);
                r.start(OLD_KEY);
                replicas.add(r);
                upstreams.append("        server 127.0.0.1:").append(r.port).append(" max_fails=0;\n");
            }
            int port = freePort();
            balancer = startNginx(nginx, work, port, upstreams.toString());
            URI endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
            for (int c = 0; c < CLIENTS; c++) {
                String name = "client-" + c;
                McpClient client = McpClient.builder(HttpTransport.builder(endpoint).build()).name(name)
                        .era(c % 2 == 0 ? Era.LEGACY : Era.MODERN).requestTimeout(Duration.ofSeconds(30))
                        .elicitation(ElicitationHandler.blocking(request ->
                                ElicitResult.accept(Json.parse("{\"name\":\"" + name + "\",\"style\":\"friendly\"}"))))
                        .build();
                client.connect();
                client.listTools(); // as an agent does first: it also tells the client which tools are safe to repeat
                clients.add(client);
            }
            // Every client subscribes to the demo server's clock, which announces an update every second.
            List<AtomicInteger> updates = new ArrayList<>();
            for (McpClient client : clients) {
                AtomicInteger count = new AtomicInteger();
                client.subscribeResource("demo://clock", update -> count.incrementAndGet());
                updates.add(count);
            }

            Figures figures = new Figures();
            AtomicInteger next = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(CLIENTS);
            long start = System.nanoTime();
            for (int c = 0; c < CLIENTS; c++) {
                McpClient client = clients.get(c);
                String name = "client-" + c;
                Thread.ofVirtual().start(() -> {
                    try {
                        for (int n = next.getAndIncrement(); n < CALLS; n = next.getAndIncrement()) {
                            int call = n;
                            figures.record(call % 10 != 0, () -> call(client, name, call));
                        }
                    } finally {
                        done.countDown();
                    }
                });
            }
            // The disturbance, at fixed points of the run (counted in calls made, never in time).
            awaitCalls(next, CALLS * 3 / 10);
            long disturbed = System.nanoTime();
            figures.disturbedAt(disturbed);
            if (scenario == Scenario.KILL) {
                List<ProcessHandle> orphans = replicas.get(1).process.kill();
                assertThat(orphans).as("upstreams of the killed replica still running 10 s later").isEmpty();
                awaitCalls(next, CALLS * 6 / 10);
                replicas.get(1).start(OLD_KEY);
            } else {
                // Rotation in two rolling restarts (SIGTERM, start again), as docs/deploy.md says: first every
                // replica learns the new key (still sealing with the old), then every replica seals with it. In
                // one step, a replica not yet restarted could not open what a restarted one sealed.
                for (String keys : List.of(OLD_KEY + "," + NEW_KEY, NEW_KEY + "," + OLD_KEY)) {
                    for (Replica r : replicas) {
                        r.process.close();
                        r.start(keys);
                    }
                }
            }
            long restored = System.nanoTime();
            assertThat(done.await(240, TimeUnit.SECONDS)).as("all calls made").isTrue();
            long elapsed = System.nanoTime() - start;
            // After the run: which subscriptions still deliver. A client whose listen or GET stream a stopping
            // replica ended opens it again after its back-off (1 s, doubling to 30 s while streams keep ending):
            // each waits for one more update, at most 40 s.
            int[] before = updates.stream().mapToInt(AtomicInteger::get).toArray();
            long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (System.nanoTime() < waitUntil && java.util.stream.IntStream.range(0, CLIENTS)
                    .anyMatch(c -> updates.get(c).get() == before[c])) {
                Thread.sleep(20);
            }
            Thread.sleep(1_500); // the clock ticks every second: one more tick for every subscription that delivers
            long modernDelivering = java.util.stream.IntStream.range(0, CLIENTS)
                    .filter(c -> c % 2 == 1 && updates.get(c).get() > before[c]).count();
            long legacyDelivering = java.util.stream.IntStream.range(0, CLIENTS)
                    .filter(c -> c % 2 == 0 && updates.get(c).get() > before[c]).count();

            int reinitialized = clients.stream().mapToInt(c -> c instanceof RealMcpClient r ? r.reinitializations() : 0).sum();
            System.out.printf("%nreplicas behind nginx, %s: %d replicas, %d clients (half 2025-11-25, half 2026-07-28),"
                            + " %d calls (every tenth eliciting) in %.1f s%n  answered right %d, wrong answers %d,"
                            + " another client's answer %d, failed (surfaced as exceptions) %d (of them read-only echo calls %d), silent 0%n"
                            + "  handshake-era sessions initialised again %d; last failure %s after the %s;"
                            + " back to steady state after %s; the %s took %.1f s%n"
                            + "  resource subscriptions still delivering after the run: %d of %d 2026-07-28 clients,"
                            + " %d of %d handshake-era clients%n  failures: %s%n",
                    scenario, REPLICAS, CLIENTS, CALLS, elapsed / 1e9, figures.right.get(), figures.wrong.get(),
                    figures.crossed.get(), figures.failed.get(), figures.failedRepeatable.get(), reinitialized,
                    figures.lastFailureAfterDisturbance(), scenario == Scenario.KILL ? "kill" : "first restart",
                    figures.backToSteadyState(), scenario == Scenario.KILL ? "replica's absence" : "rolling restart",
                    (restored - disturbed) / 1e9, modernDelivering, CLIENTS / 2, legacyDelivering, CLIENTS / 2,
                    figures.failureKinds() + (WRONG_SAMPLES.isEmpty() ? "" : "; wrong: " + WRONG_SAMPLES));
            System.out.printf("  nginx's error log: %s%n", nginxErrors(work.resolve("error.log")));
            assertThat(figures.right.get() + figures.wrong.get() + figures.crossed.get() + figures.failed.get())
                    .as("every call accounted for").isEqualTo(CALLS);
            assertThat(figures.wrong.get()).as("wrong answers").isZero();
            assertThat(figures.crossed.get()).as("answers meant for another client").isZero();
            assertThat(reinitialized).as("handshake-era sessions that had to initialise again").isZero();
            // A 2026-07-28 listen stream carries its own subscriptions: any replica serves it. A handshake-era
            // subscription is passed to every replica (--peers), a stopping one hands its sessions over, and a
            // restarted one learns them back from the others.
            assertThat(modernDelivering).as("2026-07-28 subscriptions still delivering").isEqualTo(CLIENTS / 2);
            assertThat(legacyDelivering).as("handshake-era subscriptions still delivering").isEqualTo(CLIENTS / 2);
            // A read-only call whose answer was lost is sent again (to another replica): none may fail.
            assertThat(figures.failedRepeatable.get()).as("failed read-only calls (%s)", figures.failureKinds()).isZero();
            // Only eliciting calls in flight at a replica as it dies may fail (each client has one call at a time;
            // nginx may also have sent a request on a kept-alive connection to it just before it noticed), and at a
            // draining one those waiting for an answer it can no longer receive: a bound, not a count.
            assertThat(figures.failed.get()).as("failed calls (%s)", figures.failureKinds())
                    .isLessThanOrEqualTo(3 * CLIENTS);
        } finally {
            clients.forEach(c -> c.close());
            if (balancer != null) {
                balancer.destroy();
                balancer.waitFor(10, TimeUnit.SECONDS);
                balancer.destroyForcibly();
            }
            for (Replica r : replicas) {
                if (r.process != null && r.process.isAlive()) {
                    r.process.close();
                }
            }
        }
    }

    /** One call, checked: an echo of the client's own text, or every tenth a greeting of the client's own name. */
    private static Outcome call(McpClient client, String name, int n) {
        if (n % 10 == 0) {
            return outcome(client.callTool("demo__greet", Json.parse("{}")), "Hello, " + name + "!", "Hello, client-");
        }
        String sent = name + "#" + n;
        return outcome(client.callTool("demo__echo", Json.parse("{\"text\":\"" + sent + "\"}")), sent, "client-");
    }

    private static Outcome outcome(CallToolResult result, String expected, String anyClient) {
        String text = result.text();
        if (result.isError()) {
            // An isError result is surfaced too: the gateway says what went wrong (an upstream closing
            // under a replica that stops) instead of answering.
            throw new IllegalStateException("isError result: " + text);
        }
        if (text.equals(expected)) {
            return Outcome.RIGHT;
        }
        if (WRONG_SAMPLES.size() < 5) {
            WRONG_SAMPLES.add("expected '" + expected + "', got '" + text + "'");
        }
        return text.contains(anyClient) ? Outcome.CROSSED : Outcome.WRONG;
    }

    private static final List<String> WRONG_SAMPLES = new java.util.concurrent.CopyOnWriteArrayList<>();

    enum Outcome { RIGHT, WRONG, CROSSED }

    /** What the run's calls came to; thread-safe. */
    private static final class Figures {
        final AtomicInteger right = new AtomicInteger();
        final AtomicInteger wrong = new AtomicInteger();
        final AtomicInteger crossed = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        /** Failed calls of the read-only echo tool, which the client sends again when their answer is lost. */
        final AtomicInteger failedRepeatable = new AtomicInteger();
        final AtomicLong lastFailure = new AtomicLong();
        final Map<String, AtomicInteger> kinds = new java.util.concurrent.ConcurrentHashMap<>();
        volatile long disturbed;

        void disturbedAt(long nanos) {
            disturbed = nanos;
        }

        /** When each right answer came (System.nanoTime), for the time back to steady state. */
        final java.util.concurrent.ConcurrentLinkedQueue<Long> answered = new java.util.concurrent.ConcurrentLinkedQueue<>();

        void record(boolean repeatable, java.util.function.Supplier<Outcome> call) {
            try {
                switch (call.get()) {
                    case RIGHT -> {
                        right.incrementAndGet();
                        answered.add(System.nanoTime());
                    }
                    case WRONG -> wrong.incrementAndGet();
                    case CROSSED -> crossed.incrementAndGet();
                }
            } catch (RuntimeException e) {
                failed.incrementAndGet();
                if (repeatable) {
                    failedRepeatable.incrementAndGet();
                }
                lastFailure.accumulateAndGet(System.nanoTime(), Math::max);
                String kind = (repeatable ? "echo " : "greet ") + e.getClass().getSimpleName() + ": "
                        + String.valueOf(e.getMessage()).replaceAll("\\d+", "N");
                kinds.computeIfAbsent(kind.length() > 140 ? kind.substring(0, 140) : kind, k -> new AtomicInteger()).incrementAndGet();
            }
        }

        String lastFailureAfterDisturbance() {
            long last = lastFailure.get();
            return last == 0 ? "none" : last < disturbed ? "before" : String.format("%.2f s", (last - disturbed) / 1e9);
        }

        /**
         * How long after the disturbance the rate of right answers was back: the start of the first run of
         * four 250 ms windows each at 80 % or more of the median window of the two seconds before it.
         */
        String backToSteadyState() {
            long window = TimeUnit.MILLISECONDS.toNanos(250);
            long from = disturbed - TimeUnit.SECONDS.toNanos(2);
            java.util.TreeMap<Long, Integer> counts = new java.util.TreeMap<>();
            for (long t : answered) {
                if (t >= from) {
                    counts.merge((t - from) / window, 1, Integer::sum);
                }
            }
            long before = (disturbed - from) / window;
            List<Integer> baseline = new ArrayList<>();
            for (long w = 0; w < before; w++) {
                baseline.add(counts.getOrDefault(w, 0));
            }
            baseline.sort(null);
            double median = baseline.get(baseline.size() / 2);
            long last = counts.isEmpty() ? before : counts.lastKey();
            for (long w = before; w + 3 < last; w++) {
                boolean steady = true;
                for (long k = w; k < w + 4; k++) {
                    steady &= counts.getOrDefault(k, 0) >= 0.8 * median;
                }
                if (steady) {
                    return String.format("%.2f s (baseline %.0f calls/s)", (w - before) * window / 1e9, median * 4);
                }
            }
            return "not within the run";
        }

        String failureKinds() {
            return kinds.isEmpty() ? "none" : kinds.toString();
        }
    }

    private static void awaitCalls(AtomicInteger next, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (next.get() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the calls stalled at " + next.get());
            }
            Thread.sleep(5);
        }
    }

    /** nginx in the foreground with the project's config, its placeholders filled; returns once it accepts connections. */
    private static Process startNginx(Path nginx, Path work, int port, String upstreams) throws Exception {
        for (String dir : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            Files.createDirectories(work.resolve(dir));
        }
        String template = Files.readString(Path.of("..", "deploy", "nginx.conf"));
        Path config = work.resolve("nginx.conf");
        Files.writeString(config, template.replace("@PREFIX@", work.toString()).replace("@LISTEN@", "127.0.0.1:" + port)
                .replace("@UPSTREAMS@", upstreams));
        Process process = new ProcessBuilder(nginx.toString(), "-p", work.toString(), "-c", config.toString(),
                "-e", work.resolve("error.log").toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("nginx.out").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return process;
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("nginx did not start: " + Files.readString(work.resolve("nginx.out"))
                            + (Files.exists(work.resolve("error.log")) ? Files.readString(work.resolve("error.log")) : ""));
                }
                Thread.sleep(20);
            }
        }
    }

    /** What nginx logged as errors, counted by kind (connect refused, no live upstreams, a replica closing on it ...). */
    private static Map<String, Long> nginxErrors(Path log) throws IOException {
        if (!Files.exists(log)) {
            return Map.of();
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains("[error]"))
                    .map(l -> l.replaceAll(".*\\[error\\] [0-9#]+: \\*[0-9]+ ", "").replaceAll(" while .*|, client:.*", ""))
                    .collect(java.util.stream.Collectors.groupingBy(k -> k, java.util.TreeMap::new,
                            java.util.stream.Collectors.counting()));
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
