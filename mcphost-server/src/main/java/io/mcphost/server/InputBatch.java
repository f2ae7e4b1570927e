package io.mcphost.server;

import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.time.Duration;
import java.util.List;

/**
 * Questions for the client collected to be asked together (see {@link ClientInput#batch()}). Not
 * thread-safe: one handler builds it and sends it once.
 */
public interface InputBatch {
    /** Adds an {@code elicitation/create} question under {@code key}. */
    InputBatch elicit(String key, ElicitRequestParams request);

    /** Adds a {@code sampling/createMessage} question under {@code key}. */
    InputBatch sample(String key, CreateMessageRequestParams request);

    /** Adds a {@code roots/list} question under {@code key}. */
    InputBatch roots(String key);

    /**
     * Asks every question and returns all answers; blocks and fails like {@link ClientInput#elicit}.
     *
     * @param timeout the limit for each server-to-client request (handshake revisions)
     */
    Answers send(Duration timeout);

    /** The answers of a batch, by key. */
    interface Answers {
        /** @throws IllegalArgumentException if no elicitation was asked under {@code key} */
        ElicitResult elicitation(String key);

        /** @throws IllegalArgumentException if no sampling was asked under {@code key} */
        CreateMessageResult sampling(String key);

        /** @throws IllegalArgumentException if no roots question was asked under {@code key} */
        List<Root> roots(String key);
    }
}
