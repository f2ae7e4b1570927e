package io.mcphost.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * More callers than the HTTP client keeps requests in flight (64 per transport): every call is
 * answered with its own answer, those that waited for a slot included (they are sent without a thread
 * waiting for their answers, as the others), and the server sees 64 at once, never more. A real
 * toolkit server and a real client of each era.
 */
@Timeout(60)
class ClientBurstTest {
    private static final int CALLERS = 200;
    private static final int CLIENT_BOUND = 64;

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void callersBeyondTheClientsBoundAllGetTheirOwnAnswers(Era era) throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        // The first calls wait until the client's whole bound is in flight (a 2026-07-28 client's
        // subscriptions/listen stream holds no slot, as the handshake era's GET stream): with all callers at
        // once, the rest queue for a slot. Waiting is bounded so that a client holding fewer fails the
        // assertion below instead of hanging.
        CountDownLatch full = new CountDownLatch(CLIENT_BOUND);
        McpServer server = McpServer.builder().name("burst").version("1")
                .tool(Tool.of("hold", "Answers its n once half the client's bound is in flight", Json.parse("{\"type\":\"object\"}")),
                        call -> {
                            most.accumulateAndGet(running.incrementAndGet(), Math::max);
                            try {
                                full.countDown();
                                full.await(10, TimeUnit.SECONDS);
                                return CallToolResult.text("n=" + call.arguments().path("n").asInt(-1));
                            } finally {
                                running.decrementAndGet();
                            }
                        })
                .build();
        try (StreamableHttpServer http = StreamableHttpServer.builder(server).start();
             McpClient client = McpClient.builder(HttpTransport.builder(http.endpoint()).build()).name("burst").era(era)
                     .requestTimeout(Duration.ofSeconds(30)).connect();
             ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<String>> answers = new ArrayList<>();
            for (int n = 0; n < CALLERS; n++) {
                int mine = n;
                answers.add(callers.submit(() -> client.callTool("hold", Json.newObject().put("n", mine)).text()));
            }
            for (int n = 0; n < CALLERS; n++) {
                assertThat(answers.get(n).get()).as("caller %d", n).isEqualTo("n=" + n);
            }
        }
        assertThat(most.get()).as("requests in flight at the server at once").isEqualTo(CLIENT_BOUND);
    }
}
