package io.mcphost.client;

import io.mcphost.protocol.RequestId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
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
 * @param relatedRequest the id of this client's own request the question was found to belong to (see
 *                  {@link CallOptions} for how), when one was: a handshake-era server's question on that
 *                  request's Streamable HTTP stream, or the one call with per-call handlers in flight.
 *                  Empty for a question of no known call, and for the rounds of revision 2026-07-28
 *                  (which always belong to the call that got them)
 */
public record ServerRequestContext(String server, RequestId requestId, Instant deadline,
                                   CompletionStage<Void> cancelled, Optional<RequestId> relatedRequest) {
    public ServerRequestContext {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(cancelled, "cancelled");
        Objects.requireNonNull(relatedRequest, "relatedRequest");
    }

    /** A context of a question that belongs to no known request of this client. */
    public ServerRequestContext(String server, RequestId requestId, Instant deadline, CompletionStage<Void> cancelled) {
        this(server, requestId, deadline, cancelled, Optional.empty());
    }

    /**
     * Whether the answer is no longer wanted (see {@link #cancelled()}). A handler that polls may stop
     * early; whatever it answers afterwards is dropped. Never blocks.
     */
    public boolean isCancelled() {
        return cancelled.toCompletableFuture().isDone();
    }
}
