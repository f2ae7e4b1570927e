package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;



import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Per-call log listeners ({@link CallOptions.Builder#onLog}): a server's log message reaches the
 * listener of the call it belongs to, never another caller's, at the call's level, before the call
 * completes; one no call can be named for reaches only the client-wide listener. Real servers (the
 * server toolkit over Streamable HTTP and in memory), in both eras; concurrent calls log while both
 * are in flight (a latch in the tool holds each until the other has logged too).
 */
@Timeout(60)
class PerCallLogTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final JsonNode ANY = CODEC.mapper().readTree("{\"type\":\"object\"}");
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<AutoCloseable> toClose = new ArrayList<>();
    /** What the client-wide listener heard. */
    private final List<String> clientWide = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /**
     * A tool that logs at debug, info and warning naming its caller ({@code who}); with
     * {@code callers} > 1 it logs the warning only once every caller has logged its info, and answers
     * only once every caller has logged its warning.
     */
    private static McpServer server(int callers) {
        CountDownLatch allLogged = new CountDownLatch(callers);
        CountDownLatch allWarned = new CountDownLatch(callers);
        return McpServer.builder().name("chatty").version("1")
                .tool(Tool.of("chat", "Logs naming the caller", ANY), call -> {
                    String who = call.arguments().path("who").asString();
                    call.log(LoggingLevel.DEBUG, "debug for " + who);
                    call.log(LoggingLevel.INFO, "info for " + who);
                    allLogged.countDown();
                    if (!allLogged.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the other caller never logged");
                    }
                    call.log(LoggingLevel.WARNING, "warning for " + who);
                    allWarned.countDown(); // no call answers before every warning is out: all come while all are in flight
                    if (!allWarned.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the other caller never warned");
                    }
                    return CallToolResult.text("done for " + who);
                })
                .build();
    }

    private McpClient connect(String transport, Era era, McpServer server) {
        McpClientBuilder builder = ServedBy.builder(transport, server, "chatty", toClose);
        McpClient client = builder.name("chatty").era(era).requestTimeout(WAIT)
                .onLog(message -> clientWide.add(text(message)))
                .connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(era);
        return client;
    }

    private static String text(LoggingMessageNotificationParams message) {
        return message.data().asString();
    }

    private static CompletableFuture<CallToolResult> chat(McpClient client, String who, LoggingLevel level, List<String> heard) {
        CallOptions options = CallOptions.builder().onLog(level, m -> heard.add(m.level() + " " + text(m) + " @" + m.logger().orElse("")))
                .build();
        return client.callToolAsync("chat", CODEC.newObject().put("who", who), options);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"http, LEGACY", "http, MODERN"})
    void concurrentCallsEachHearOnlyTheirOwnLogOverStreamableHttp(String transport, Era era) throws Exception {
        McpClient client = connect(transport, era, server(2));
        List<String> heardA = Collections.synchronizedList(new ArrayList<>());
        List<String> heardB = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<CallToolResult> a = chat(client, "a", LoggingLevel.INFO, heardA);
        CompletableFuture<CallToolResult> b = chat(client, "b", LoggingLevel.INFO, heardB);
        a.get(30, TimeUnit.SECONDS);
        b.get(30, TimeUnit.SECONDS);

        // Read as soon as each call completed: its messages came before its answer.
        assertThat(heardA).containsExactly("INFO info for a @chat", "WARNING warning for a @chat");
        assertThat(heardB).containsExactly("INFO info for b @chat", "WARNING warning for b @chat");
        assertThat(clientWide).contains("info for a", "warning for a", "info for b", "warning for b");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"LEGACY", "MODERN"})
    void theOneCallInFlightHearsItsLogAtItsLevelInMemory(Era era) throws Exception {
        McpClient client = connect("memory", era, server(1));
        List<String> heard = Collections.synchronizedList(new ArrayList<>());

        chat(client, "solo", LoggingLevel.WARNING, heard).get(30, TimeUnit.SECONDS);

        assertThat(heard).containsExactly("WARNING warning for solo @chat");
        if (era == Era.LEGACY) {
            // The session's level is the server's default (info): the client-wide listener hears more than the call wants.
            assertThat(clientWide).containsExactly("info for solo", "warning for solo");
        } else {
            // 2026-07-28: the request asked for warning and up, so that is all the server sent.
            assertThat(clientWide).containsExactly("warning for solo");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"LEGACY", "MODERN"})
    void theRequestsOwnLevelReachesADebugListener(Era era) throws Exception {
        McpClient client = connect("memory", era, server(1));
        List<String> heard = Collections.synchronizedList(new ArrayList<>());

        chat(client, "verbose", LoggingLevel.DEBUG, heard).get(30, TimeUnit.SECONDS);

        if (era == Era.LEGACY) {
            // No logging/setLevel was sent: the server logs at its default (info), whatever one call wants.
            assertThat(heard).containsExactly("INFO info for verbose @chat", "WARNING warning for verbose @chat");
        } else {
            assertThat(heard).containsExactly("DEBUG debug for verbose @chat", "INFO info for verbose @chat",
                    "WARNING warning for verbose @chat");
        }
    }

    @Test
    void twoCallsInFlightWhereTheWireCannotTellGoToTheClientWideListenerOnly() throws Exception {
        McpClient client = connect("memory", Era.LEGACY, server(2));
        List<String> heardA = Collections.synchronizedList(new ArrayList<>());
        List<String> heardB = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<CallToolResult> a = chat(client, "a", LoggingLevel.INFO, heardA);
        CompletableFuture<CallToolResult> b = chat(client, "b", LoggingLevel.INFO, heardB);
        a.get(30, TimeUnit.SECONDS);
        b.get(30, TimeUnit.SECONDS);

        // The warnings come while both calls are in flight: they could be anyone's, so they are no call's.
        assertThat(heardA).doesNotContain("WARNING warning for a @chat", "WARNING warning for b @chat");
        assertThat(heardB).doesNotContain("WARNING warning for a @chat", "WARNING warning for b @chat");
        assertThat(heardA).noneMatch(line -> line.contains(" for b "));
        assertThat(heardB).noneMatch(line -> line.contains(" for a "));
        // No call's listener is queued behind them, so the answers do not wait for them: the client-wide listener hears them soon.
        io.mcphost.testkit.Await.until(Duration.ofSeconds(10),
                () -> clientWide.contains("warning for a") && clientWide.contains("warning for b"), "both warnings, client-wide");
    }
}
