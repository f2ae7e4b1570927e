package io.mcphost.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.transport.memory.MemoryTransport;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.JsonNodeFactory;

@Timeout(10)
class ForwardingTransportTest {
    private static final String DROPPED = "notifications/dropped";

    @Test
    void messagesPassBothWaysThroughTheDeliverHookAndCloseReachesTheDelegate() throws Exception {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        CompletableFuture<McpTransportException> peerClosed = new CompletableFuture<>();
        startEchoPeer(pair.server(), peerClosed);
        List<JsonRpcMessage> seen = new CopyOnWriteArrayList<>();
        Transport client = new ForwardingTransport(pair.client()) {
            @Override
            protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
                seen.add(message);
                if (!(message instanceof JsonRpcNotification n && n.method().equals(DROPPED))) {
                    inbound.onMessage(message);
                }
            }
        };
        Handler handler = new Handler();
        client.start(handler);

        client.send(JsonRpcRequest.of(RequestId.of(1), "ping", null));

        JsonRpcMessage first = handler.messages.poll(5, TimeUnit.SECONDS);
        assertThat(first).as("the notification the override dropped never reaches the handler")
                .isInstanceOfSatisfying(JsonRpcResponse.class, r -> {
                    assertThat(r.id()).isEqualTo(RequestId.of(1));
                    assertThat(r.result().get("echo").asString()).isEqualTo("ping");
                });
        assertThat(seen).hasSize(2);
        assertThat(seen.getFirst()).isInstanceOfSatisfying(JsonRpcNotification.class,
                n -> assertThat(n.method()).isEqualTo(DROPPED));
        assertThat(client.describe()).isEqualTo(pair.client().describe());

        client.close();

        assertThat(handler.closed.get(5, TimeUnit.SECONDS)).as("closed by close(): no cause").isNull();
        assertThat(peerClosed.get(5, TimeUnit.SECONDS)).hasMessageContaining("peer closed");
        assertThatThrownBy(() -> client.send(JsonRpcNotification.of("late", null)))
                .isInstanceOf(McpClosedException.class);
        assertThat(handler.messages).isEmpty();
    }

    @Test
    void theMethodsWithDefaultsReachTheDelegateUnchanged() throws Exception {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        startEchoPeer(pair.server(), new CompletableFuture<>());
        Stamped stamped = new Stamped(pair.client());
        Transport client = new ForwardingTransport(stamped) {
        };
        Handler handler = new Handler();
        client.start(handler);

        assertThat(client.mirrorsHeaders()).isTrue();
        assertThat(client.reopenable()).isTrue();
        assertThat(client.sessionId()).contains("session-7");
        client.handshakeCompleted(ProtocolVersion.V2026_07_28);
        assertThat(stamped.calls).containsExactly("handshakeCompleted " + ProtocolVersion.V2026_07_28);

        client.send(JsonRpcNotification.of("plain", null));
        client.send(JsonRpcNotification.of("with-headers", null), Map.of("Mcp-Method", "with-headers"));
        assertThat(stamped.calls).endsWith("send plain", "send with-headers {Mcp-Method=with-headers}");

        RequestId failed = RequestId.of("r-1");
        McpTransportException cause = new McpTransportException(null, "exchange failed");
        stamped.inbound.onRequestFailed(failed, cause);
        assertThat(handler.failed).containsExactly(Map.entry(failed, cause));

        client.close(Duration.ofMillis(700));

        assertThat(stamped.calls).last().isEqualTo("close PT0.7S");
        assertThat(handler.closed.get(5, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void everyMethodOfTheTransportInterfaceIsForwarded() {
        for (Method method : Transport.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            assertThat(declares(method)).as("ForwardingTransport forwards %s", method).isTrue();
        }
    }

    private static boolean declares(Method method) {
        try {
            ForwardingTransport.class.getDeclaredMethod(method.getName(), method.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** A tiny peer: answers each request with {@code {"echo": method}}, after a notification to drop. */
    private static void startEchoPeer(Transport peer, CompletableFuture<McpTransportException> closed) {
        peer.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                if (message instanceof JsonRpcRequest r) {
                    peer.send(JsonRpcNotification.of(DROPPED, null));
                    peer.send(new JsonRpcResponse(r.id(), JsonNodeFactory.instance.objectNode().put("echo", r.method())));
                }
            }

            @Override
            public void onClosed(McpTransportException cause) {
                closed.complete(cause);
            }
        });
    }

    /** What the client side is handed. */
    private static final class Handler implements InboundHandler {
        final BlockingQueue<JsonRpcMessage> messages = new LinkedBlockingQueue<>();
        final List<Map.Entry<RequestId, McpTransportException>> failed = new CopyOnWriteArrayList<>();
        final CompletableFuture<McpTransportException> closed = new CompletableFuture<>();

        @Override
        public void onMessage(JsonRpcMessage message) {
            messages.add(message);
        }

        @Override
        public void onRequestFailed(RequestId id, McpTransportException cause) {
            failed.add(Map.entry(id, cause));
        }

        @Override
        public void onClosed(McpTransportException cause) {
            closed.complete(cause);
        }
    }

    /**
     * A memory transport whose defaulted methods answer what the interface's defaults never do, and
     * which notes the calls that reach it, so a wrapper that fell back on a default would be seen.
     */
    private static final class Stamped extends ForwardingTransport {
        final List<String> calls = new CopyOnWriteArrayList<>();
        volatile InboundHandler inbound;

        Stamped(Transport delegate) {
            super(delegate);
        }

        @Override
        public void start(InboundHandler handler) {
            inbound = handler;
            super.start(handler);
        }

        @Override
        public void send(JsonRpcMessage message) {
            calls.add("send " + ((JsonRpcNotification) message).method());
            super.send(message);
        }

        @Override
        public void send(JsonRpcMessage message, Map<String, String> headers) {
            calls.add("send " + ((JsonRpcNotification) message).method() + " " + headers);
            super.send(message);
        }

        @Override
        public boolean mirrorsHeaders() {
            return true;
        }

        @Override
        public boolean reopenable() {
            return true;
        }

        @Override
        public Optional<String> sessionId() {
            return Optional.of("session-7");
        }

        @Override
        public void handshakeCompleted(ProtocolVersion version) {
            calls.add("handshakeCompleted " + version);
        }

        @Override
        public void close(Duration budget) {
            calls.add("close " + budget);
            super.close(budget);
        }
    }
}
