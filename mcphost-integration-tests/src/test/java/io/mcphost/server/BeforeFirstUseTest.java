package io.mcphost.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link McpServer.Builder#beforeFirstUse}: the preparation runs once, before the first request
 * reads the offer, and requests that come meanwhile wait for it and see what it prepared; one that
 * fails leaves the offer as it stood. Clients of both eras over the in-memory transport.
 */
@Timeout(60)
class BeforeFirstUseTest {
    private static final Tool LATE = Tool.of("late", "Offered by the preparation", Json.parse("{\"type\":\"object\"}"));

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient client(McpServer server, Era era) {
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).name("first-use").era(era).requestTimeout(Duration.ofSeconds(20)).build();
        toClose.add(client);
        return client;
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void runsOnceBeforeTheFirstReaderAndConcurrentRequestsWaitForIt(Era era) throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<McpServer> self = new AtomicReference<>();
        McpServer server = McpServer.builder().name("lazy").version("1").changingOffer()
                .beforeFirstUse(() -> {
                    runs.incrementAndGet();
                    entered.countDown();
                    try {
                        release.await(20, TimeUnit.SECONDS); // held, so the other clients come while it runs
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    self.get().offer(ServerOffer.builder().tool(LATE, call -> CallToolResult.text("prepared")).build());
                })
                .build();
        self.set(server);
        List<CompletableFuture<List<String>>> lists = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            McpClient client = client(server, era);
            lists.add(CompletableFuture.supplyAsync(() -> {
                client.connect();
                return client.listTools().stream().map(Tool::name).toList();
            }));
        }
        assertThat(entered.await(20, TimeUnit.SECONDS)).as("the first request started the preparation").isTrue();
        assertThat(lists).as("nobody has an answer while it runs").noneMatch(CompletableFuture::isDone);
        release.countDown();
        for (CompletableFuture<List<String>> listed : lists) {
            assertThat(listed.get(20, TimeUnit.SECONDS)).containsExactly("late");
        }
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void aFailedPreparationLeavesTheOfferAsItStoodAndIsNotRetried() {
        AtomicInteger runs = new AtomicInteger();
        McpServer server = McpServer.builder().name("lazy").version("1")
                .tool(Tool.of("early", "Registered at build", Json.parse("{\"type\":\"object\"}")), call -> CallToolResult.text("early"))
                .beforeFirstUse(() -> {
                    runs.incrementAndGet();
                    throw new IllegalStateException("the upstreams could not start");
                })
                .build();
        McpClient client = client(server, Era.LEGACY);
        client.connect();
        assertThat(client.listTools()).extracting(Tool::name).containsExactly("early");
        assertThat(client.callTool("early", Json.newObject()).text()).isEqualTo("early");
        assertThat(runs.get()).isEqualTo(1);
    }
}
