package io.mcphost.client.internal;

import io.mcphost.protocol.McpAnswerLostException;
import io.mcphost.protocol.McpMethod;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Sends a request that is safe to repeat again when its answer was lost on the way
 * ({@link McpAnswerLostException}: the connection broke before the answer, a proxy answered 502, 503 or
 * 504, the answer's stream could not be resumed), up to {@link #RETRIES} times. Safe to repeat: the
 * reads (listings, {@code resources/read}, {@code prompts/get}, completion, {@code ping}, task status,
 * skills) and {@code tools/call} of a tool the server listed with {@code readOnlyHint} or
 * {@code idempotentHint} and not run as a task. Behind a load balancer, a replica that dies takes the
 * answers of the calls it was running with it; the next attempt reaches another replica. Anything
 * else — a tool that may act twice, a refusal, a timeout, an error result — reaches the caller as it came.
 *
 * <p>A stage of the {@link Exchange}, outside session recovery and authorisation, so each attempt
 * passes them again. The attempts after the first start on a virtual thread after a pause of
 * {@link #PAUSE} × 4ⁿ (the failure may complete on a transport's reader thread, which must not send).
 * Cancelling the returned future cancels the attempt in flight and any attempt still to come.
 * Thread-safe; never blocks.
 */
final class IdempotentRetry implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(IdempotentRetry.class);
    /** Attempts after the first. */
    static final int RETRIES = 2;
    static final Duration PAUSE = Duration.ofMillis(50);
    private static final Executor VIRTUAL = command -> Thread.ofVirtual().name("mcphost-retry").start(command);
    private static final Set<String> READS = Set.of(McpMethod.PING, McpMethod.TOOLS_LIST, McpMethod.PROMPTS_LIST,
            McpMethod.PROMPTS_GET, McpMethod.RESOURCES_LIST, McpMethod.RESOURCES_TEMPLATES_LIST, McpMethod.RESOURCES_READ,
            McpMethod.COMPLETION_COMPLETE, McpMethod.TASKS_GET, McpMethod.TASKS_LIST, McpMethod.SKILLS_LIST,
            McpMethod.SKILLS_GET, McpMethod.RESOURCES_DIRECTORY_READ);

    private final String server;
    private final ToolListing tools;

    IdempotentRetry(String server, ToolListing tools) {
        this.server = server;
        this.tools = tools;
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        if (!repeatable(request)) {
            return next.proceed(request);
        }
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        attempt(outer, request, next, 0);
        return outer;
    }

    /** Whether sending {@code request} twice has no more effect than sending it once. */
    private boolean repeatable(OutboundRequest request) {
        if (READS.contains(request.method())) {
            return true;
        }
        return request.method().equals(McpMethod.TOOLS_CALL) && !request.params().has("task")
                && request.params().path("name").isString() && tools.repeatable(request.params().get("name").asString());
    }

    private void attempt(CompletableFuture<JsonNode> outer, OutboundRequest request, Next next, int retries) {
        if (outer.isDone()) {
            return; // cancelled during the pause
        }
        CompletableFuture<JsonNode> inner;
        try {
            inner = next.proceed(request);
        } catch (RuntimeException e) {
            outer.completeExceptionally(e);
            return;
        }
        Exchange.propagateCancel(outer, inner);
        inner.whenComplete((result, error) -> {
            if (error == null) {
                outer.complete(result);
                return;
            }
            Throwable cause = error;
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof McpAnswerLostException lost && retries < RETRIES && !outer.isDone()) {
                LOG.debug("server '{}': the answer to {} was lost ({}); sending it again", server, request.method(),
                        lost.getMessage());
                CompletableFuture.delayedExecutor(PAUSE.toMillis() << (2 * retries), TimeUnit.MILLISECONDS, VIRTUAL)
                        .execute(() -> attempt(outer, request, next, retries + 1));
                return;
            }
            outer.completeExceptionally(cause);
        });
    }
}
