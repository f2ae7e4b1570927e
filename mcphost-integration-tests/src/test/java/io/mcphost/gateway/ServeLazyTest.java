package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.http.HttpTransport;
import java.net.URI;
import java.time.Duration;
import java.util.List;
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
        try (ServeProcess serve = ServeProcess.start(DEADLINE, "--lazy", "--http", "127.0.0.1:0")) {
            Matcher line = serve.awaitServing(SERVING);
            assertThat(line.group(1)).isEqualTo("1");
            // Serving, and still no upstream process: nobody has used the gateway yet.
            assertThat(serve.upstreams()).as("upstream processes before any client").isEmpty();

            try (McpClient client = McpClient.builder(HttpTransport.builder(URI.create(line.group(2))).build())
                    .name("first").era(era).requestTimeout(DEADLINE).build()) {
                client.connect();
                List<String> tools = client.listTools().stream().map(Tool::name).toList();
                assertThat(tools).as("the first request waited for the upstream").contains("demo__echo");
                assertThat(client.callTool("demo__echo", io.mcphost.protocol.Json.parse("{\"text\":\"lazy\"}")).text())
                        .contains("lazy");
            }
            assertThat(serve.upstreams().stream().filter(ProcessHandle::isAlive).toList()).as("the upstream runs now").isNotEmpty();
        }
    }
}
