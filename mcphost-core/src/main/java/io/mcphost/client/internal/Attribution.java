package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.tasks.RelatedTaskMetadata;
import io.mcphost.transport.InboundStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which of this client's calls a handshake-era server's request ({@code elicitation/create},
 * {@code sampling/createMessage}, {@code roots/list}) belongs to, so that the call's own handlers
 * ({@link CallOptions#elicitation()} …) answer it and no other caller's do. Decided here only, in
 * this order:
 * <ol>
 *   <li>it came on the response stream of request <i>n</i> (Streamable HTTP, {@link InboundStream}):
 *       the call waiting on <i>n</i>, if it still waits;</li>
 *   <li>its {@code _meta} names a task ({@code io.modelcontextprotocol/related-task}, 2025-11-25) a
 *       handle of this client waits on: the call that created the task (a question naming a task no
 *       handle tracks yet waits a moment for it, {@link ServerRequests}: over HTTP it may overtake, on
 *       the GET stream, the answer that created the task);</li>
 *   <li>it came on the standalone stream: no call;</li>
 *   <li>the transport cannot tell (stdio, in memory, HTTP+SSE): the one call with per-call handlers
 *       in flight, when there is exactly one; with two or more it could be anyone's, so no call.</li>
 * </ol>
 * A question of no call goes to the client-wide handlers. The {@code input_required} rounds of
 * revision 2026-07-28 need no guess: they come in the call's own answer ({@link InputRequired}), or in
 * its task's status ({@link ModernTasks}), and are answered with that call's options. Requests made
 * for a call (a task's {@code tasks/result}) carry its handlers ({@link #withInputs}). Thread-safe.
 */
final class Attribution {
    private final PendingRequests pending;
    private final Function<String, Optional<CallOptions>> taskInputs;

    /**
     * The call a question was found to belong to.
     *
     * @param options its options (the handlers to try first)
     * @param request the id of the request it was related to, when it was a request of this client
     */
    record Owner(CallOptions options, Optional<RequestId> request) {
    }

    /** @param taskInputs the creating call's options of a task a handle of this client waits on */
    Attribution(PendingRequests pending, Function<String, Optional<CallOptions>> taskInputs) {
        this.pending = pending;
        this.taskInputs = taskInputs;
    }

    /**
     * The task {@code question} names that no handle of this client tracks (yet): over HTTP the question
     * may come on the GET stream before the answer that created the task is read on its POST stream.
     */
    Optional<String> untrackedTask(JsonRpcRequest question) {
        return relatedTask(question).filter(taskId -> taskInputs.apply(taskId).isEmpty());
    }

    private static Optional<String> relatedTask(JsonRpcRequest question) {
        return question.params().map(p -> p.path("_meta")).filter(m -> m.isObject())
                .flatMap(RelatedTaskMetadata::from).map(RelatedTaskMetadata::taskId);
    }

    /**
     * The call {@code question} belongs to; {@code stream}: where it arrived, when the transport knows.
     * Empty for a question naming a task no handle tracks yet: {@link #untrackedTask} says so, and the
     * caller waits for the handle instead of guessing.
     */
    Optional<Owner> owner(JsonRpcRequest question, Optional<InboundStream> stream) {
        if (stream.orElse(null) instanceof InboundStream.OfRequest related) {
            return pending.get(related.request()).map(Attribution::owner);
        }
        Optional<String> taskId = relatedTask(question);
        if (taskId.isPresent()) {
            // A question naming a task is that task's creator's, or (not tracked yet) nobody's for now:
            // never the one call in flight, which may be another task's (its poll, or its creation).
            return taskId.flatMap(taskInputs).map(options -> new Owner(options, Optional.empty()));
        }
        if (stream.isPresent()) { // the standalone stream: no call
            return Optional.empty();
        }
        return single(pending.withOptions(CallOptions::hasInputHandlers, 2)).map(Attribution::owner);
    }

    /**
     * The call a log message ({@code notifications/message}) belongs to, by the same rules as a
     * question's, less the task one (a task's messages outlive its request): the call whose response
     * stream carried it, else, where the transport cannot tell, the one call with a log listener of its
     * own in flight. Only a call with a log listener is named.
     */
    Optional<PendingRequests.Pending> logOwner(Optional<InboundStream> stream) {
        if (!pending.anyLogListener()) {
            return Optional.empty(); // the common case: no caller listens, no search per message
        }
        if (stream.isPresent()) {
            return stream.get() instanceof InboundStream.OfRequest related
                    ? pending.get(related.request()).filter(p -> p.options().onLog().isPresent())
                    : Optional.empty();
        }
        return single(pending.withOptions(options -> options.onLog().isPresent(), 2));
    }

    private static Optional<PendingRequests.Pending> single(List<PendingRequests.Pending> candidates) {
        return candidates.size() == 1 ? Optional.of(candidates.getFirst()) : Optional.empty();
    }

    private static Owner owner(PendingRequests.Pending call) {
        return new Owner(call.options(), Optional.of(call.id()));
    }

    /** {@code into} with the input handlers of {@code from}, for a request made on behalf of that call. */
    static CallOptions.Builder withInputs(CallOptions.Builder into, CallOptions from) {
        from.elicitation().ifPresent(into::elicitation);
        from.sampling().ifPresent(into::sampling);
        from.roots().ifPresent(into::roots);
        return into;
    }
}
