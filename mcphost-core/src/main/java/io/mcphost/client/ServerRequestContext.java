package io.mcphost.client;

import io.mcphost.protocol.RequestId;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * What a handler of a server-to-client request (elicitation, sampling) may want to know besides the
 * request itself: which server asks (a host must show the user who is asking, per the spec), the
 * request's id, its deadline, and whether the answer is still wanted. Immutable and thread-safe.
 *
 * @param server    the server's name, as given to {@link McpClientBuilder#name(String)}
 * @param requestId the id the server gave the request
 * @param deadline  when the library stops waiting for the handler and answers on its own
 *                  (see {@link McpClientBuilder#serverRequestTimeout(java.time.Duration)})
 * @param cancelled completes (normally) when the answer is no longer wanted: the server sent
 *                  {@code notifications/cancelled} for this request, the deadline passed, or the client
 *                  closed. Its callbacks run on a library virtual thread, never on the transport's reader;
 *                  completing it from outside has no effect on the library
 */
public record ServerRequestContext(String server, RequestId requestId, Instant deadline,
                                   CompletionStage<Void> cancelled) {
    public ServerRequestContext {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(cancelled, "cancelled");
    }

    /**
     * Whether the answer is no longer wanted (see {@link #cancelled()}). A handler that polls may stop
     * early; whatever it answers afterwards is dropped. Never blocks.
     */
    public boolean isCancelled() {
        return cancelled.toCompletableFuture().isDone();
    }
}
