package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the client logs when the {@code notifications/cancelled} of a timed-out call cannot be written:
 * nothing worth a warning when the application closed the client right after the timeout (closing ends
 * the request at the server anyway), a warning when the write failed on an open connection (the server
 * may go on working).
 */
@Timeout(30)
class CancellationNoticeLogTest {
    private static final Duration TIMEOUT = Duration.ofMillis(200);
    private static final String NOT_SENT = "could not send notifications/cancelled";

    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream original;

    @BeforeEach
    void captureStderr() {
        original = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(original);
    }

    private String log() {
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** slow_task: one step of 2 s, longer than the call's timeout. */
    private static ObjectNode slow() {
        return JsonCodec.get().newObject().put("steps", 1).put("delayMs", 2_000);
    }

    @Test
    void aCancellationTheOpenConnectionFailsToWriteIsAWarningNamingTheRequestAndWhy() throws Exception {
        var pair = MemoryTransport.pair();
        try (AutoCloseable served = DemoServer.server().serve(pair.server());
             McpClient client = McpClient.builder(new RefusingCancellations(pair.client())).name("demo").connect()) {
            assertThatThrownBy(() -> client.callTool("slow_task", slow(), CallOptions.timeout(TIMEOUT)))
                    .isInstanceOf(McpTimeoutException.class);

            Await.until(Duration.ofSeconds(5), () -> log().contains(NOT_SENT), "the warning");
            assertThat(log()).contains("WARN").contains("server 'demo'").contains("the pipe broke")
                    .contains("timed out");
        }
    }

    @Test
    void closingTheClientRightAfterATimeoutWarnsOfNothing() throws Exception {
        var pair = MemoryTransport.pair();
        try (AutoCloseable served = DemoServer.server().serve(pair.server())) {
            McpClient client = McpClient.builder(pair.client()).name("demo").connect();
            assertThatThrownBy(() -> client.callTool("slow_task", slow(), CallOptions.timeout(TIMEOUT)))
                    .isInstanceOf(McpTimeoutException.class);
            client.close(); // at once, as a CLI does: the cancellation may not be written any more
        }
        assertThat(log()).doesNotContain(NOT_SENT).doesNotContain("WARN");
    }

    @Test
    void aCancellationStillBeingWrittenWhenTheClientClosesLeavesBeforeTheConnectionCloses() throws Exception {
        var pair = MemoryTransport.pair();
        HoldingCancellations held = new HoldingCancellations(pair.client());
        try (AutoCloseable served = DemoServer.server().serve(pair.server())) {
            McpClient client = McpClient.builder(held).name("demo").connect();
            var call = client.callToolAsync("slow_task", slow());
            Await.until(Duration.ofSeconds(5), () -> held.events.contains("call sent"), "the call to go out");
            call.cancel(true); // the caller waits a moment for the notification, then goes on: it is still held

            Thread closing = Thread.ofVirtual().start(client::close); // as a CLI does after Ctrl-C
            Thread.sleep(300); // without waiting for the writer, the close would have reached the connection by now
            held.release.countDown();
            closing.join(Duration.ofSeconds(10));

            assertThat(held.events).containsExactly("call sent", "cancelled sent", "closed");
        }
        assertThat(log()).doesNotContain(NOT_SENT);
    }

    /** The client's end of a connection that holds each notifications/cancelled until released, and records the order. */
    private static final class HoldingCancellations extends ForwardingTransport {
        final java.util.List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

        HoldingCancellations(Transport delegate) {
            super(delegate);
        }

        @Override
        public void send(JsonRpcMessage message, java.util.Map<String, String> headers) {
            if (message instanceof JsonRpcNotification n && n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED)) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.send(message, headers);
                events.add("cancelled sent");
                return;
            }
            super.send(message, headers);
            if (message instanceof io.mcphost.protocol.JsonRpcRequest r && r.method().equals("tools/call")) {
                events.add("call sent");
            }
        }

        @Override
        public void close(Duration budget) {
            events.add("closed");
            super.close(budget);
        }
    }

    /** The client's end of a connection whose writes of notifications/cancelled fail, as on a broken pipe. */
    private static final class RefusingCancellations extends ForwardingTransport {
        RefusingCancellations(Transport delegate) {
            super(delegate);
        }

        @Override
        public void send(JsonRpcMessage message, java.util.Map<String, String> headers) {
            if (message instanceof JsonRpcNotification n && n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED)) {
                throw new McpTransportException(null, "the pipe broke");
            }
            super.send(message, headers);
        }
    }
}
