package io.mcphost.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamableHttpServer#drain}: a replica leaving a load balancer's rotation stops accepting
 * connections at once and lets the calls it runs finish; a call that does not finish in time makes
 * the drain say so.
 */
class DrainTest {
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch started = new CountDownLatch(1);
    private StreamableHttpServer http;

    @AfterEach
    void close() {
        release.countDown();
        if (http != null) {
            http.close(Duration.ofSeconds(2));
        }
    }

    private StreamableHttpServer start() {
        McpServer server = McpServer.builder()
                .tool(Tool.of("wait", "waits until the test releases it", Json.parse("{\"type\":\"object\"}")), call -> {
                    started.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return CallToolResult.text("done");
                })
                .build();
        http = StreamableHttpServer.builder(server).port(0).start();
        return http;
    }

    @Test
    void aRunningCallFinishesWhileNewConnectionsAreRefused() throws Exception {
        start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        HttpResponse<InputStream> call = probe.postStreaming(HttpProbe.call(2, "tools/call", "{\"name\":\"wait\"}"));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> http.drain(Duration.ofSeconds(30)));
        HttpProbe.awaitUntil(() -> refusesConnections(http.endpoint().getPort()), "the endpoint to stop accepting");
        assertThat(drained).isNotDone(); // the call still runs

        release.countDown();
        try (SseReader events = new SseReader(call.body())) {
            assertThat(Json.parse(events.nextMessage().orElseThrow().data()).path("result").path("content").get(0)
                    .path("text").asString()).isEqualTo("done");
        }
        assertThat(drained.get(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> new Socket("127.0.0.1", http.endpoint().getPort()).close()).isInstanceOf(ConnectException.class);
    }

    @Test
    void aCallThatDoesNotFinishMakesTheDrainSaySo() throws Exception {
        start();
        HttpProbe probe = new HttpProbe(http.endpoint());
        probe.initialize();
        probe.postStreaming(HttpProbe.call(2, "tools/call", "{\"name\":\"wait\"}"));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(http.drain(Duration.ofMillis(200))).isFalse();
    }

    @Test
    void withNothingRunningTheDrainReturnsAtOnce() {
        start();
        new HttpProbe(http.endpoint()).initialize();

        assertThat(http.drain(Duration.ofSeconds(30))).isTrue();
    }

    private static boolean refusesConnections(int port) {
        try (Socket ignored = new Socket("127.0.0.1", port)) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
