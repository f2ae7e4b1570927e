package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.transport.http.HttpTransport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code mcphost serve --admin} run as a process of its own, as an operator runs it: health,
 * readiness and the metrics of a call through the gateway, scraped over HTTP. The upstream is the
 * demo server (serve without {@code --config}).
 */
@Tag("interop") // run with the CLI's jars on the class path: see this module's pom
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServeAdminTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern ADMIN = Pattern.compile("mcphost serve: health, readiness and metrics on (\\S+)");

    @Test
    void servesHealthReadinessAndMetricsOnTheAdminPort() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort(); // serve prints one line to wait for: the admin line, after the endpoint's
        }
        try (ServeProcess serve = ServeProcess.start(DEADLINE, "--http", "127.0.0.1:" + port, "--admin", "127.0.0.1:0");
             HttpClient http = HttpClient.newHttpClient()) {
            URI admin = URI.create(serve.awaitServing(ADMIN).group(1));
            URI endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
            assertThat(get(http, admin.resolve("healthz")).body()).isEqualTo("ok\n");
            assertThat(get(http, admin.resolve("readyz")).statusCode()).isEqualTo(200);
            try (McpClient client = McpClient.builder(HttpTransport.builder(endpoint).build()).era(Era.MODERN)
                    .requestTimeout(DEADLINE).build()) {
                client.connect();
                assertThat(client.callTool("demo__echo", Json.parse("{\"text\":\"scraped\"}")).text()).contains("scraped");
            }
            HttpResponse<String> metrics = get(http, admin.resolve("metrics"));
            assertThat(metrics.statusCode()).isEqualTo(200);
            Matcher echo = Pattern.compile("^mcphost_gateway_calls_total\\{(?=[^}]*name=\"demo__echo\")(?=[^}]*outcome=\"ok\")"
                    + "(?=[^}]*server=\"demo\")[^}]*} (\\S+)$", Pattern.MULTILINE).matcher(metrics.body());
            assertThat(echo.find()).as(metrics.body()).isTrue();
            assertThat(Double.parseDouble(echo.group(1))).isEqualTo(1.0);
            assertThat(metrics.body()).contains("mcphost_gateway_upstream_state{server=\"demo\",state=\"READY\"} 1");
        }
    }

    private static HttpResponse<String> get(HttpClient http, URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).timeout(DEADLINE).build(), HttpResponse.BodyHandlers.ofString());
    }
}
