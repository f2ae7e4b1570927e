package io.mcphost.transport.http;

import static io.mcphost.testkit.ScriptedHttpServer.event;
import static io.mcphost.testkit.ScriptedHttpServer.initializeResult;
import static io.mcphost.testkit.ScriptedHttpServer.json;
import static io.mcphost.testkit.ScriptedHttpServer.result;
import static io.mcphost.testkit.ScriptedHttpServer.sse;
import static io.mcphost.testkit.ScriptedHttpServer.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.ScriptedHttpServer.Seen;
import io.mcphost.testkit.ScriptedHttpServer;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The HTTP transports against scripted servers that misbehave in the ways real ones do. */
class HttpTransportTest {

    /** Answers initialize and notifications like a plain JSON-mode server; everything else via {@code rest}. */
    private static ScriptedHttpServer server(ScriptedHttpServer.Script rest) {
        return ScriptedHttpServer.withHandshake(rest);
    }

    private static McpClient connect(ScriptedHttpServer server, HttpTransport.Builder transport) {
        return McpClient.builder(transport.build()).era(Era.LEGACY).name("scripted").requestTimeout(Duration.ofSeconds(10)).connect();
    }

    @Test
    void headersSessionIdAndProtocolVersionGoOnEveryLaterRequestAndCloseDeletesTheSession() {
        try (ScriptedHttpServer server = server((request, exchange) -> json(exchange, 200, result(request, "{}")))) {
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")).header("X-Team", "tools")
                    .bearerToken("s3cret"));
            client.ping();
            client.close();

            Seen initialize = server.seen("POST").getFirst();
            assertThat(initialize.header("Mcp-Session-Id")).isNull();
            assertThat(initialize.header("Accept")).contains("application/json").contains("text/event-stream");
            assertThat(initialize.header("Authorization")).isEqualTo("Bearer s3cret");
            Seen ping = server.seen("POST").getLast();
            assertThat(ping.rpcMethod()).isEqualTo("ping");
            assertThat(ping.header("Mcp-Session-Id")).isEqualTo("session-1");
            assertThat(ping.header("MCP-Protocol-Version")).isEqualTo("2025-11-25");
            assertThat(ping.header("X-Team")).isEqualTo("tools");
            assertThat(server.seen("DELETE")).singleElement()
                    .satisfies(d -> assertThat(d.header("Mcp-Session-Id")).isEqualTo("session-1"));
        }
    }

    @Test
    void aSessionIdThatIsNotVisibleAsciiIsRefused() {
        // MCP: the session id MUST only contain visible ASCII (0x21 to 0x7E); it goes back in every later request.
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("POST") && request.rpcMethod().equals("initialize")) {
                json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "session 1");
            } else {
                status(exchange, 202);
            }
        })) {
            assertThatThrownBy(() -> connect(server, HttpTransport.builder(server.url("/mcp"))))
                    .isInstanceOf(McpTransportException.class).hasMessageContaining("visible ASCII");
        }
    }

    @Test
    void anErrorStatusFailsTheCallWithTheStatusAndAnExcerptOfTheBody() {
        try (ScriptedHttpServer server = server((request, exchange) -> json(exchange, 503, "{\"detail\":\"backend down\"}"))) {
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")));

            assertThatThrownBy(client::ping).isInstanceOf(McpTransportException.class)
                    .hasMessageContaining("server 'scripted'").hasMessageContaining("HTTP 503").hasMessageContaining("backend down");
            client.close();
        }
    }

    @Test
    void onlyFourHundredFourHundredFourAndFourHundredFiveFallBackToSse() {
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> json(exchange, 500, "{}"))) {
            assertThatThrownBy(() -> connect(server, HttpTransport.builder(server.url("/mcp"))))
                    .isInstanceOf(McpTransportException.class).hasMessageContaining("HTTP 500");
            assertThat(server.seen("GET")).isEmpty();
        }
    }

    @Test
    void aLegacyEndpointOnAnotherOriginIsRefused() {
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("GET")) {
                OutputStream out = sse(exchange);
                event(out, "event: endpoint\ndata: http://evil.example:80/steal\n\n");
                Thread.sleep(5_000);
            } else {
                status(exchange, 405);
            }
        })) {
            assertThatThrownBy(() -> connect(server, HttpTransport.builder(server.url("/sse"))))
                    .isInstanceOf(McpTransportException.class)
                    .hasMessageContaining("not on the origin").hasMessageContaining("HTTP+SSE fallback failed");
            assertThat(server.seen("POST")).hasSize(1); // only the Streamable HTTP probe, nothing to evil.example
        }
    }

    @Test
    void aDroppedStreamIsResumedWithLastEventIdAfterTheServersRetryDelay() {
        try (ScriptedHttpServer server = server((request, exchange) -> {
            if (request.method().equals("POST")) {
                OutputStream out = sse(exchange);
                event(out, "id: call-1\nretry: 400\ndata:\n\n"); // a priming event, then the connection drops
            }
        })) {
            ScriptedHttpServer resuming = new ScriptedHttpServer((request, exchange) -> {
                switch (request.method()) {
                    case "POST" -> {
                        if (request.rpcMethod().equals("initialize")) {
                            json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "s");
                        } else if (!request.json().has("id")) {
                            status(exchange, 202);
                        } else {
                            event(sse(exchange), "id: call-1\nretry: 400\ndata:\n\n");
                        }
                    }
                    case "GET" -> {
                        if ("call-1".equals(request.header("Last-Event-ID"))) {
                            event(sse(exchange), "id: call-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n");
                        } else {
                            status(exchange, 405);
                        }
                    }
                    default -> status(exchange, 204);
                }
            });
            try (resuming) {
                McpClient client = connect(resuming, HttpTransport.builder(resuming.url("/mcp")));
                client.ping();
                client.close();

                Seen ping = resuming.seen("POST").stream().filter(r -> r.rpcMethod().equals("ping")).findFirst().orElseThrow();
                Seen resume = resuming.seen("GET").stream().filter(r -> r.header("Last-Event-ID") != null).findFirst().orElseThrow();
                assertThat(resume.header("Mcp-Session-Id")).isEqualTo("s");
                assertThat(TimeUnit.NANOSECONDS.toMillis(resume.atNanos() - ping.atNanos())).isGreaterThanOrEqualTo(380);
            }
        }
    }

    @Test
    void aStreamThatEndsWithoutAnIdToResumeFromFailsTheCallClearly() {
        try (ScriptedHttpServer server = server((request, exchange) -> event(sse(exchange), ": nothing useful\n\n"))) {
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")));

            assertThatThrownBy(client::ping).isInstanceOf(McpTransportException.class)
                    .hasMessageContaining("before answering request").hasMessageContaining("no event id");
            client.close();
        }
    }

    @Test
    void anOversizedEventFailsTheCallAndTheConnectionStaysUsable() {
        AtomicInteger calls = new AtomicInteger();
        try (ScriptedHttpServer server = server((request, exchange) -> {
            if (calls.incrementAndGet() == 1) {
                event(sse(exchange), "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"x\":\"" + "y".repeat(5000) + "\"}}\n\n");
            } else {
                json(exchange, 200, result(request, "{}"));
            }
        })) {
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")).maxMessageBytes(2048));

            assertThatThrownBy(client::ping).isInstanceOf(McpTransportException.class).hasMessageContaining("than 2048 bytes");
            client.ping();
            client.close();
        }
    }

    @Test
    void aServerRequestOnTheResponseStreamIsAnsweredBeforeTheResponseArrives() {
        try (ScriptedHttpServer server = server((request, exchange) -> {
            if (request.json().has("method")) {
                OutputStream out = sse(exchange);
                event(out, "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"ping\"}\n\n");
                Thread.sleep(200);
                event(out, "data: " + result(request, "{}") + "\n\n");
            } else {
                status(exchange, 202); // our answer to the server's ping
            }
        })) {
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")));
            client.ping();
            client.close();

            assertThat(server.seen("POST")).anySatisfy(r -> {
                assertThat(r.json().path("id").asString("")).isEqualTo("srv-1");
                assertThat(r.json().has("result")).isTrue();
            });
        }
    }

    @Test
    void closeMeetsItsDeadlineWhileAStreamIsOpenAPostHangsAndDeleteHangs() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("POST") && request.rpcMethod().equals("initialize")) {
                json(exchange, 200, initializeResult(request), "Mcp-Session-Id", "s");
            } else if (request.method().equals("POST") && !request.json().has("id")) {
                status(exchange, 202);
            } else if (request.method().equals("GET")) {
                event(sse(exchange), ": listening\n\n");
                ScriptedHttpServer.sleepForever();
            } else {
                ScriptedHttpServer.sleepForever(); // the call and the DELETE are never answered
            }
        })) {
            McpClient client = McpClient.builder(HttpTransport.builder(server.url("/mcp")).build()).era(Era.LEGACY).name("hung").connect();
            CompletableFuture<Void> call = client.pingAsync();
            awaitSeen(server, () -> server.seen("GET").size() == 1 && server.seen("POST").size() == 3);

            long start = System.nanoTime();
            client.close(Duration.ofSeconds(1));
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertThat(elapsed).isLessThan(1_500);
            assertThat(call).failsWithin(Duration.ofSeconds(1)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                    .withCauseInstanceOf(McpClosedException.class);
            awaitNoHttpClientThreads();
        }
    }

    @Test
    void closeOfTheLegacyTransportMeetsItsDeadlineWhileItsStreamIsOpenAndAPostHangs() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> {
            if (request.method().equals("GET")) {
                OutputStream out = sse(exchange);
                event(out, "event: endpoint\ndata: /message?session=1\n\n");
                ScriptedHttpServer.sleepForever();
            } else if (request.path().equals("/message") && request.rpcMethod().equals("initialize")) {
                status(exchange, 202);
                // the answer never comes: the test closes while initialize hangs
                ScriptedHttpServer.sleepForever();
            } else {
                status(exchange, 405);
            }
        })) {
            McpClient client = McpClient.builder(HttpTransport.builder(server.url("/sse")).mode(HttpTransport.Mode.SSE).build()).era(Era.LEGACY)
                    .name("hung-sse").initializeTimeout(Duration.ofSeconds(30)).build();
            CompletableFuture<Void> connecting = CompletableFuture.runAsync(client::connect);
            awaitSeen(server, () -> server.seen("POST").size() == 1);

            long start = System.nanoTime();
            client.close(Duration.ofSeconds(1));
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertThat(elapsed).isLessThan(1_500);
            assertThat(connecting).failsWithin(Duration.ofSeconds(2));
            awaitNoHttpClientThreads();
        }
    }

    /** Each HTTP client has a selector thread and a few more; after close none may be left (other tests' clients are closed too). */
    private static void awaitNoHttpClientThreads() throws InterruptedException {
        Await.until(Duration.ofSeconds(3),
                () -> Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("mcphost-http-client")
                        || t.getName().contains("SelectorManager")),
                () -> "every HTTP client thread to end after close; still running: " + Thread.getAllStackTraces().keySet()
                        .stream().map(Thread::getName).filter(n -> n.startsWith("mcphost-http-client") || n.contains("HttpClient")).toList());
    }

    @Test
    void aClientUsedAfterCloseReopensWithANewHttpClient() {
        try (ScriptedHttpServer server = server((request, exchange) -> json(exchange, 200, result(request, "{}")))) {
            int before = io.mcphost.transport.http.internal.HttpClients.started();
            McpClient client = connect(server, HttpTransport.builder(server.url("/mcp")));
            client.ping();
            client.close();

            client.ping();
            client.close();

            assertThat(io.mcphost.transport.http.internal.HttpClients.started() - before).isEqualTo(2);
            assertThat(server.seen("POST").stream().filter(r -> r.rpcMethod().equals("initialize"))).hasSize(2);
        }
    }

    @Test
    void badUrlsAndHeadersAreRefusedWhenConfigured() {
        assertThatThrownBy(() -> HttpTransport.builder("ftp://example.com/mcp")).hasMessageContaining("http:// or https://");
        assertThatThrownBy(() -> HttpTransport.builder("https://user:pw@example.com/mcp")).hasMessageContaining("credentials")
                .hasMessageNotContaining("pw");
        assertThatThrownBy(() -> HttpTransport.builder("https://example.com/mcp").header("Mcp-Session-Id", "x"))
                .hasMessageContaining("set by the transport");
        assertThatThrownBy(() -> HttpTransport.builder("https://example.com/mcp").header("X-A", "a\r\nX-B: b"))
                .hasMessageContaining("line break");
        assertThatThrownBy(() -> HttpTransport.builder("https://example.com/mcp").bearerTokenEnv("MCPHOST_SURELY_UNSET_VAR").build())
                .hasMessageContaining("MCPHOST_SURELY_UNSET_VAR").hasMessageContaining("not set");
        assertThat(HttpTransport.builder("https://example.com/mcp?token=abc").build().describe())
                .isEqualTo("https://example.com/mcp");

        Throwable injected = org.assertj.core.api.Assertions.catchThrowable(() -> HttpTransport.builder("https://example.com/mcp")
                .header("Authorization", "Bearer sk-secret-4711\r\nX-Injected: yes"));
        io.mcphost.faults.Row.print("Sec3", "header injection refused", (injected != null ? "refused" : "accepted")
                + ", secret in the message: " + (injected != null && injected.getMessage().contains("sk-secret-4711")), "refused, false");
        assertThat(injected).isInstanceOf(IllegalArgumentException.class);
        assertThat(injected.getMessage()).doesNotContain("sk-secret-4711");
    }

    private static void awaitSeen(ScriptedHttpServer server, java.util.function.BooleanSupplier condition) throws InterruptedException {
        Await.until(Duration.ofSeconds(5), condition, () -> "the server to see the expected requests; it saw " + server.seen());
    }
}
