package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.http.HttpTransport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The gateway's admin endpoint, for real: a gateway over HTTP in front of toolkit servers over
 * Streamable HTTP (one of them required), McpClients downstream, and java.net.http for
 * {@code /healthz}, {@code /readyz} and {@code /metrics}.
 */
class GatewayAdminTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}");

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private StreamableHttpServer alphaHttp;
    private McpHost host;

    private static McpServer alpha() {
        return McpServer.builder().name("alpha").version("1")
                .tool(Tool.of("echo", "Echoes", OBJECT), call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .tool(Tool.of("fails", "Always an isError result", OBJECT), call -> CallToolResult.error("it failed"))
                .prompt(Prompt.of("greet", "Greets"), arguments -> GetPromptResult.of("greeting", PromptMessage.user("Hello")))
                .resource(Resource.of("note://alpha/readme", "readme", "A note", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "alpha readme")))
                .resourceTemplate(io.mcphost.protocol.resources.ResourceTemplate.of("note://alpha/items/{id}", "item", "An item",
                        "text/plain"), uri -> {
                            if (uri.endsWith("/bad")) {
                                throw new IllegalStateException("no such item"); // a JSON-RPC error downstream
                            }
                            return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "item"));
                        })
                .build();
    }

    @BeforeEach
    void start() {
        alphaHttp = StreamableHttpServer.builder(alpha()).port(0).start();
        host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpec.builder("alpha", () -> HttpTransport.builder(alphaHttp.endpoint()).build())
                        .required(true).build())
                .start();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
        host.close(Duration.ofSeconds(2));
        alphaHttp.close(Duration.ofSeconds(2));
    }

    private McpGateway gateway(McpGatewayBuilder builder) {
        McpGateway gateway = builder.start();
        toClose.add(() -> gateway.close(Duration.ofSeconds(2)));
        return gateway;
    }

    private McpClient client(McpGateway gateway, Era era) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(10)).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    private HttpResponse<String> get(URI base, String path) {
        return get(base, path, Optional.empty());
    }

    private HttpResponse<String> get(URI base, String path, Optional<String> token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The status line of {@code GET /healthz} sent with this {@code Host} header (java.net.http sets its own). */
    private static String rawGet(URI base, String hostHeader) throws IOException {
        return rawGet(base, "/healthz", hostHeader);
    }

    /** The answer to {@code GET target}, sent as it is (java.net.http refuses a malformed URI). */
    private static String rawGet(URI base, String target, String hostHeader) throws IOException {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: " + hostHeader + "\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    /** The value of the one sample of {@code metric} whose labels include {@code labels}; empty when there is none. */
    static Optional<Double> sample(String exposition, String metric, Map<String, String> labels) {
        Pattern line = Pattern.compile("^" + Pattern.quote(metric) + "(?:\\{(.*)})? (\\S+)$", Pattern.MULTILINE);
        Pattern label = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");
        Matcher m = line.matcher(exposition);
        while (m.find()) {
            Map<String, String> found = new java.util.HashMap<>();
            Matcher l = label.matcher(m.group(1) == null ? "" : m.group(1));
            while (l.find()) {
                found.put(l.group(1), l.group(2));
            }
            if (found.entrySet().containsAll(labels.entrySet())) {
                return Optional.of(Double.parseDouble(m.group(2)));
            }
        }
        return Optional.empty();
    }

    @Test
    void healthzIsOkAndReadyzFollowsTheRequiredUpstreams() throws Exception {
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        URI admin = gateway.adminEndpoint().orElseThrow();
        assertThat(admin.getPort()).isPositive();
        assertThat(admin.getPort()).as("a port of its own").isNotEqualTo(gateway.endpoint().orElseThrow().getPort());

        HttpResponse<String> health = get(admin, "healthz");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("ok\n");
        assertThat(get(admin, "readyz").statusCode()).as("alpha, the required upstream, is READY").isEqualTo(200);
        assertThat(get(admin, "mcp").statusCode()).as("no MCP on the admin port").isEqualTo(404);
        assertThat(rawGet(admin, "localhost")).as("a loopback name").startsWith("HTTP/1.1 200");
        assertThat(rawGet(admin, "rebound.example:" + admin.getPort())).as("DNS rebinding").startsWith("HTTP/1.1 403");

        // A second required upstream, at a port nothing listens on yet.
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        URI lateEndpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
        assertThat(host.addServer(ServerSpec.builder("late", () -> HttpTransport.builder(lateEndpoint).build())
                .required(true).build()).state()).isNotEqualTo(ServerState.READY);
        HttpResponse<String> notReady = get(admin, "readyz");
        assertThat(notReady.statusCode()).isEqualTo(503);
        assertThat(notReady.body()).startsWith("not ready: late (").doesNotContain("alpha");
        assertThat(get(admin, "healthz").statusCode()).as("alive all the same").isEqualTo(200);

        StreamableHttpServer late = StreamableHttpServer.builder(McpServer.builder().name("late").version("1")
                .tool(Tool.of("hello", "Says hello", OBJECT), call -> CallToolResult.text("hello")).build()).port(port).start();
        toClose.add(() -> late.close(Duration.ofSeconds(2)));
        if (host.server("late").orElseThrow().state() != ServerState.READY) {
            host.restartServer("late"); // unless its reconnect found it first
        }
        Await.until(Duration.ofSeconds(20), () -> get(admin, "readyz").statusCode() == 200, "readyz 200 once late is READY");
        assertThat(get(admin, "readyz").body()).isEqualTo("ready\n");

        gateway.close(Duration.ofSeconds(2));
        assertThatThrownBy(() -> get(admin, "healthz")).as("the admin port closes with the gateway")
                .isInstanceOf(java.io.UncheckedIOException.class);
    }

    @Test
    void metricsCountCallsByServerNameAndOutcome() {
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        URI admin = gateway.adminEndpoint().orElseThrow();
        McpClient modern = client(gateway, Era.MODERN);
        McpClient legacy = client(gateway, Era.LEGACY);
        assertThat(modern.callTool("alpha__echo", Json.parse("{\"text\":\"one\"}")).text()).isEqualTo("one");
        assertThat(legacy.callTool("alpha__echo", Json.parse("{\"text\":\"two\"}")).text()).isEqualTo("two");
        assertThat(modern.callTool("alpha__fails", Json.newObject()).isError()).isTrue();
        assertThat(modern.getPrompt("alpha__greet", Map.of()).description()).contains("greeting");
        assertThat(legacy.readResource("note://alpha/readme").contents()).hasSize(1);
        assertThat(legacy.readResource("note://alpha/items/7").contents()).hasSize(1);
        assertThatThrownBy(() -> legacy.readResource("note://alpha/items/bad")).isInstanceOf(io.mcphost.protocol.McpException.class);

        HttpResponse<String> scraped = get(admin, "metrics");
        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        String text = scraped.body();
        String calls = "mcphost_gateway_calls_total";
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "tool", "name", "alpha__echo", "outcome", "ok")))
                .contains(2.0);
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "tool", "name", "alpha__fails", "outcome", "tool_error")))
                .contains(1.0);
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "tool", "name", "alpha__fails", "outcome", "ok")))
                .as("an isError result is no ok").isEmpty();
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "prompt", "name", "alpha__greet", "outcome", "ok")))
                .contains(1.0);
        assertThat(sample(text, calls, Map.of("kind", "resource", "name", "note://alpha/readme", "outcome", "ok")))
                .contains(1.0);
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "resource", "name", "unlisted", "outcome", "ok")))
                .as("a templated URI is not a label of its own").contains(1.0);
        assertThat(sample(text, calls, Map.of("server", "alpha", "kind", "resource", "name", "unlisted", "outcome", "error")))
                .as("the upstream's error").contains(1.0);

        String histogram = "mcphost_gateway_call_duration_seconds";
        assertThat(sample(text, histogram + "_count", Map.of("server", "alpha", "kind", "tool"))).contains(3.0);
        assertThat(sample(text, histogram + "_bucket", Map.of("server", "alpha", "kind", "tool", "le", "+Inf"))).contains(3.0);
        assertThat(sample(text, histogram + "_bucket", Map.of("server", "alpha", "kind", "tool", "le", "0.005"))).isPresent();
        assertThat(sample(text, histogram + "_sum", Map.of("server", "alpha", "kind", "tool"))).isPresent();

        assertThat(sample(text, "mcphost_gateway_sessions", Map.of())).as("the legacy client's session").contains(1.0);
        assertThat(sample(text, "mcphost_gateway_streams", Map.of())).isPresent();
        Await.until(Duration.ofSeconds(10), () -> sample(get(admin, "metrics").body(), "mcphost_gateway_streams", Map.of())
                .orElse(0.0) >= 1, "the legacy client's GET stream counted");
        assertThat(sample(text, "mcphost_gateway_upstream_state", Map.of("server", "alpha", "state", "READY"))).contains(1.0);
        assertThat(sample(text, "mcphost_gateway_upstream_state", Map.of("server", "alpha", "state", "FAILED"))).contains(0.0);
        assertThat(sample(text, "mcphost_gateway_rate_limit_rejections_total", Map.of())).contains(0.0);

        legacy.close();
        Await.until(Duration.ofSeconds(10), () -> sample(get(admin, "metrics").body(), "mcphost_gateway_sessions", Map.of())
                .equals(Optional.of(0.0)), "the session gauge back at 0 once the client closed its session");
    }

    @Test
    void rateLimitRefusalsAreCounted() throws Exception {
        // A bucket of three requests, refilled once in a thousand seconds: the fourth is refused.
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .requestsPerSecondPerClient(0.001, 3).adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        URI endpoint = gateway.endpoint().orElseThrow();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            HttpRequest ping = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}"))
                    .build();
            statuses.add(http.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode());
        }
        assertThat(statuses.subList(3, 5)).containsOnly(429);
        assertThat(statuses.subList(0, 3)).doesNotContain(429);
        String text = get(gateway.adminEndpoint().orElseThrow(), "metrics").body();
        assertThat(sample(text, "mcphost_gateway_rate_limit_rejections_total", Map.of())).contains(2.0);
    }

    @Test
    void theAdminEndpointRefusesANonLoopbackBindWithoutAToken() {
        assertThatThrownBy(() -> McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("0.0.0.0", 0)).start())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("admin endpoint")
                .hasMessageContaining("without a token");
        assertThatThrownBy(() -> McpGateway.builder(host).adminToken("has a space"))
                .isInstanceOf(IllegalArgumentException.class);

        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("0.0.0.0", 0)).adminToken("adm1n-token"));
        URI admin = URI.create("http://127.0.0.1:" + gateway.adminEndpoint().orElseThrow().getPort() + "/");
        HttpResponse<String> without = get(admin, "metrics");
        assertThat(without.statusCode()).isEqualTo(401);
        assertThat(without.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(get(admin, "healthz", Optional.of("wrong-token")).statusCode()).isEqualTo(401);
        assertThat(get(admin, "healthz", Optional.of("adm1n-token")).statusCode()).isEqualTo(200);
        assertThat(get(admin, "metrics", Optional.of("adm1n-token")).body()).contains("mcphost_gateway_upstream_state");
    }

    private HttpResponse<String> get(URI uri, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theStatusPageIsHtmlThatMayRunNothing() throws IOException {
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        URI admin = gateway.adminEndpoint().orElseThrow();
        for (String path : List.of("", "status")) {
            HttpResponse<String> page = get(admin, path);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
            assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                    .startsWith("default-src 'none';").contains("style-src 'unsafe-inline'").doesNotContain("script-src");
            assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(page.headers().firstValue("Referrer-Policy")).contains("no-referrer");
            assertThat(page.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(page.body()).startsWith("<!DOCTYPE html>")
                    .contains("<tr id=\"server-alpha\" class=\"server\" data-state=\"READY\">")
                    .contains("<td class=\"tools num\">2</td>")
                    .contains("<meta http-equiv=\"refresh\" content=\"5\">");
        }
        assertThat(get(admin, "status?refresh=0").body()).doesNotContain("http-equiv=\"refresh\"");
        assertThat(get(admin, "status?refresh=60").body()).contains("<meta http-equiv=\"refresh\" content=\"60\">");
        assertThat(rawGet(admin, "/status?refresh=%zz", "localhost")).startsWith("HTTP/1.1 400");
    }

    @Test
    void theStatusPageEscapesNamesAndErrorsFromConfigurationAndUpstreams() {
        String name = "<script>alert('name')</script>";
        host.addServer(ServerSpec.builder(name, () -> io.mcphost.transport.stdio.StdioTransport
                .builder(List.of("/nonexistent/<script>alert(\"command\")</script>")).name("x").build()).build());
        String error = host.server(name).orElseThrow().lastErrorMessage().orElseThrow();
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));

        String page = get(gateway.adminEndpoint().orElseThrow(), "status").body();
        assertThat(page.toLowerCase(java.util.Locale.ROOT)).as("no script of any origin").doesNotContain("<script");
        assertThat(page).contains("<tr id=\"server-&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;\" class=\"server\"")
                .contains("<td class=\"name\">&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;</td>")
                .contains("/nonexistent/&lt;script&gt;alert(&quot;command&quot;)&lt;/script&gt;");
        assertThat(error).as("the error names the server, so it too is escaped").contains(name);
        assertThat(page).contains("<td class=\"error\">" + error.replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;"));
    }

    @Test
    void withATokenTheStatusPageTakesItOnceAndSetsACookie() {
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)).adminToken("adm1n-token"));
        URI admin = gateway.adminEndpoint().orElseThrow();
        HttpResponse<String> without = get(admin, "status");
        assertThat(without.statusCode()).isEqualTo(401);
        assertThat(without.body()).contains("/status?token=").doesNotContain("adm1n-token");
        assertThat(get(admin, "?token=wrong-token").statusCode()).isEqualTo(401);
        assertThat(get(admin.resolve("metrics?token=adm1n-token")).statusCode()).as("only the page takes ?token=").isEqualTo(401);

        HttpResponse<String> signedIn = get(admin.resolve("status?refresh=0&token=adm1n-token"));
        assertThat(signedIn.statusCode()).isEqualTo(303);
        assertThat(signedIn.headers().firstValue("Location")).contains("/status?refresh=0");
        String setCookie = signedIn.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(setCookie).startsWith("mcphost_admin=").contains("; HttpOnly").contains("; SameSite=Strict")
                .contains("; Path=/").doesNotContain("adm1n-token");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));

        assertThat(get(admin.resolve("status"), "Cookie", cookie).statusCode()).isEqualTo(200);
        assertThat(get(admin.resolve("metrics"), "Cookie", cookie).body()).contains("mcphost_gateway_upstream_state");
        assertThat(get(admin.resolve("status"), "Cookie", "mcphost_admin=guessed").statusCode()).isEqualTo(401);
        assertThat(get(admin.resolve("status"), "Authorization", "Bearer adm1n-token").statusCode())
                .as("the header works as for the other paths").isEqualTo(200);
    }

    @Test
    void toolNamesBeyondTheCapFoldIntoOther() {
        var metrics = new io.mcphost.gateway.internal.GatewayMetrics(host);
        for (int i = 0; i < 1_005; i++) {
            metrics.observe("tool", "alpha", "t" + i, "ok", 1_000_000);
        }
        String text = new String(metrics.scrape(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(sample(text, "mcphost_gateway_calls_total", Map.of("name", "t999"))).contains(1.0);
        assertThat(sample(text, "mcphost_gateway_calls_total", Map.of("name", "t1000"))).isEmpty();
        assertThat(sample(text, "mcphost_gateway_calls_total", Map.of("name", "other"))).contains(5.0);
    }
}
