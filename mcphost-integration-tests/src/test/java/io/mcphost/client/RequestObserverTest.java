package io.mcphost.client;

import io.mcphost.protocol.Era;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.McpServer;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** The client's observer hook and the server toolkit's, against real servers. */
@Timeout(30)
class RequestObserverTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @Test
    void anObserverThatThrowsNeverBreaksARequest() {
        var pair = MemoryTransport.pair();
        toClose.add(DemoServer.server().serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).observer(request -> {
            throw new IllegalStateException("observer bug");
        }).connect();
        toClose.add(client);

        assertThat(client.listTools()).isNotEmpty();
    }

    @Test
    void putMetaAfterStartFailsWithASentence() {
        var pair = MemoryTransport.pair();
        toClose.add(DemoServer.server().serve(pair.server()));
        AtomicReference<ObservedRequest> kept = new AtomicReference<>();
        McpClient client = McpClient.builder(pair.client()).observer(request -> {
            kept.set(request);
            return RequestObserver.Completion.NONE;
        }).connect();
        toClose.add(client);
        client.listTools(); // any request (ping is gone at 2026-07-28, which this server speaks)

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> kept.get().putMeta("late", "x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("putMeta is allowed only while RequestObserver.start runs");
    }

    @Test
    void aRequestRetriedAfterSessionExpiryIsObservedOnceAndCarriesItsMetaOnEveryAttempt() {
        List<JsonNode> served = new CopyOnWriteArrayList<>();
        McpServer demo = McpServer.builder().name("meta").observer(request -> {
            if (request.method().equals("tools/call")) {
                served.add(request.params().path("_meta"));
            }
            return ServerRequestObserver.Completion.NONE;
        }).tool(io.mcphost.protocol.tools.Tool.of("t", "t", CODEC.newObject().put("type", "object")),
                call -> io.mcphost.protocol.tools.CallToolResult.text("ok")).build();
        StreamableHttpServer server = StreamableHttpServer.builder(demo).start();
        toClose.add(server);
        List<String> observed = new CopyOnWriteArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        // Legacy: session expiry and the re-handshake that recovers it exist only there.
        McpClient client = McpClient.builder(HttpTransport.builder(server.endpoint()).build()).era(Era.LEGACY)
                .requestTimeout(Duration.ofSeconds(10)).observer(request -> {
                    observed.add(request.method());
                    request.putMeta("traceparent", "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01");
                    return (result, failure) -> {
                        if (failure != null) {
                            failures.add(failure);
                        }
                    };
                }).connect();
        toClose.add(client);

        client.callTool("t", CODEC.newObject());
        server.expireAllSessions();
        client.callTool("t", CODEC.newObject());

        assertThat(observed.stream().filter("tools/call"::equals)).hasSize(2);
        // the re-handshake is observed too, which shows the second call went through session recovery
        assertThat(observed.stream().filter("initialize"::equals)).hasSize(2);
        assertThat(failures).isEmpty();
        assertThat(served).hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(meta -> assertThat(meta.path("traceparent").asString()).startsWith("00-0af7651916cd43dd"));
    }

    @Test
    void onAModernServerTheObserversMetaTravelsBesideTheProtocolMetaOfEveryRequest() {
        List<JsonNode> served = new CopyOnWriteArrayList<>();
        McpServer demo = McpServer.builder().name("meta").observer(request -> {
            if (request.method().equals("tools/call")) {
                served.add(request.params().path("_meta"));
            }
            return ServerRequestObserver.Completion.NONE;
        }).tool(io.mcphost.protocol.tools.Tool.of("t", "t", CODEC.newObject().put("type", "object")),
                call -> io.mcphost.protocol.tools.CallToolResult.text("ok")).build();
        StreamableHttpServer server = StreamableHttpServer.builder(demo).start();
        toClose.add(server);
        List<String> observed = new CopyOnWriteArrayList<>();
        McpClient client = McpClient.builder(HttpTransport.builder(server.endpoint()).build()).era(Era.MODERN)
                .requestTimeout(Duration.ofSeconds(10)).observer(request -> {
                    observed.add(request.method());
                    request.putMeta("traceparent", "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01");
                    return RequestObserver.Completion.NONE;
                }).connect();
        toClose.add(client);

        client.callTool("t", CODEC.newObject());
        client.callTool("t", CODEC.newObject());

        assertThat(observed).doesNotContain("initialize"); // stateless: no handshake to observe
        assertThat(observed.stream().filter("tools/call"::equals)).hasSize(2);
        assertThat(served).hasSize(2).allSatisfy(meta -> {
            assertThat(meta.path("traceparent").asString()).startsWith("00-0af7651916cd43dd");
            assertThat(meta.path("io.modelcontextprotocol/protocolVersion").asString()).isEqualTo("2026-07-28");
        });
    }
}
