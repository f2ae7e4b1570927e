package io.mcphost.cli;

import static io.mcphost.testkit.ScriptedHttpServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.ScriptedHttpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Greps everything the CLI wrote for the bearer token it was given (issue 14). The token comes from
 * an environment variable, so the CLI runs as a child JVM ({@link Main} on this test's class path:
 * the jar does not exist yet when tests run) with stdout and stderr captured whole.
 */
@Timeout(300)
class CliSecretLeakTest {
    private static final String JAVA = ProcessHandle.current().info().command().orElseThrow();
    /**
     * Only a hang takes a run this long. A run normally takes a second or two; a fresh CLI JVM on a loaded
     * two-core machine took 23 s once (a 10 s limit failed it). That the CLI ends on the server's answer,
     * not by waiting out a deadline, is asserted on its exit code.
     */
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** The probe, initialize and the HTTP+SSE fallback's GET, each once, with room for one more: not a retry loop. */
    private static final int MAX_REQUESTS = 4;

    private record Run(int exit, String stdout, String stderr, Duration took) {
        String all() {
            return stdout + "\n" + stderr;
        }
    }

    private Run cli(String token, String url, String... more) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(JAVA, "-cp", System.getProperty("java.class.path"),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", Main.class.getName(), "--url", url, "--bearer-env", "SECRET_VAR"));
        command.addAll(List.of(more));
        command.add("tools");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("SECRET_VAR", token);
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        return new Run(p.isAlive() ? -1 : p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), took);
    }

    @Test
    void aTokenHttpRefusesIsNeverPrintedAndTheCliExitsFast() throws Exception {
        String token = "s3cr3t-TOKEN-4f9a\u0001with-a-control-character";
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> json(exchange, 500, "{}"))) {
            for (String[] flags : new String[][] {{}, {"-v"}}) { // -v: debug logs and stack traces too
                int before = server.seen().size();
                Run run = cli(token, server.url("/mcp"), flags);

                assertThat(run.exit()).isNotZero().isNotEqualTo(-1).isNotEqualTo(ExitCode.TIMEOUT); // -1: still running after RUN_LIMIT
                // Fast means no retry loop, counted in requests, not seconds (a loaded machine is slow); a token
                // with a control character may be refused before anything is sent.
                assertThat(server.seen().size() - before).isLessThanOrEqualTo(MAX_REQUESTS);
                assertThat(run.all()).doesNotContain("s3cr3t", "4f9a", "with-a-control-character");
            }
        }
    }

    @Test
    void aValidTokenIsNeverPrintedWhenTheServerAnswers401Or500() throws Exception {
        String token = "s3cr3t-valid-token-8b1c77e0";
        for (int status : new int[] {401, 500}) {
            try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> json(exchange, status,
                    "{\"error\":\"bad credentials\"}", "WWW-Authenticate", "Bearer error=\"invalid_token\""))) {
                for (String[] flags : new String[][] {{}, {"-v"}}) { // -v: debug logs and stack traces too
                    int before = server.seen().size();
                    Run run = cli(token, server.url("/mcp"), flags);

                    assertThat(run.exit()).as("exit with HTTP %d", status).isNotZero().isNotEqualTo(-1).isNotEqualTo(ExitCode.TIMEOUT);
                    assertThat(server.seen().size() - before).isBetween(1, MAX_REQUESTS);
                    assertThat(run.all()).as("what the CLI wrote with HTTP %d", status)
                            .doesNotContain("s3cr3t", "8b1c77e0");
                    // The server did receive it: the test would prove nothing if the token never left.
                    assertThat(server.seen()).anySatisfy(s -> assertThat(s.header("Authorization")).isEqualTo("Bearer " + token));
                }
            }
        }
    }
}
