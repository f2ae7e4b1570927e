package io.mcphost.server;

import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.time.Duration;
import java.util.List;

/**
 * Talking to the client while serving one request (a tool call, a prompt, a resource read): asking it
 * for input (elicitation, sampling, roots) and, inherited from {@link ClientLog}, sending it log
 * messages about the request. The same code
 * serves both protocol eras. Under a handshake revision each question is a server-to-client request
 * and the call blocks for its answer. Under 2026-07-28 (stateless) the first unanswered question
 * ends the handler: the client gets an {@code input_required} result, answers, and retries the
 * original request; the handler then runs again from the start and each question returns the answer
 * the retry carried. So a handler must be deterministic up to its last question and do nothing it
 * cannot repeat before it; and it must not catch the unchecked exception that unwinds it (only
 * {@link io.mcphost.protocol.McpException}s are meant to be caught).
 *
 * <p>Questions are matched to answers by key: the methods without a key number them in call order
 * per kind ({@code elicitation-1}, {@code sampling-1}, {@code roots-1}, ...). Thread-safe; blocking
 * as described.
 */
public interface ClientInput extends ClientLog {
    /**
     * Asks the client's user for input ({@code elicitation/create}), at most {@code timeout} when it
     * is a server-to-client request.
     *
     * @throws io.mcphost.protocol.McpCapabilityException if the client did not announce elicitation
     *         (under 2026-07-28 the request is answered with error -32021 instead)
     * @throws io.mcphost.protocol.McpError               if the client answered with an error
     * @throws io.mcphost.protocol.McpTimeoutException    if no answer came in time
     * @throws io.mcphost.protocol.McpClosedException     if the call was cancelled or the connection ended
     */
    ElicitResult elicit(ElicitRequestParams request, Duration timeout);

    /** Asks the client to sample its language model ({@code sampling/createMessage}); like {@link #elicit}. */
    CreateMessageResult sample(CreateMessageRequestParams request, Duration timeout);

    /** Asks the client for its roots ({@code roots/list}); like {@link #elicit}. */
    List<Root> roots(Duration timeout);

    /** {@link #elicit(ElicitRequestParams, Duration)} under a chosen key (the {@code inputRequests} key under 2026-07-28). */
    ElicitResult elicit(String key, ElicitRequestParams request, Duration timeout);

    /** {@link #sample(CreateMessageRequestParams, Duration)} under a chosen key. */
    CreateMessageResult sample(String key, CreateMessageRequestParams request, Duration timeout);

    /** {@link #roots(Duration)} under a chosen key. */
    List<Root> roots(String key, Duration timeout);

    /**
     * Several questions at once: under 2026-07-28 they go to the client in one {@code input_required}
     * result; under a handshake revision they are asked one after the other.
     */
    InputBatch batch();

    /**
     * Whether the client declared a capability ({@code "elicitation"}, {@code "sampling"},
     * {@code "roots"}) for this request (2026-07-28) or in {@code initialize} (handshake revisions).
     */
    boolean clientSupports(String capability);
}
