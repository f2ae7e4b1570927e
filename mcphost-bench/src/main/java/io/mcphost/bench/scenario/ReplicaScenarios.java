package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Subject;
import io.mcphost.protocol.Era;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code --only replicas}: {@code mcphost serve} behind stock nginx (the project's {@code deploy/nginx.conf}, plain
 * round robin) as one replica and as three sharing session keys, beside one replica reached without nginx;
 * each replica fronts its own floor server over stdio. 50 sessions with one caller each, handshake-era
 * (2025-11-25) clients and 2026-07-28 ones in turn; the rows give calls per second and per-call latency.
 * On a machine of few cores the replicas, nginx and the clients share them: three replicas add
 * upstream processes, not cores.
 */
public final class ReplicaScenarios {
    private static final String SCENARIO = "replicas";
    private static final int SESSIONS = 50;
    private static final Duration START = Duration.ofSeconds(90);

    private ReplicaScenarios() {
    }

    /** Runs the scenario; a note row says why when nginx or the CLI is missing. */
    public static List<Row> behindNginx(Options options) {
        List<Row> rows = new ArrayList<>();
        Path nginx = Stream.of("/usr/sbin/nginx", "/usr/bin/nginx").map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
        Path template = deployDir().resolve("nginx.conf");
        if (nginx == null || !Files.isRegularFile(template) || !Files.isRegularFile(GatewayKinds.cliJar())) {
            rows.add(Row.note(SCENARIO, "setup", "mcphost", "skipped: needs nginx (apt-get install nginx), " + template
                    + " and " + GatewayKinds.cliJar()));
            return rows;
        }
        List<GatewayProcess> replicas = new ArrayList<>();
        List<Process> balancers = new ArrayList<>();
        try {
            Path scratch = Files.createTempDirectory("mcphost-bench-replicas");
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            Path keys = Files.writeString(scratch.resolve("session-keys"), Base64.getEncoder().encodeToString(key));
            List<String> flags = new ArrayList<>(GatewayKinds.LIMITS_LIFTED);
            flags.addAll(List.of("--session-keys-file", keys.toString()));
            GatewayProcess.Kind kind = GatewayProcess.mcphost("mcphost", "mcphost serve, sealed sessions", List.of(), flags);
            for (int i = 0; i < 3; i++) {
                replicas.add(GatewayProcess.start(kind, START));
            }
            URI one = nginx(nginx, template, scratch.resolve("one"), replicas.subList(0, 1), balancers);
            URI three = nginx(nginx, template, scratch.resolve("three"), replicas, balancers);
            List<String[]> topologies = List.of(new String[] {"1 replica, no nginx", replicas.get(0).endpoint().toString()},
                    new String[] {"nginx, 1 replica", one.toString()}, new String[] {"nginx, 3 replicas", three.toString()});
            for (Era era : List.of(Era.LEGACY, Era.MODERN)) {
                for (String[] topology : topologies) {
                    rows.add(measure(options, topology[0] + (era == Era.LEGACY ? ", 2025-11-25" : ", 2026-07-28"),
                            URI.create(topology[1]), era));
                }
            }
        } catch (IOException | RuntimeException e) {
            rows.add(Row.note(SCENARIO, "setup", "mcphost", "failed: " + e));
        } finally {
            for (Process balancer : balancers) {
                balancer.destroy();
                try {
                    if (!balancer.waitFor(10, TimeUnit.SECONDS)) {
                        balancer.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    balancer.destroyForcibly();
                }
            }
            replicas.forEach(GatewayProcess::close);
        }
        return rows;
    }

    private static Row measure(Options options, String variant, URI endpoint, Era era) {
        List<Subject> sessions = new ArrayList<>();
        long bound = options.timeout().multipliedBy(4).toMillis();
        int perCaller = options.quick() ? 20 : 60;
        try {
            for (int i = 0; i < SESSIONS; i++) {
                sessions.add(GatewayClients.connect(endpoint, false, era, "floor__echo", options.timeout()));
            }
            Subject sticky = new GatewayClients.StickySessions(sessions);
            CallScenarios.Burst.run(sticky, SESSIONS, perCaller / 2, bound); // warm-up: the JIT of every JVM on the path
            Samples all = new Samples();
            long wall = 0;
            int failures = 0;
            int rounds = options.quick() ? 2 : Math.min(options.rounds(), 3);
            for (int round = 0; round < rounds; round++) {
                CallScenarios.Burst burst = CallScenarios.Burst.run(sticky, SESSIONS, perCaller, bound);
                all.addAll(burst.samples());
                wall += burst.wallNanos();
                failures += burst.failures();
            }
            return new Row(SCENARIO, variant, "mcphost", "us", all.size(), all.quantile(0.5) / 1e3, all.quantile(0.99) / 1e3,
                    all.mean() / 1e3, Double.NaN, Double.NaN, Double.NaN,
                    String.format("%.0f calls/s, %d sessions x 1 caller, failures=%d", all.size() / (wall / 1e9), SESSIONS, failures));
        } catch (RuntimeException | InterruptedException e) {
            return Row.note(SCENARIO, variant, "mcphost", "failed: " + e);
        } finally {
            sessions.forEach(GatewayClients::closeQuietly);
        }
    }

    /** nginx in front of {@code replicas}, from the project's config with its placeholders filled; its endpoint. */
    private static URI nginx(Path nginx, Path template, Path prefix, List<GatewayProcess> replicas, List<Process> started)
            throws IOException {
        for (String dir : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            Files.createDirectories(prefix.resolve(dir));
        }
        StringBuilder upstreams = new StringBuilder();
        for (GatewayProcess replica : replicas) {
            upstreams.append("        server 127.0.0.1:").append(replica.endpoint().getPort()).append(" max_fails=0;\n");
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path config = prefix.resolve("nginx.conf");
        Files.writeString(config, Files.readString(template).replace("@PREFIX@", prefix.toString())
                .replace("@LISTEN@", "127.0.0.1:" + port).replace("@UPSTREAMS@", upstreams));
        Process process = new ProcessBuilder(nginx.toString(), "-p", prefix.toString(), "-c", config.toString(),
                "-e", prefix.resolve("error.log").toString()).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("nginx.out").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        started.add(process);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return URI.create("http://127.0.0.1:" + port + "/mcp");
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("nginx did not start: " + Files.readString(prefix.resolve("nginx.out")));
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while nginx started", e);
                }
            }
        }
    }

    /** The project's {@code deploy/} directory: {@code -Dmcphost.deploy.dir}, else {@code deploy} here. */
    private static Path deployDir() {
        return Path.of(System.getProperty("mcphost.deploy.dir", "deploy")).toAbsolutePath().normalize();
    }
}
