package io.mcphost.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A prompt's and a resource reader's log messages ({@link ClientLog}) reach the client that made the
 * request, under the same rules as a tool call's: the session's level (handshake revisions, set with
 * logging/setLevel) or the request's (2026-07-28, named in its _meta). A real client over the in-memory pair.
 */
@Timeout(20)
class RequestLogTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();
    /** Every log notification that reached the client, whichever call it belongs to. */
    private final List<String> wire = new CopyOnWriteArrayList<>();

    private final McpServer server = McpServer.builder().name("logging").version("1")
            .prompt(Prompt.of("chatty", "Logs while it renders"), (InteractivePromptHandler) (arguments, input) -> {
                logTwice(input, "prompt");
                return GetPromptResult.of("chatty", PromptMessage.user("hello"));
            })
            .prompt(Prompt.of("plain", "A handler without a channel"), arguments ->
                    GetPromptResult.of("plain", PromptMessage.user("plain")))
            .resource(Resource.of("note://chatty", "chatty", "Logs while it is read", "text/plain"),
                    (InteractiveResourceReader) (uri, input) -> {
                        logTwice(input, "resource");
                        return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "read"));
                    })
            .resourceTemplate(ResourceTemplate.of("note://items/{id}", "item", "Logs too", "text/plain"),
                    (InteractiveResourceReader) (uri, input) -> {
                        input.log(LoggingLevel.INFO, "item " + uri);
                        return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "item"));
                    })
            .resourceTemplate(ResourceTemplate.of("note://ask/{id}", "ask", "Asks for a name first", "text/plain"),
                    (InteractiveResourceReader) (uri, input) -> {
                        // Logs only after its question: under 2026-07-28 everything before it runs once per round.
                        ElicitResult answer = input.elicit(ElicitRequestFormParams.of("your name?", Json.parse(
                                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(10));
                        String name = answer.content().map(c -> c.path("name").asString("")).orElse("nobody");
                        input.log(LoggingLevel.INFO, "read for " + name);
                        return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "for " + name));
                    })
            .resource(Resource.of("note://plain", "plain", "A reader without a channel", "text/plain"),
                    uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "plain")))
            .build();

    /** One message at info, one at debug (an object, so the data's shape is checked too). */
    private static void logTwice(ClientLog log, String what) {
        log.log(LoggingLevel.INFO, what + " at info");
        log.log(LoggingLevel.DEBUG, Json.newObject().put("debug", what));
    }

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient client(Era era) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).name("test").era(era).requestTimeout(Duration.ofSeconds(10))
                .onLog(m -> wire.add(describe(m))).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    private static String describe(LoggingMessageNotificationParams m) {
        return m.level() + " " + m.logger().orElse("-") + " " + m.data();
    }

    /**
     * In the handshake era the level is the session's (logging/setLevel); under 2026-07-28 the request
     * names it (the call's onLog level). The call's own listener hears what the wire carried.
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, INFO", "LEGACY, DEBUG", "MODERN, INFO", "MODERN, DEBUG"})
    void promptAndResourceLogsReachTheClientAtItsLevel(Era era, LoggingLevel level) {
        McpClient client = client(era);
        LoggingLevel asked = level;
        if (era == Era.LEGACY) {
            client.setLoggingLevel(level);
            asked = LoggingLevel.DEBUG; // the listener takes all; the server's filter is what is tested
        }
        List<String> heard = new CopyOnWriteArrayList<>();
        CallOptions options = CallOptions.builder().onLog(asked, m -> heard.add(describe(m))).build();

        assertThat(client.getPrompt("chatty", Map.of(), options).description()).contains("chatty");
        assertThat(client.readResource("note://chatty", options).contents()).hasSize(1);
        assertThat(client.readResource("note://items/7", options).contents()).hasSize(1);

        List<String> expected = level == LoggingLevel.DEBUG
                ? List.of("INFO chatty \"prompt at info\"", "DEBUG chatty {\"debug\":\"prompt\"}",
                        "INFO note://chatty \"resource at info\"", "DEBUG note://chatty {\"debug\":\"resource\"}",
                        "INFO note://items/7 \"item note://items/7\"")
                : List.of("INFO chatty \"prompt at info\"", "INFO note://chatty \"resource at info\"",
                        "INFO note://items/7 \"item note://items/7\"");
        // A call's log listener has heard its messages before the call completes; the client-wide one runs on its own.
        assertThat(heard).containsExactlyElementsOf(expected);
        awaitUntil(() -> wire.size() >= expected.size());
        assertThat(wire).containsExactlyElementsOf(expected);
    }

    /** Spec (2026-07-28, logging): no notifications/message for a request whose _meta names no level. */
    @Test
    void aModernRequestThatNamesNoLevelGetsNoLog() {
        McpClient client = client(Era.MODERN);

        client.getPrompt("chatty", Map.of());
        client.readResource("note://chatty");
        // A request that names a level, after them: its message arriving shows the earlier ones would have too.
        client.readResource("note://items/1", CallOptions.builder().onLog(LoggingLevel.INFO, m -> { }).build());

        awaitUntil(() -> !wire.isEmpty());
        assertThat(wire).containsExactly("INFO note://items/1 \"item note://items/1\"");
    }

    /** Waits (at most 5 s) for what the client's notification thread delivers; the client receives in order. */
    private static void awaitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the client did not receive the log messages in 5 s");
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    /**
     * An interactive reader asks the client (a server-to-client request in the handshake era, an
     * input round under 2026-07-28) and logs, like a tool.
     */
    @ParameterizedTest
    @CsvSource({"LEGACY", "MODERN"})
    void anInteractiveReaderAsksTheClientAndLogs(Era era) {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).name("test").era(era).requestTimeout(Duration.ofSeconds(10))
                .elicitation(ElicitationHandler.blocking(request -> ElicitResult.accept(Json.newObject().put("name", "Ada"))))
                .build();
        client.connect();
        toClose.add(client);
        List<String> heard = new CopyOnWriteArrayList<>();

        ReadResourceResult read = client.readResource("note://ask/1",
                CallOptions.builder().onLog(LoggingLevel.INFO, m -> heard.add(describe(m))).build());

        assertThat(read.contents().getFirst()).isInstanceOfSatisfying(TextResourceContents.class,
                c -> assertThat(c.text()).isEqualTo("for Ada"));
        assertThat(heard).containsExactly("INFO note://ask/1 \"read for Ada\"");
    }

    /** The handler types without a channel keep working beside the interactive ones. */
    @Test
    void plainPromptAndResourceHandlersStillServe() {
        McpClient client = client(Era.LEGACY);

        assertThat(client.getPrompt("plain", Map.of()).description()).contains("plain");
        assertThat(client.readResource("note://plain").contents().getFirst()).isInstanceOfSatisfying(
                TextResourceContents.class, c -> assertThat(c.text()).isEqualTo("plain"));
    }
}
