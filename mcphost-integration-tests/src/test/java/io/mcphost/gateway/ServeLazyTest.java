package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.http.HttpTransport;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code mcphost serve --lazy} run as a process of its own: no upstream process runs until the first
 * client comes, whose first request waits for the upstreams and sees their tools; SIGTERM ends serve
 * and the upstream with it. The upstream is the demo server (serve without {@code --config}).
 */
@Tag("interop") // run with the CLI's jars on the class path: see this module's pom
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServeLazyTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern SERVING = Pattern.compile(
            "mcphost serve: serving (\\d+) servers \\(started when the first client connects\\) on (\\S+)");

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void upstreamsStartWithTheFirstClient(Era era) throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process serve = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", classPath, "io.mcphost.cli.Main", "serve", "--lazy", "--http", "127.0.0.1:0")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        try {
            StringBuilder stderr = new StringBuilder();
            Matcher line = CompletableFuture.supplyAsync(() -> awaitServing(serve, stderr))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(line).as(stderr.toString()).isNotNull();
            assertThat(line.group(1)).isEqualTo("1");
            // Serving, and still no upstream process: nobody has used the gateway yet.
            assertThat(serve.descendants().toList()).as("upstream processes before any client").isEmpty();

            try (McpClient client = McpClient.builder(HttpTransport.builder(URI.create(line.group(2))).build())
                    .name("first").era(era).requestTimeout(DEADLINE).build()) {
                client.connect();
                List<String> tools = client.listTools().stream().map(Tool::name).toList();
                assertThat(tools).as("the first request waited for the upstream").contains("demo__echo");
                assertThat(client.callTool("demo__echo", io.mcphost.protocol.Json.parse("{\"text\":\"lazy\"}")).text())
                        .contains("lazy");
            }
            assertThat(serve.descendants().filter(ProcessHandle::isAlive).toList()).as("the upstream runs now").isNotEmpty();
        } finally {
            List<ProcessHandle> upstreams = serve.descendants().toList();
            serve.destroy(); // SIGTERM
            boolean ended = serve.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS);
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
        }
    }

    private static Matcher awaitServing(Process serve, StringBuilder stderr) {
        try {
            BufferedReader reader = new BufferedReader(new InputStreamReader(serve.getErrorStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                stderr.append(line).append('\n');
                Matcher m = SERVING.matcher(line);
                if (m.find()) {
                    Thread.ofVirtual().start(() -> reader.lines().forEach(l -> { })); // serve must never block on a full pipe
                    return m;
                }
            }
            return null;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
