package io.mcphost.client;

import io.mcphost.protocol.Era;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.Progress;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * Our client against our own HTTP server when things go wrong: sessions that expire, streams that
 * drop mid-call, a server that dies. The server is real HTTP on loopback; nothing is mocked.
 */
@Timeout(30)
class HttpSessionRecoveryTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** HTTP clients started before the transport's first start: each start makes one. */
    private int clientsBefore;
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private StreamableHttpServer server;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient connect(int sessionRetries) {
        server = StreamableHttpServer.builder(DemoServer.server()).start();
        toClose.add(server);
        clientsBefore = io.mcphost.transport.http.internal.HttpClients.started();
        HttpTransport transport = HttpTransport.builder(server.endpoint()).name("demo").build();
        // Legacy: session expiry, re-initialisation and Last-Event-ID resumption exist only there.
        McpClient client = McpClient.builder(transport).name("demo").era(Era.LEGACY).sessionRetries(sessionRetries)
                .requestTimeout(Duration.ofSeconds(10)).connect();
        toClose.add(client);
        return client;
    }

    private static ObjectNode args(Object... keyValues) {
        ObjectNode node = CODEC.newObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.set((String) keyValues[i], CODEC.valueToTree(keyValues[i + 1]));
        }
        return node;
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    @Test
    void anExpiredSessionIsReinitialisedOnTheSameHttpClientAndTheCallerSeesOnlyTheResult() {
        McpClient client = connect(1);
        assertThat(text(client.callTool("echo", args("text", "before")))).isEqualTo("before");

        assertThat(server.expireAllSessions()).isEqualTo(1);
        CallToolResult result = client.callTool("echo", args("text", "after"));

        assertThat(text(result)).isEqualTo("after");
        assertThat(server.initializeCount()).isEqualTo(2);
        assertThat(io.mcphost.transport.http.internal.HttpClients.started() - clientsBefore).isEqualTo(1);
        assertThat(server.sessionIds()).hasSize(1);
    }

    @Test
    void fiftyConcurrentCallsDuringExpiryShareOneReinitialisation() {
        McpClient client = connect(1);
        client.ping();
        server.expireAllSessions();

        List<CompletableFuture<CallToolResult>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(client.callToolAsync("echo", args("text", "call " + i)));
        }

        for (int i = 0; i < 50; i++) {
            assertThat(text(calls.get(i).join())).isEqualTo("call " + i);
        }
        io.mcphost.faults.Row.print("H1", "session expiry under 50 concurrent calls", "50/50 answered, "
                + (server.initializeCount() - 1) + " re-initialisation", "0 failed, 1 re-initialisation");
        assertThat(server.initializeCount()).isEqualTo(2);
        assertThat(io.mcphost.transport.http.internal.HttpClients.started() - clientsBefore).isEqualTo(1);
    }

    @Test
    void withoutRetriesTheExpiryReachesTheCaller() {
        McpClient client = connect(0);
        server.expireAllSessions();

        assertThatThrownBy(client::ping).isInstanceOf(McpSessionExpiredException.class)
                .hasMessageContaining("server 'demo'").hasMessageContaining("no longer knows session");
        assertThat(server.initializeCount()).isEqualTo(1);
    }

    @Test
    void aSessionThatExpiresAgainAndAgainFailsTheConnectionAfterTheBoundedReinitialisations() throws Exception {
        server = StreamableHttpServer.builder(DemoServer.server()).start();
        toClose.add(server);
        // In front of the server, a relay that says every session is gone whenever a tools/call names one:
        // each re-initialisation succeeds and each resent call meets a "dead" session again, whatever the timing.
        java.net.http.HttpClient relayClient = java.net.http.HttpClient.newHttpClient();
        com.sun.net.httpserver.HttpServer relay = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        relay.createContext("/", exchange -> {
            if (!exchange.getRequestMethod().equals("POST")) { // no GET stream: the relay reads whole answers
                exchange.sendResponseHeaders(405, -1);
                exchange.close();
                return;
            }
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestHeaders().containsKey("Mcp-Session-Id")
                    && new String(body, java.nio.charset.StandardCharsets.UTF_8).contains("\"tools/call\"")) {
                byte[] gone = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Not Found: the session expired\"}}"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(404, gone.length);
                exchange.getResponseBody().write(gone);
                exchange.close();
                return;
            }
            io.mcphost.testkit.HttpRelay.relay(exchange, body, server.endpoint(), relayClient);
        });
        relay.start();
        toClose.add(() -> relay.stop(0));
        toClose.add(relayClient::shutdownNow);
        java.net.URI endpoint = java.net.URI.create("http://127.0.0.1:" + relay.getAddress().getPort() + "/mcp");
        McpClient client = McpClient.builder(HttpTransport.builder(endpoint).name("demo").build()).name("demo")
                .era(Era.LEGACY).sessionRetries(2).requestTimeout(Duration.ofSeconds(10)).connect();
        toClose.add(client);

        assertThatThrownBy(() -> client.callTool("echo", args("text", "x"))).isInstanceOf(McpTransportException.class);
        assertThat(server.initializeCount()).as("the handshake and the two re-initialisations allowed").isEqualTo(3);
        assertThat(client.state()).isEqualTo(ClientState.FAILED);
    }

    @Test
    void aStreamDroppedMidCallIsResumedAndTheCallCompletes() throws Exception {
        McpClient client = connect(1);
        List<Progress> progress = new CopyOnWriteArrayList<>();
        CompletableFuture<CallToolResult> call = client.callToolAsync("slow_task", args("steps", 6, "delayMs", 150),
                CallOptions.builder().onProgress(progress::add).build());
        Await.until(Duration.ofSeconds(5), () -> progress.size() >= 2, "two progress notifications");

        assertThat(server.dropStreams()).isPositive();

        CallToolResult result = call.get(10, TimeUnit.SECONDS);
        io.mcphost.faults.Row.print("H3", "dropped SSE stream resumed", text(result) + ", " + server.initializeCount()
                + " initialize", "call completes, 1 initialize");
        assertThat(text(result)).isEqualTo("done: 6 steps");
        assertThat(server.initializeCount()).isEqualTo(1);
    }

    @Test
    void whenTheServerDiesCallsFailClearlyAndCloseStillMeetsItsDeadline() {
        McpClient client = connect(1);
        client.ping();
        server.close(Duration.ofMillis(200));

        assertThatThrownBy(client::ping).isInstanceOf(McpTransportException.class)
                .hasMessageContaining("server 'demo'").hasMessageContaining("cannot reach");
        long start = System.nanoTime();
        client.close(Duration.ofSeconds(1));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1_500);
    }

}
