package io.mcphost.transport.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class MemoryTransportTest {
    private static final Duration DEADLINE = Duration.ofSeconds(5);

    private static JsonRpcRequest request(long id) {
        var params = JsonCodec.get().newObject().put("n", (int) id); // int: JSON text decodes small numbers as int nodes
        return JsonRpcRequest.of(RequestId.of(id), "tools/call", params);
    }

    @Test
    void messagesArriveInOrderOnThePeersReaderThread() {
        var pair = MemoryTransport.pair();
        var server = new RecordingHandler();
        pair.server().start(server);
        pair.client().start(new RecordingHandler());
        List<JsonRpcMessage> sent = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            sent.add(request(i));
            pair.client().send(sent.getLast());
        }

        assertThat(server.awaitMessages(2_000, DEADLINE)).containsExactlyElementsOf(sent);
        assertThat(server.threads()).allMatch(name -> name.equals("mcphost-memory-reader-pair-server"));
        pair.client().close();
    }

    @Test
    void closingOneSideReportsANormalCloseThereAndPeerClosedOnTheOther() {
        var pair = MemoryTransport.pair();
        var client = new RecordingHandler();
        var server = new RecordingHandler();
        pair.client().start(client);
        pair.server().start(server);

        pair.client().close(Duration.ofSeconds(1));

        assertThat(client.awaitClosed(DEADLINE)).isEmpty();
        assertThat(server.awaitClosed(DEADLINE)).get()
                .isInstanceOf(McpTransportException.class)
                .extracting(Throwable::getMessage).asString().contains("peer closed");
    }

    @Test
    void sendingAfterCloseThrowsMcpClosedExceptionAndSendingToAClosedPeerThrowsMcpTransportException() {
        var pair = MemoryTransport.pair();
        var server = new RecordingHandler();
        pair.client().start(new RecordingHandler());
        pair.server().start(server);

        pair.client().close();
        server.awaitClosed(DEADLINE);

        assertThatThrownBy(() -> pair.client().send(request(1))).isInstanceOf(McpClosedException.class);
        assertThatThrownBy(() -> pair.server().send(request(1))).isInstanceOf(McpTransportException.class);
    }

    @Test
    void onClosedIsCalledExactlyOnceWhateverIsClosedHowOften() throws Exception {
        var pair = MemoryTransport.pair();
        var client = new RecordingHandler();
        var server = new RecordingHandler();
        pair.client().start(client);
        pair.server().start(server);

        var closers = new ArrayList<CompletableFuture<Void>>();
        for (int i = 0; i < 8; i++) {
            var side = i % 2 == 0 ? pair.client() : pair.server();
            closers.add(CompletableFuture.runAsync(side::close));
        }
        CompletableFuture.allOf(closers.toArray(CompletableFuture[]::new)).get();

        client.awaitClosed(DEADLINE);
        server.awaitClosed(DEADLINE);
        assertThat(client.closedCalls()).isEqualTo(1);
        assertThat(server.closedCalls()).isEqualTo(1);
    }

    @Test
    void messagesQueuedBeforeTheSenderClosesStillArriveBeforePeerClosed() {
        var pair = MemoryTransport.pair();
        pair.client().start(new RecordingHandler());
        for (int i = 0; i < 10; i++) {
            pair.client().send(request(i));
        }
        pair.client().close();

        var server = new RecordingHandler();
        pair.server().start(server);

        assertThat(server.awaitClosed(DEADLINE)).isPresent();
        assertThat(server.messages()).hasSize(10);
    }

    @Test
    void sendBlocksWhileThePeersQueueIsFull() throws Exception {
        var pair = MemoryTransport.builder().queueCapacity(2).pair();
        pair.client().start(new RecordingHandler());
        pair.client().send(request(1));
        pair.client().send(request(2));

        var third = new CompletableFuture<Void>();
        Thread sender = Thread.ofVirtual().start(() -> {
            pair.client().send(request(3));
            third.complete(null);
        });
        Await.until(DEADLINE, () -> sender.getState() == Thread.State.WAITING, "the third send to block");
        assertThat(third).isNotDone();

        var server = new RecordingHandler();
        pair.server().start(server);

        third.get(DEADLINE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        assertThat(server.awaitMessages(3, DEADLINE)).extracting(m -> ((JsonRpcRequest) m).id())
                .containsExactly(RequestId.of(1), RequestId.of(2), RequestId.of(3));
        pair.client().close();
    }

    @Test
    void messagesPassThroughTheCodecUnlessTurnedOff() {
        var coded = MemoryTransport.pair();
        var plain = MemoryTransport.builder().roundTripThroughCodec(false).pair();
        var codedServer = new RecordingHandler();
        var plainServer = new RecordingHandler();
        coded.server().start(codedServer);
        plain.server().start(plainServer);
        var message = JsonRpcNotification.of("notifications/progress", JsonCodec.get().newObject().put("progress", 1));

        coded.client().send(message);
        plain.client().send(message);

        assertThat(codedServer.awaitMessages(1, DEADLINE).getFirst()).isEqualTo(message).isNotSameAs(message);
        assertThat(plainServer.awaitMessages(1, DEADLINE).getFirst()).isSameAs(message);
        coded.client().close();
        plain.client().close();
    }

    @Test
    void closeCalledFromInsideTheHandlerDoesNotDeadlock() {
        var pair = MemoryTransport.pair();
        var closedFromHandler = new CompletableFuture<Void>();
        var server = pair.server();
        server.start(new io.mcphost.transport.InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                server.close(Duration.ofSeconds(1));
            }

            @Override
            public void onClosed(McpTransportException cause) {
                closedFromHandler.complete(null);
            }
        });
        pair.client().start(new RecordingHandler());

        pair.client().send(request(1));

        assertThat(closedFromHandler).succeedsWithin(DEADLINE);
    }
}
