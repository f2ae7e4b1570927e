package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import io.mcphost.transport.InboundHandler;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Newline-delimited JSON in both directions, over a real child process or plain streams. */
class StdioFramingTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private static StdioTransport started(List<String> command, String name, InboundHandler handler) {
        StdioTransport transport = StdioTransport.builder(command).name(name).build();
        transport.start(handler);
        return transport;
    }

    private static boolean hasNotification(RecordingHandler handler, String data) {
        return handler.messages().stream().anyMatch(m -> m instanceof JsonRpcNotification n
                && n.params().map(p -> p.path("data").asString("")).orElse("").equals(data));
    }

    @Test
    void anEchoServerAnswersEachRequestWithItsOwnId() {
        var handler = new RecordingHandler();
        try (var transport = started(Fixtures.java(EchoServer.class), "echo", handler)) {
            for (int i = 0; i < 50; i++) {
                transport.send(JsonRpcRequest.of(RequestId.of(i), "echo", JsonCodec.get().newObject().put("i", i)));
            }

            var answers = handler.awaitMessages(50, DEADLINE);
            for (int i = 0; i < 50; i++) {
                var response = (JsonRpcResponse) answers.get(i);
                assertThat(response.id()).isEqualTo(RequestId.of(i));
                assertThat(response.result().path("i").asInt()).isEqualTo(i);
            }
        }
    }

    @Test
    void junkAndEmptyLinesAreSkippedAndTheConnectionSurvives() {
        var handler = new RecordingHandler();
        try (var transport = started(Fixtures.bash("junk-then-message.sh"), "junk", handler)) {
            Await.until(DEADLINE, () -> hasNotification(handler, "still here"), "the message after the junk");

            assertThat(handler.messages()).hasSize(1);
            assertThat(handler.isClosed()).isFalse();
        }
    }

    @Test
    void aLineOverMaxMessageBytesIsSkippedAndTheNextMessageArrives() {
        var handler = new RecordingHandler();
        try (var transport = started(Fixtures.bash("oversized-then-message.sh"), "oversized", handler)) {
            Await.until(DEADLINE, () -> hasNotification(handler, "after the big one"), "the message after the 17 MB line");

            assertThat(handler.messages()).hasSize(1);
            assertThat(handler.isClosed()).isFalse();
        }
    }

    @Test
    void aBatchLineYieldsEachOfItsMessagesInOrder() {
        var handler = new RecordingHandler();
        try (var transport = started(Fixtures.bash("writes-batch.sh"), "batch", handler)) {
            assertThat(handler.awaitMessages(2, DEADLINE)).extracting(m -> ((JsonRpcNotification) m).method())
                    .containsExactly("notifications/a", "notifications/b");
        }
    }

    @Test
    void thousandsOfConcurrentSendersNeverInterleaveTheirLines() {
        var handler = new RecordingHandler();
        int count = 5_000;
        try (var transport = started(List.of("cat"), "cat", handler)) {
            try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < count; i++) {
                    int id = i;
                    // Lengths vary up to ~6 KB so some writes cross the pipe's buffer boundaries.
                    threads.submit(() -> transport.send(JsonRpcRequest.of(RequestId.of(id), "echo/" + "x".repeat(id % 6_000), null)));
                }
            }
            // cat echoes every line back; a torn line would be skipped as junk and the count would fall short.
            handler.awaitMessages(count, DEADLINE);

            Set<RequestId> ids = new HashSet<>();
            handler.messages().forEach(m -> ids.add(((JsonRpcRequest) m).id()));
            assertThat(ids).hasSize(count);
        }
    }

    @Test
    void aHandlerThatThrowsDoesNotEndTheConnection() {
        var delivered = new AtomicInteger();
        var handler = new RecordingHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                if (delivered.incrementAndGet() == 1) {
                    throw new IllegalStateException("handler bug");
                }
                super.onMessage(message);
            }
        };
        try (var transport = started(List.of("cat"), "cat", handler)) {
            transport.send(JsonRpcNotification.of("first", null));
            transport.send(JsonRpcNotification.of("second", null));

            assertThat(handler.awaitMessages(1, DEADLINE)).extracting(m -> ((JsonRpcNotification) m).method())
                    .containsExactly("second");
            assertThat(handler.isClosed()).isFalse();
        }
    }

    @Test
    void overStreamsUsesTheSameFramingAndReportsTheEndOfInput() throws Exception {
        var toTransport = new PipedOutputStream();
        var transportIn = new PipedInputStream(toTransport, 64 * 1024);
        var written = new ByteArrayOutputStream();
        var handler = new RecordingHandler();
        var transport = StdioTransport.overStreams("self", transportIn, written);
        transport.start(handler);

        toTransport.write("junk\n{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8));
        toTransport.flush();
        transport.send(JsonRpcNotification.of("pong", null));
        handler.awaitMessages(1, DEADLINE);
        toTransport.close();

        assertThat(handler.messages()).containsExactly(JsonRpcNotification.of("ping", null));
        assertThat(written.toString(StandardCharsets.UTF_8)).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"pong\"}\n");
        assertThat(handler.awaitClosed(DEADLINE)).get().isInstanceOf(McpTransportException.class)
                .extracting(Throwable::getMessage).asString().contains("server 'self'", "input ended");
        transport.close();
        assertThat(handler.closedCalls()).isEqualTo(1);
    }
}
