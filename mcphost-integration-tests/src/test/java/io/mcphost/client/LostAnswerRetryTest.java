package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpAnswerLostException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * A call whose answer is lost on the way (a proxy answers 502 after the server ran it, as nginx does
 * when the replica running a call dies) is sent again when repeating it is safe — the reads, and tools
 * the server lists as read-only or idempotent — and reaches the caller as {@link McpAnswerLostException}
 * otherwise, or when every attempt lost its answer. The server counts how often each tool ran. Both eras.
 * An answer the client gives to the server's question that a proxy loses is posted again.
 */
class LostAnswerRetryTest {
    private static final JsonNode NONE = Json.parse("{\"type\":\"object\"}");

    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final List<AutoCloseable> toClose = new ArrayList<>();
    /** How many more tools/call or tools/list answers the proxy loses (answering 502 after the server answered). */
    private final AtomicInteger toLose = new AtomicInteger();
    /** How many more of the client's answers to the server's questions the proxy loses (502, not passed on). */
    private final AtomicInteger answersToLose = new AtomicInteger();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private CallToolResult ran(String tool) {
        runs.computeIfAbsent(tool, t -> new AtomicInteger()).incrementAndGet();
        return CallToolResult.text(tool + " done");
    }

    private int runsOf(String tool) {
        return Optional.ofNullable(runs.get(tool)).map(AtomicInteger::get).orElse(0);
    }

    private McpClient connect(Era era) throws IOException {
        ToolAnnotations readOnly = new ToolAnnotations(Optional.empty(), Optional.of(true), Optional.of(false),
                Optional.of(true), Optional.of(false));
        ToolAnnotations idempotent = new ToolAnnotations(Optional.empty(), Optional.of(false), Optional.of(false),
                Optional.of(true), Optional.of(false));
        McpServer mcp = McpServer.builder()
                .tool(Tool.of("read", "reads", NONE).withAnnotations(readOnly), call -> ran("read"))
                .tool(Tool.of("put", "idempotent", NONE).withAnnotations(idempotent), call -> ran("put"))
                .tool(Tool.of("append", "not safe to repeat", NONE), call -> ran("append"))
                .tool(Tool.of("ask", "asks the user's name", NONE), call -> {
                    io.mcphost.protocol.elicitation.ElicitResult answer = call.elicit("name", Json.treeToValue(Json.parse("""
                            {"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}"""),
                            io.mcphost.protocol.elicitation.ElicitRequestParams.class), Duration.ofSeconds(20));
                    return CallToolResult.text("Hello " + answer.content().map(c -> c.path("name").asString()).orElse("?"));
                })
                .build();
        StreamableHttpServer server = StreamableHttpServer.builder(mcp).start();
        toClose.add(server);
        URI proxy = startProxy(server.endpoint());
        McpClient client = McpClient.builder(HttpTransport.builder(proxy).listen(false).build())
                .name("lossy").era(era).requestTimeout(Duration.ofSeconds(10))
                .elicitation(ElicitationHandler.blocking(request -> io.mcphost.protocol.elicitation.ElicitResult.accept(
                        Json.parse("{\"name\":\"Ada\"}"))))
                .connect();
        toClose.add(client);
        client.listTools(); // what the server says of its tools decides what may be repeated
        // (the transport is named by its URL, the client "lossy": the failures are renamed on the way, and keep their kind)
        return client;
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aCallSafeToRepeatIsSentAgainWhenItsAnswerIsLost(Era era) throws IOException {
        McpClient client = connect(era);

        toLose.set(1);
        assertThat(client.callTool("read", Json.parse("{}")).isError()).isFalse();
        assertThat(runsOf("read")).as("the read ran again after its answer was lost").isEqualTo(2);

        toLose.set(1);
        assertThat(client.callTool("put", Json.parse("{}")).isError()).isFalse();
        assertThat(runsOf("put")).isEqualTo(2);

        toLose.set(1);
        assertThat(client.listTools()).hasSize(4);
        assertThat(toLose.get()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aCallNotSafeToRepeatOrLostEveryTimeReachesTheCaller(Era era) throws IOException {
        McpClient client = connect(era);

        toLose.set(1);
        assertThatThrownBy(() -> client.callTool("append", Json.parse("{}"))).isInstanceOf(McpAnswerLostException.class)
                .hasMessageContaining("502");
        assertThat(runsOf("append")).as("ran once, and was not sent again").isEqualTo(1);

        toLose.set(10);
        assertThatThrownBy(() -> client.callTool("read", Json.parse("{}"))).isInstanceOf(McpAnswerLostException.class);
        assertThat(runsOf("read")).as("the first attempt and two more").isEqualTo(3);
        toLose.set(0);
        assertThat(client.callTool("read", Json.parse("{}")).isError()).isFalse();
    }

    @org.junit.jupiter.api.Test
    void anAnswerToTheServersQuestionThatAProxyLostIsPostedAgain() throws IOException {
        McpClient client = connect(Era.LEGACY);
        answersToLose.set(1);

        assertThat(client.callTool("ask", Json.parse("{}")).text()).isEqualTo("Hello Ada");
        assertThat(answersToLose.get()).as("the first answer was lost").isZero();
    }

    /**
     * A reverse proxy in front of {@code target}: passes each POST on and its answer back, except that
     * while {@link #toLose} is positive it answers a {@code tools/call} or {@code tools/list} with 502 once
     * the server has answered it (the server ran it; its answer is lost). GET (a listening stream) gets 405.
     */
    private URI startProxy(URI target) throws IOException {
        HttpServer proxy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        proxy.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        HttpClient upstream = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Set<String> passed = Set.of("content-type", "accept", "mcp-session-id", "mcp-protocol-version", "mcp-method",
                "mcp-name", "last-event-id", "authorization");
        proxy.createContext("/", exchange -> {
            try (exchange) {
                if (!exchange.getRequestMethod().equals("POST")) {
                    exchange.sendResponseHeaders(405, -1);
                    return;
                }
                byte[] body = exchange.getRequestBody().readAllBytes();
                JsonNode message = Json.parse(new String(body, StandardCharsets.UTF_8));
                if (message.has("result") && !message.has("method") && answersToLose.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    respond(exchange, 502, "text/html", "<html><body>502 Bad Gateway</body></html>".getBytes(StandardCharsets.UTF_8));
                    return; // lost before it reached the server
                }
                HttpRequest.Builder request = HttpRequest.newBuilder(target).POST(HttpRequest.BodyPublishers.ofByteArray(body));
                exchange.getRequestHeaders().forEach((name, values) -> {
                    if (passed.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                        values.forEach(v -> request.header(name, v));
                    }
                });
                HttpResponse<InputStream> answer = upstream.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
                String method = message.path("method").asString("");
                if ((method.equals("tools/call") || method.equals("tools/list")) && toLose.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    try (InputStream ran = answer.body()) {
                        ran.readAllBytes(); // the server answered: it ran the call
                    }
                    respond(exchange, 502, "text/html", "<html><body>502 Bad Gateway</body></html>".getBytes(StandardCharsets.UTF_8));
                    return;
                }
                answer.headers().firstValue("Mcp-Session-Id").ifPresent(id -> exchange.getResponseHeaders().add("Mcp-Session-Id", id));
                exchange.getResponseHeaders().add("Content-Type", answer.headers().firstValue("Content-Type").orElse("application/json"));
                // Passed on as it comes (an SSE stream carries the server's question before the answer).
                try (InputStream in = answer.body()) {
                    boolean empty = answer.statusCode() == 202 || answer.headers().firstValueAsLong("Content-Length").orElse(-1) == 0;
                    exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : 0);
                    if (!empty) {
                        OutputStream out = exchange.getResponseBody();
                        byte[] buffer = new byte[8192];
                        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        proxy.start();
        toClose.add(() -> proxy.stop(0));
        toClose.add(upstream::shutdownNow);
        return URI.create("http://127.0.0.1:" + proxy.getAddress().getPort() + "/mcp");
    }

    private static void respond(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
