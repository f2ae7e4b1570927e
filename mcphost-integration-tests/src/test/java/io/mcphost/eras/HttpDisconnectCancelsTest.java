package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Spec 2026-07-28 (cancellation, Streamable HTTP): the server must treat a client disconnect as the
 * cancellation of that request. The toolkit notices it also while the answer would be plain JSON
 * and nothing has been written; under the handshake revisions the client's notifications/cancelled
 * does the same.
 */
// Its tests mostly wait: each runs beside the others (@Execution on each, junit-platform.properties), and
// the class still ends before the next class starts, so no other class's leak counts see its processes.
class HttpDisconnectCancelsTest {
    @ParameterizedTest
    @Execution(ExecutionMode.CONCURRENT)
    @EnumSource(names = {"LEGACY", "MODERN"})
    void aCancelledCallStopsItsHandler(Era era) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        McpServer server = McpServer.builder()
                .tool(Tool.of("wait", "Waits until cancelled", Json.parse("{\"type\":\"object\"}")), call -> {
                    started.countDown();
                    while (!call.isCancelled()) {
                        Thread.sleep(5);
                    }
                    stopped.countDown();
                    return CallToolResult.text("stopped");
                }).build();
        try (StreamableHttpServer http = StreamableHttpServer.builder(server).port(0).start();
             McpClient client = McpClient.builder(HttpTransport.builder(http.endpoint()).build()).era(era)
                     .requestTimeout(Duration.ofSeconds(30)).connect()) {
            CompletableFuture<CallToolResult> call = client.callToolAsync("wait", Json.newObject());
            assertThat(started.await(10, TimeUnit.SECONDS)).as("the handler started").isTrue();
            call.cancel(true);
            assertThat(stopped.await(40, TimeUnit.SECONDS)).as("the handler saw its cancellation").isTrue();
        }
    }
}
