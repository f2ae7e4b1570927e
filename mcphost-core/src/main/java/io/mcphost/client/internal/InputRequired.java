package io.mcphost.client.internal;

import io.mcphost.protocol.McpInputRequiredException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.modern.EraTranslation;
import io.mcphost.protocol.modern.InputRound;
import io.mcphost.protocol.modern.ModernResults;
import io.mcphost.protocol.modern.ResultType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * The multi round-trip stage of a modern session ({@link ModernSession}; revision 2026-07-28, basic/patterns/mrtr): a result with
 * {@code resultType: "input_required"} is answered with the application's elicitation, sampling and
 * roots handlers — the call's own ({@link io.mcphost.client.CallOptions#elicitation()} …) before the
 * client-wide ones, as for a legacy server's requests ({@link ServerRequests}) — and the
 * original request is sent again (a new id) with {@code inputResponses} and the {@code requestState}
 * echoed unchanged (none when the server sent none). At most {@link #MAX_ROUNDS} rounds. A round the
 * caller takes over ({@link io.mcphost.client.CallOptions#takeOverInput()}), or one asking for input no
 * handler provides, ends the call with {@link McpInputRequiredException} carrying the round. A result
 * without {@code resultType} is complete. Rounds never leak into other requests: each retry is built
 * from this request's own original params.
 */
final class InputRequired implements RequestStage {
    static final int MAX_ROUNDS = 16;

    private final String server;
    private final ServerRequests handlers;
    private final ClientConfig config;

    InputRequired(String server, ServerRequests handlers, ClientConfig config) {
        this.server = server;
        this.handlers = handlers;
        this.config = config;
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        AtomicReference<CompletableFuture<?>> inFlight = new AtomicReference<>();
        outer.whenComplete((r, e) -> {
            CompletableFuture<?> current = inFlight.get();
            if (outer.isCancelled() && current != null) {
                current.cancel(false);
            }
        });
        attempt(request, request, next, 0, outer, inFlight);
        return outer;
    }

    private void attempt(OutboundRequest original, OutboundRequest request, Next next, int round,
                         CompletableFuture<JsonNode> outer, AtomicReference<CompletableFuture<?>> inFlight) {
        if (outer.isDone()) {
            return;
        }
        CompletableFuture<JsonNode> sent = next.proceed(request);
        inFlight.set(sent);
        sent.whenComplete((result, error) -> {
            if (error != null) {
                outer.completeExceptionally(error);
                return;
            }
            Optional<ResultType> type = ModernResults.resultType(result);
            if (type.isEmpty()) {
                outer.completeExceptionally(new McpProtocolException(server, original.method()
                        + ": the answer has an unknown resultType " + result.path("resultType")));
                return;
            }
            if (type.get() != ResultType.INPUT_REQUIRED) { // complete, or a task handle (ModernTasks)
                outer.complete(result);
                return;
            }
            InputRound pending;
            try {
                pending = round(original, result);
            } catch (McpProtocolException e) {
                outer.completeExceptionally(e);
                return;
            }
            if (round + 1 >= MAX_ROUNDS) {
                outer.completeExceptionally(new McpProtocolException(server, original.method() + ": the server asked for input "
                        + MAX_ROUNDS + " times without finishing"));
                return;
            }
            if (original.options().takeOverInput()) {
                outer.completeExceptionally(new McpInputRequiredException(server, original.method()
                        + ": the server needs input, and the caller takes rounds over", pending));
                return;
            }
            CompletableFuture<Map<String, JsonNode>> answers = answer(original, pending,
                    Deadline.Policy.of(original.options(), config).timeout());
            inFlight.set(answers);
            answers.whenComplete((responses, failed) -> {
                if (failed != null) {
                    outer.completeExceptionally(failed);
                    return;
                }
                attempt(original, retry(original, pending, responses), next, round + 1, outer, inFlight);
            });
        });
    }

    /** The pending round of an input_required result; its params are the original request's. */
    static InputRound round(OutboundRequest original, JsonNode result) {
        return EraTranslation.inputRound(original.method(), original.params(), result);
    }

    /**
     * Every input request answered by its handler; fails with the round when one has none. The call's
     * timeout bounds the wait, as it bounded a legacy server's question (no request is pending meanwhile,
     * so nothing else would); a wait that ends unanswered (timeout, or the caller's cancel) cancels the
     * handlers, which see it through their context's cancellation.
     */
    private CompletableFuture<Map<String, JsonNode>> answer(OutboundRequest original, InputRound pending, Duration limit) {
        String method = original.method();
        Map<String, CompletableFuture<JsonNode>> futures = new LinkedHashMap<>();
        List<String> unanswerable = new ArrayList<>();
        // The round is this call's: its own handlers answer first (ServerRequests.answerInput).
        pending.inputRequests().forEach((key, request) -> handlers.answerInput(key, request.method(), request.params(),
                        original.options())
                .ifPresentOrElse(f -> futures.put(key, f), () -> unanswerable.add(key + " (" + request.method() + ")")));
        if (!unanswerable.isEmpty()) {
            futures.values().forEach(f -> f.cancel(false));
            return CompletableFuture.failedFuture(new McpInputRequiredException(server, method + ": the server asks for "
                    + String.join(", ", unanswerable) + ", which no registered handler answers", pending));
        }
        CompletableFuture<Map<String, JsonNode>> all = CompletableFuture.allOf(futures.values().toArray(CompletableFuture[]::new))
                .thenApply(done -> {
                    Map<String, JsonNode> out = new LinkedHashMap<>();
                    futures.forEach((key, f) -> out.put(key, f.join()));
                    return out;
                });
        all.whenComplete((r, e) -> {
            if (e != null) {
                futures.values().forEach(f -> f.cancel(false));
            }
        });
        CompletableFuture.delayedExecutor(limit.toNanos(), TimeUnit.NANOSECONDS).execute(() -> all.completeExceptionally(
                new McpTimeoutException(server, method + ": the input the server asked for (" + String.join(", ", futures.keySet())
                        + ") got no answer within " + limit)));
        return all;
    }

    /** The original request again, with the responses and the state echoed exactly. */
    static OutboundRequest retry(OutboundRequest original, InputRound pending, Map<String, JsonNode> responses) {
        return original.withParams(EraTranslation.answered(pending, responses));
    }
}
