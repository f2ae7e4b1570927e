package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * A caller waiting for its answer may read it itself ({@link StdioTransport#lend}): against a real
 * child process, the answer then arrives on the caller's thread; a slow server, other callers,
 * async requests and notifications are still served by the reader thread, in order.
 */
class StdioLeadTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** Completes a future per request id and records who delivered what, in order. */
    private static final class Answers implements InboundHandler {
        final Map<RequestId, CompletableFuture<JsonRpcResponse>> waiting = new ConcurrentHashMap<>();
        final Map<RequestId, Thread> deliveredOn = new ConcurrentHashMap<>();
        final List<String> order = Collections.synchronizedList(new ArrayList<>());
        /** Requests sent and not yet answered: the client's count the transport consults. */
        final AtomicInteger pending = new AtomicInteger();

        CompletableFuture<JsonRpcResponse> expect(RequestId id) {
            pending.incrementAndGet();
            return waiting.computeIfAbsent(id, i -> new CompletableFuture<>());
        }

        @Override
        public void onMessage(JsonRpcMessage message) {
            switch (message) {
                case JsonRpcResponse r -> {
                    order.add("answer " + r.id());
                    deliveredOn.put(r.id(), Thread.currentThread());
                    pending.decrementAndGet();
                    waiting.computeIfAbsent(r.id(), i -> new CompletableFuture<>()).complete(r);
                }
                case JsonRpcNotification n -> order.add("before " + n.params().orElseThrow().path("i").asInt());
                default -> { }
            }
        }

        @Override
        public void onClosed(McpTransportException cause) {
            waiting.values().forEach(f -> f.completeExceptionally(cause == null ? new IllegalStateException("closed") : cause));
        }
    }

    private static StdioTransport echo(Answers answers) {
        StdioTransport transport = StdioTransport.builder(Fixtures.java(EchoServer.class)).name("echo").build();
        transport.start(answers);
        return transport;
    }

    private static JsonRpcResponse call(StdioTransport transport, Answers answers, int i, ObjectNode params, boolean lend)
            throws Exception {
        RequestId id = RequestId.of(i);
        CompletableFuture<JsonRpcResponse> answer = answers.expect(id);
        transport.send(JsonRpcRequest.of(id, "echo", params.put("i", i)));
        if (lend) {
            transport.lend(answer, answers.pending::get);
        }
        return answer.get(20, TimeUnit.SECONDS);
    }

    @Test
    void aLoneCallerThatLendsItsThreadReadsItsOwnAnswers() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers)) {
            // Until answers come on the calling thread, for at most 30 s: the child JVM starts cold, slower
            // than the lead budget, and a busy machine makes leads give up and pause (up to 1 s each);
            // once warm, most come here.
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int i = 0;
            long onCaller = 0;
            while (onCaller < 10 && System.nanoTime() < end) {
                assertThat(call(transport, answers, i, CODEC.newObject(), true).result().path("i").asInt()).isEqualTo(i);
                if (answers.deliveredOn.get(RequestId.of(i)) == Thread.currentThread()) {
                    onCaller++;
                }
                i++;
            }
            assertThat(onCaller).as("answers read on the calling thread, of " + i).isEqualTo(10);
        }
    }

    @Test
    void withoutLendingEveryAnswerComesThroughTheReaderThread() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers)) {
            for (int i = 0; i < 50; i++) {
                call(transport, answers, i, CODEC.newObject(), false);
            }
            assertThat(answers.deliveredOn.values()).allSatisfy(t -> assertThat(t.getName()).startsWith("mcphost-stdio-reader-"));
        }
    }

    @Test
    void aServerSlowerThanTheBudgetIsLeftToTheReaderThreadAndLendingReturnsSoon() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers)) {
            RequestId id = RequestId.of(1);
            CompletableFuture<JsonRpcResponse> answer = answers.expect(id);
            transport.send(JsonRpcRequest.of(id, "echo", CODEC.newObject().put("delayMs", 300)));
            long start = System.nanoTime();
            transport.lend(answer, answers.pending::get);
            long lent = System.nanoTime() - start;

            assertThat(Duration.ofNanos(lent)).isLessThan(Duration.ofMillis(100));
            assertThat(answer.get(20, TimeUnit.SECONDS).id()).isEqualTo(id);
            assertThat(answers.deliveredOn.get(id).getName()).startsWith("mcphost-stdio-reader-");
        }
    }

    @Test
    void notificationsAndAnswersKeepTheirOrderWhoeverReads() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers)) {
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                // Every third request is sent without anyone waiting on it: the reader thread must read its answer.
                boolean lend = i % 3 != 0;
                call(transport, answers, i, CODEC.newObject().put("notify", true), lend);
                expected.add("before " + i);
                expected.add("answer " + i);
            }
            assertThat(answers.order).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void anAnswerNobodyLeadsForArrivesAfterALead() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers)) {
            for (int i = 0; i < 20; i++) {
                call(transport, answers, i, CODEC.newObject(), true); // the reader thread learns to stand aside
            }
            RequestId id = RequestId.of(1000);
            CompletableFuture<JsonRpcResponse> answer = answers.expect(id);
            transport.send(JsonRpcRequest.of(id, "echo", CODEC.newObject()));

            // Nobody lends: the reader thread reads it once it stops standing aside (0.5 ms).
            assertThat(answer.get(20, TimeUnit.SECONDS).id()).isEqualTo(id);
            assertThat(answers.deliveredOn.get(id).getName()).startsWith("mcphost-stdio-reader-");
        }
    }

    @Test
    void concurrentCallersAllGetTheirAnswers() throws Exception {
        var answers = new Answers();
        try (var transport = echo(answers); var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            AtomicInteger next = new AtomicInteger();
            List<java.util.concurrent.Future<Integer>> callers = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                callers.add(pool.submit(() -> {
                    int ok = 0;
                    for (int k = 0; k < 200; k++) {
                        int i = next.getAndIncrement();
                        if (call(transport, answers, i, CODEC.newObject(), true).result().path("i").asInt() == i) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            for (var caller : callers) {
                assertThat(caller.get(60, TimeUnit.SECONDS)).isEqualTo(200);
            }
        }
    }
}
