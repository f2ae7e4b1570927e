package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.RequestId;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The requests this server sends to its client (elicitation, sampling, roots) and the callers
 * waiting for their answers. Ids are strings ({@code s-1}, {@code s-2}, ...) so they can never be
 * mistaken for the client's own numeric ids in logs. Thread-safe.
 */
final class ClientRequests {
    private final AtomicLong nextId = new AtomicLong(1);
    private final Map<RequestId, Waiting> waiting = new ConcurrentHashMap<>();

    private record Waiting(String method, CompletableFuture<JsonNode> answer) {
    }

    /**
     * Sends {@code method} and blocks the calling handler's (virtual) thread for the answer, at most
     * {@code timeout}, giving up early when {@code cancelled} turns true.
     *
     * @throws McpCapabilityException if the client did not announce {@code capability}
     * @throws McpError               if the client answered with an error
     * @throws McpTimeoutException    if no answer came in time (the client is told to cancel)
     * @throws McpClosedException     if the connection ended or the call was cancelled meanwhile
     */
    JsonNode request(String method, JsonNode params, JsonNode clientCapabilities, String capability, Duration timeout,
                     BooleanSupplier cancelled, Consumer<JsonRpcRequest> send, Consumer<RequestId> sendCancelled) {
        if (clientCapabilities == null || !clientCapabilities.has(capability)) {
            throw new McpCapabilityException(null, method + " needs the client capability '" + capability
                    + "', which this client did not announce");
        }
        RequestId id = RequestId.of("s-" + nextId.getAndIncrement());
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        waiting.put(id, new Waiting(method, answer));
        try {
            send.accept(JsonRpcRequest.of(id, method, params));
            long deadline = System.nanoTime() + timeout.toNanos();
            // Wake up now and then to notice a cancelled tool call: its handler should not wait on.
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    sendCancelled.accept(id);
                    throw new McpTimeoutException(null, method + " got no answer from the client within " + timeout);
                }
                if (cancelled.getAsBoolean()) {
                    sendCancelled.accept(id);
                    throw new McpClosedException(null, method + ": the tool call was cancelled while waiting for the client");
                }
                try {
                    return answer.get(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    // look at the deadline and the cancellation flag again
                }
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof McpException m ? m : new McpClosedException(null, method + " failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendCancelled.accept(id);
            throw new McpClosedException(null, method + ": interrupted while waiting for the client");
        } catch (CancellationException e) {
            throw new McpClosedException(null, method + ": cancelled");
        } finally {
            waiting.remove(id);
        }
    }

    /** An answer arrived; returns false when nobody waits for it. */
    boolean complete(RequestId id, JsonNode result) {
        Waiting w = waiting.get(id);
        return w != null && w.answer().complete(result);
    }

    /** An error answer arrived; returns false when nobody waits for it. */
    boolean fail(RequestId id, JsonRpcError error) {
        Waiting w = waiting.get(id);
        return w != null && w.answer().completeExceptionally(new McpError(null, w.method(), error));
    }

    /** The connection ended: every waiting handler fails at once. */
    void closeAll() {
        waiting.values().forEach(w -> w.answer().completeExceptionally(new McpClosedException(null, "the client connection ended")));
    }
}
