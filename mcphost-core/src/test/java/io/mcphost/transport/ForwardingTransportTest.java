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
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
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

    /** A stream the delegate reports (Streamable HTTP: whose request a question belongs to) survives the wrapper and its hook. */
    @Test
    void theStreamADelegateReportsReachesTheHandlerThroughTheDeliverHook() {
        JsonRpcRequest question = JsonRpcRequest.of(RequestId.of("s-1"), "elicitation/create", null);
        Transport delegate = new Transport() {
            @Override
            public void start(InboundHandler inbound) {
                inbound.onMessage(question, InboundStream.ofRequest(RequestId.of(7)));
                inbound.onMessage(question, InboundStream.STANDALONE);
            }

            @Override
            public void send(JsonRpcMessage message) {
            }

            @Override
            public void close(Duration budget) {
            }

            @Override
            public void close() {
            }

            @Override
            public String describe() {
                return "reporting";
            }
        };
        List<JsonRpcMessage> hooked = new CopyOnWriteArrayList<>();
        List<InboundStream> streams = new CopyOnWriteArrayList<>();
        Transport wrapper = new ForwardingTransport(delegate) {
            @Override
            protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
                hooked.add(message);
                super.deliver(message, inbound);
            }
        };

        wrapper.start(new Handler() {
            @Override
            public void onMessage(JsonRpcMessage message, InboundStream stream) {
                streams.add(stream);
            }
        });

        assertThat(hooked).containsExactly(question, question);
        assertThat(streams).containsExactly(InboundStream.ofRequest(RequestId.of(7)), InboundStream.STANDALONE);
    }

    @Test
    void theDelegatesCapabilitiesReachTheCallerUnchanged() throws Exception {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        startEchoPeer(pair.server(), new CompletableFuture<>());
        Stamped stamped = new Stamped(pair.client());
        Transport client = new ForwardingTransport(stamped) {
        };
        Handler handler = new Handler();
        client.start(handler);

        assertThat(client.capability(Reopenable.class)).containsSame(stamped);
        assertThat(client.capability(HttpSessions.class)).containsSame(stamped);
        assertThat(client.capability(HttpSessions.class).flatMap(HttpSessions::sessionId)).contains("session-7");
        client.capability(HttpSessions.class).orElseThrow().handshakeCompleted(ProtocolVersion.V2026_07_28);
        assertThat(stamped.calls).containsExactly("handshakeCompleted " + ProtocolVersion.V2026_07_28);
        CompletableFuture<Void> answered = new CompletableFuture<>();
        client.capability(CallerLending.class).orElseThrow().lend(answered, () -> 3);
        assertThat(stamped.calls).last().isEqualTo("lend 3");

        client.send(JsonRpcNotification.of("plain", null));
        client.capability(HeaderMirroring.class).orElseThrow()
                .send(JsonRpcNotification.of("with-headers", null), Map.of("Mcp-Method", "with-headers"));
        HeaderMirroring.send(client, JsonRpcNotification.of("helper", null), Map.of("Mcp-Method", "helper"));
        assertThat(stamped.calls).endsWith("send plain {}", "send with-headers {Mcp-Method=with-headers}",
                "send helper {Mcp-Method=helper}");

        RequestId failed = RequestId.of("r-1");
        McpTransportException cause = new McpTransportException(null, "exchange failed");
        stamped.inbound.onRequestFailed(failed, cause);
        assertThat(handler.failed).containsExactly(Map.entry(failed, cause));

        client.close(Duration.ofMillis(700));

        assertThat(stamped.calls).last().isEqualTo("close PT0.7S");
        assertThat(handler.closed.get(5, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void aWrapperOffersNoCapabilityItsDelegateLacks() {
        Transport client = new ForwardingTransport(MemoryTransport.pair().client()) {
        };

        for (Class<?> type : List.of(HeaderMirroring.class, HttpSessions.class, Reopenable.class, CallerLending.class,
                io.mcphost.auth.OAuthClient.class)) {
            assertThat(client.capability(type)).as("%s", type.getSimpleName()).isEmpty();
        }
        assertThat(client.capability(ForwardingTransport.class)).get().isSameAs(client);
        assertThat(client.capability(TransportKind.class)).as("the kind is passed on").contains(TransportKind.MEMORY);
    }

    @Test
    void everyMessageSentThroughAWrapperPassesItsOneOutboundHookAlsoWithHeaders() {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        startEchoPeer(pair.server(), new CompletableFuture<>());
        Stamped mirroring = new Stamped(pair.client());
        List<String> seen = new CopyOnWriteArrayList<>();
        Transport outer = new ForwardingTransport(new ForwardingTransport(mirroring) {
        }) {
            @Override
            protected void send(JsonRpcMessage message, Map<String, String> headers) {
                seen.add(((JsonRpcNotification) message).method() + " " + headers);
                super.send(message, headers);
            }
        };
        outer.start(new Handler());

        outer.send(JsonRpcNotification.of("plain", null));
        HeaderMirroring.send(outer, JsonRpcNotification.of("mirrored", null), Map.of("Mcp-Name", "x"));

        assertThat(seen).containsExactly("plain {}", "mirrored {Mcp-Name=x}");
        assertThat(mirroring.calls).containsExactly("send plain {}", "send mirrored {Mcp-Name=x}");
        outer.close();
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
    private static class Handler implements InboundHandler {
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
     * A memory transport that offers every transport capability and notes the calls that reach it, so a
     * wrapper that lost one, or sent past the delegate's own outbound path, would be seen.
     */
    private static final class Stamped extends ForwardingTransport
            implements HeaderMirroring, HttpSessions, Reopenable, CallerLending {
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
        public void send(JsonRpcMessage message, Map<String, String> headers) {
            calls.add("send " + ((JsonRpcNotification) message).method() + " " + headers);
            super.send(message, headers);
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
        public void lend(Future<?> answered, IntSupplier waiting) {
            calls.add("lend " + waiting.getAsInt());
        }

        @Override
        public void close(Duration budget) {
            calls.add("close " + budget);
            super.close(budget);
        }
    }
}
