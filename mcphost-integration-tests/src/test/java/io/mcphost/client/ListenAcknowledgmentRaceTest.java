package io.mcphost.client;

import io.mcphost.protocol.Era;
import static io.mcphost.server.Fixtures.fullServer;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.server.McpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The race behind the once-flaky modern {@link ResourceSubscriptionsTest}, made deterministic. A
 * modern client opens a {@code subscriptions/listen} stream (list changes) right after connecting;
 * subscribing to a resource replaces it by a second stream. When the first stream's acknowledgment
 * reached the client while the second was being opened, it passed the "is this the current stream?"
 * check (the second one's id was not yet known) and then completed the second stream's
 * acknowledgment: the subscription reported itself ready before the server had seen it, and an update
 * published at once was lost.
 */
@Timeout(30)
class ListenAcknowledgmentRaceTest {
    private static final String README = "test://readme";

    @Test
    void theReplacedStreamsAcknowledgmentDoesNotAcknowledgeItsReplacement() throws Exception {
        McpServer server = fullServer().build();
        var pair = MemoryTransport.pair();
        // The server sees the second listen request only when the test lets it.
        AtomicInteger listensAtServer = new AtomicInteger();
        Holding toServer = new Holding(pair.server(), m -> m instanceof JsonRpcRequest r
                && r.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN) && listensAtServer.incrementAndGet() == 2);
        // The client hears the first stream's acknowledgment only when the test lets it.
        Holding toClient = new Holding(pair.client(), m -> m instanceof JsonRpcNotification n
                && n.method().equals(ModernMethods.NOTIFICATIONS_SUBSCRIPTIONS_ACKNOWLEDGED));
        AtomicInteger listens = new AtomicInteger();
        AtomicReference<Thread> lateAck = new AtomicReference<>();
        // The observer runs on the subscribing thread inside the client, after the replacement began and
        // before its id is known: the moment to hand the client the old acknowledgment, on a thread of
        // its own, and to go on once that thread has passed the check and waits for the client's lock.
        // (Blocking here breaks the observer contract; this is a test of that very window.)
        RequestObserver observer = request -> {
            if (request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN) && listens.incrementAndGet() == 2) {
                Thread t = Thread.ofPlatform().name("late-ack").start(toClient::release);
                lateAck.set(t);
                Await.until(Duration.ofSeconds(5), () -> t.getState() == Thread.State.WAITING
                        || t.getState() == Thread.State.TERMINATED, "the late acknowledgment waiting for the client");
            }
            return RequestObserver.Completion.NONE;
        };
        try (AutoCloseable served = server.serve(toServer);
             McpClient client = McpClient.builder(toClient).name("test").era(Era.MODERN).observer(observer).connect()) {
            Await.until(Duration.ofSeconds(5), toClient::holding, "the first stream's acknowledgment");
            List<String> updates = new CopyOnWriteArrayList<>();

            CompletableFuture<ResourceSubscription> subscribed = client.subscribeResourceAsync(README, u -> updates.add(u.uri()));
            assertThat(listens).hasValue(2);
            lateAck.get().join(5_000);
            assertThat(lateAck.get().isAlive()).isFalse();
            Await.until(Duration.ofSeconds(5), toServer::holding, "the second listen request at the server");
            // The server has not seen the second stream: nothing can have acknowledged it.
            assertThat(subscribed).isNotDone();

            Thread.ofVirtual().start(toServer::release);
            subscribed.get(5, TimeUnit.SECONDS);
            assertThat(server.notifyResourceUpdated(README)).isEqualTo(1);
            Await.until(Duration.ofSeconds(5), () -> updates.size() == 1, "the update");
            assertThat(updates).containsExactly(README);
        }
    }

    /** A transport whose first inbound message matching {@code held} waits until {@link #release}. */
    private static final class Holding extends ForwardingTransport {
        private final Predicate<JsonRpcMessage> held;
        private final AtomicReference<JsonRpcMessage> waiting = new AtomicReference<>();
        private volatile InboundHandler inbound;
        private volatile boolean heldOne;

        Holding(Transport delegate, Predicate<JsonRpcMessage> held) {
            super(delegate);
            this.held = held;
        }

        boolean holding() {
            return waiting.get() != null;
        }

        /** Delivers the held message, on the calling thread. */
        void release() {
            inbound.onMessage(waiting.getAndSet(null));
        }

        @Override
        protected void deliver(JsonRpcMessage message, InboundHandler handler) {
            inbound = handler;
            if (!heldOne && held.test(message)) {
                heldOne = true;
                waiting.set(message);
                return;
            }
            handler.onMessage(message);
        }
    }
}
