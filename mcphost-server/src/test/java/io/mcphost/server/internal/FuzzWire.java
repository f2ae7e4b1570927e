package io.mcphost.server.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.EraRule;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.server.ServerSession;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** The client side of one connection, with the bookkeeping of what it sent and what came back. */
final class FuzzWire implements AutoCloseable {
    /** What the blanket catch in the request handling makes of an exception: a bug escaped a handler. */
    private static final Pattern LEAKED = Pattern.compile(
            "(java|javax|jdk|sun|tools\\.jackson|com\\.fasterxml)\\.[\\w.$]+(Exception|Error)");
    private static final Set<Integer> SPEC_CODES = Set.of(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST,
            JsonRpcError.METHOD_NOT_FOUND, JsonRpcError.INVALID_PARAMS, JsonRpcError.INTERNAL_ERROR,
            JsonRpcError.RESOURCE_NOT_FOUND, JsonRpcError.URL_ELICITATION_REQUIRED, ModernErrors.HEADER_MISMATCH,
            ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY, ModernErrors.UNSUPPORTED_PROTOCOL_VERSION);
    private final Transport client;
    private final ServerSession session;
    private final Object lock = new Object();
    /** Requests sent per id, and answers received per id. */
    private final Map<RequestId, Integer> sent = new HashMap<>();
    private final Map<RequestId, List<JsonRpcMessage>> answers = new HashMap<>();
    /** Ids that may go unanswered: cancelled, or an open subscriptions/listen stream. */
    private final Set<RequestId> mayGoUnanswered = new HashSet<>();
    /** How the client answers the server's requests, in order. */
    private final ArrayDeque<String> replies = new ArrayDeque<>();
    private final List<String> problems = new ArrayList<>();
    volatile String lastState;
    volatile String lastTask;

    FuzzWire() {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        session = ServerFuzzKit.SERVER.serve(pair.server());
        client = pair.client();
        client.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                received(message);
            }

            @Override
            public void onClosed(McpTransportException cause) {
            }
        });
    }

    /** Queues the client's answer to the next server request (the text after {@code >}). */
    void scriptReply(String reply) {
        synchronized (lock) {
            replies.add(reply);
        }
    }

    private void received(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcResponse r -> {
                answered(r.id(), r);
                JsonNode result = r.result();
                if (result.path("requestState").isString()) {
                    lastState = result.get("requestState").stringValue();
                }
                JsonNode task = result.path("task").path("taskId").isString() ? result.path("task").path("taskId")
                        : result.path("taskId");
                if (task.isString()) {
                    lastTask = task.stringValue();
                }
            }
            case JsonRpcErrorResponse e -> {
                if (e.id().isEmpty()) {
                    problem("an error response without an id: " + e);
                } else {
                    answered(e.id().get(), e);
                }
            }
            case JsonRpcRequest r -> answerServer(r);
            case JsonRpcNotification n -> {
                // progress, log, cancelled, resource updates, list changes: nothing to answer
            }
        }
    }

    private void answered(RequestId id, JsonRpcMessage answer) {
        synchronized (lock) {
            if (!sent.containsKey(id)) {
                problem("an answer to " + id + ", which no request of the client carried: " + answer);
            }
            answers.computeIfAbsent(id, k -> new ArrayList<>()).add(answer);
            lock.notifyAll();
        }
    }

    private void answerServer(JsonRpcRequest request) {
        String reply;
        synchronized (lock) {
            reply = replies.poll();
        }
        JsonRpcMessage answer;
        if (reply == null) {
            answer = new JsonRpcResponse(request.id(), request.method().equals(McpMethod.ROOTS_LIST)
                    ? Json.parse("{\"roots\":[{\"uri\":\"file:///tmp\"}]}")
                    : request.method().equals(McpMethod.ELICITATION_CREATE) ? Json.parse("{\"action\":\"decline\"}")
                    : Json.parse("{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"x\"},\"model\":\"m\"}"));
        } else if (reply.startsWith("-")) {
            return; // unanswered: the handler's wait ends by its timeout
        } else {
            try {
                if (reply.startsWith("!")) {
                    JsonNode error = ServerFuzzKit.CODEC.readTree(reply.substring(1));
                    answer = ServerFuzzKit.CODEC.toMessage(ServerFuzzKit.CODEC.newObject().put("jsonrpc", "2.0")
                            .set("id", ServerFuzzKit.CODEC.valueToTree(idValue(request.id()))).set("error", error));
                } else {
                    answer = new JsonRpcResponse(request.id(), ServerFuzzKit.CODEC.readTree(reply));
                }
            } catch (RuntimeException notJson) {
                answer = new JsonRpcResponse(request.id(), ServerFuzzKit.CODEC.newObject());
            }
        }
        try {
            client.send(answer);
        } catch (McpException closed) {
            // the execution is over
        }
    }

    private static Object idValue(RequestId id) {
        return switch (id) {
            case RequestId.StringId s -> s.value();
            case RequestId.NumberId n -> n.value();
        };
    }

    private void problem(String what) {
        synchronized (lock) {
            problems.add(what);
        }
    }

    /** Sends one message; a request is expected to be answered exactly once (see {@link #mayGoUnanswered}). */
    void send(JsonRpcMessage message) {
        synchronized (lock) {
            switch (message) {
                case JsonRpcRequest r -> {
                    sent.merge(r.id(), 1, Integer::sum);
                    if (r.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
                        mayGoUnanswered.add(r.id()); // open until cancelled
                    }
                }
                case JsonRpcNotification n when n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED) ->
                        n.params().map(p -> p.path("requestId")).ifPresent(id -> {
                            if (id.isString()) {
                                mayGoUnanswered.add(RequestId.of(id.stringValue()));
                            } else if (id.isIntegralNumber() && id.canConvertToLong()) {
                                mayGoUnanswered.add(RequestId.of(id.longValue()));
                            }
                        });
                default -> {
                }
            }
        }
        try {
            client.send(message);
        } catch (McpException e) {
            throw new AssertionError("the in-memory connection failed: " + e, e);
        }
    }

    /** Sends a request and waits for its answer (the last one under its id), or fails at the deadline. */
    JsonRpcMessage call(JsonRpcRequest request, long deadline) {
        send(request);
        awaitAnswers(List.of(request.id()), deadline);
        synchronized (lock) {
            return answers.get(request.id()).getLast();
        }
    }

    /** Waits until every id given has as many answers as requests (cancelled ones aside). */
    void awaitAnswers(List<RequestId> ids, long deadline) {
        synchronized (lock) {
            while (true) {
                List<RequestId> waiting = ids.stream().filter(id -> !mayGoUnanswered.contains(id)
                        && answers.getOrDefault(id, List.of()).size() < sent.getOrDefault(id, 0)).toList();
                if (waiting.isEmpty()) {
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no answer within the deadline to " + waiting + " (a hang)");
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted");
                }
            }
        }
    }

    /** Waits for every request sent so far. */
    void awaitAll(long deadline) {
        List<RequestId> ids;
        synchronized (lock) {
            ids = List.copyOf(sent.keySet());
        }
        awaitAnswers(ids, deadline);
    }

    /** Checks every answer so far: one per request, the same id, a result object or a spec error code. */
    void check() {
        synchronized (lock) {
            for (Map.Entry<RequestId, List<JsonRpcMessage>> e : answers.entrySet()) {
                int requests = sent.getOrDefault(e.getKey(), 0);
                if (e.getValue().size() > requests) {
                    problems.add(e.getValue().size() + " answers to " + requests + " request(s) with id " + e.getKey()
                            + ": " + e.getValue());
                }
                for (JsonRpcMessage answer : e.getValue()) {
                    checkAnswer(answer);
                }
            }
            if (!problems.isEmpty()) {
                throw new AssertionError(String.join("\n", problems));
            }
        }
    }

    private void checkAnswer(JsonRpcMessage answer) {
        switch (answer) {
            case JsonRpcResponse r when !r.result().isObject() -> problems.add("a result that is not an object: " + r);
            case JsonRpcErrorResponse e -> {
                int code = e.error().code();
                if (!SPEC_CODES.contains(code)) {
                    problems.add("an error code the spec does not define: " + e);
                }
                if (code == JsonRpcError.INTERNAL_ERROR && LEAKED.matcher(e.error().message()).find()) {
                    problems.add("an exception escaped the request handling: " + e.error().message());
                }
            }
            default -> {
            }
        }
    }

    /** Sends a ping and asserts its plain answer: the connection still serves. */
    void assertPingServed(long deadline) {
        RequestId id = RequestId.of("mcphost-fuzz-final-ping");
        boolean reused;
        synchronized (lock) {
            reused = sent.containsKey(id);
        }
        JsonRpcMessage answer = call(JsonRpcRequest.of(id, McpMethod.PING, null), deadline);
        if (!reused && !(answer instanceof JsonRpcResponse r && r.result().isObject() && r.result().isEmpty())) {
            throw new AssertionError("the final ping was not answered with {}: " + answer);
        }
    }

    /** How many requests the client sent under {@code id}. */
    int requestsWith(RequestId id) {
        synchronized (lock) {
            return sent.getOrDefault(id, 0);
        }
    }

    /** The answers received under {@code id}. */
    List<JsonRpcMessage> answersTo(RequestId id) {
        synchronized (lock) {
            return List.copyOf(answers.getOrDefault(id, List.of()));
        }
    }

    /** Whether the dispatcher takes this request for a 2026-07-28 one. */
    static boolean modern(JsonRpcRequest request) {
        return EraRule.of(request.method(), request.params(), Optional.empty()) == Era.MODERN;
    }

    @Override
    public void close() {
        client.close(Duration.ofSeconds(1));
        session.close(Duration.ofSeconds(1));
    }
}

