package io.mcphost.client.internal;

import io.mcphost.transport.InboundStream;
import java.util.List;
import java.util.Optional;

/**
 * Which of this client's calls a handshake-era server's request ({@code elicitation/create},
 * {@code sampling/createMessage}, {@code roots/list}) belongs to, so that the call's own handlers
 * ({@link io.mcphost.client.CallOptions#elicitation()} …) answer it and no other caller's do. Decided
 * here only, from what the transport tells:
 * <ul>
 *   <li>the response stream of request <i>n</i> (Streamable HTTP): the call waiting on <i>n</i>, if it
 *       still waits; none otherwise (its answer came: nobody is left to ask);</li>
 *   <li>the standalone stream: no call;</li>
 *   <li>nothing (stdio, in memory, HTTP+SSE): the one call with per-call handlers in flight, when
 *       there is exactly one; with two or more the question could be anyone's, so it is no call's.</li>
 * </ul>
 * A question of no call goes to the client-wide handlers. The {@code input_required} rounds of
 * revision 2026-07-28 need no guess: they come in the call's own answer ({@link InputRequired}).
 * Not yet used: a 2025-11-25 task's {@code io.modelcontextprotocol/related-task} {@code _meta}, since
 * the task handles do not keep their creator's handlers. Thread-safe.
 */
final class Attribution {
    private final PendingRequests pending;

    Attribution(PendingRequests pending) {
        this.pending = pending;
    }

    /** The waiting call the question belongs to; {@code stream}: where it arrived, when the transport knows. */
    Optional<PendingRequests.Pending> owner(Optional<InboundStream> stream) {
        if (stream.isPresent()) {
            return switch (stream.get()) {
                case InboundStream.OfRequest related -> pending.get(related.request());
                case InboundStream.Standalone standalone -> Optional.empty();
            };
        }
        List<PendingRequests.Pending> candidates = pending.withInputHandlers(2);
        return candidates.size() == 1 ? Optional.of(candidates.getFirst()) : Optional.empty();
    }
}
