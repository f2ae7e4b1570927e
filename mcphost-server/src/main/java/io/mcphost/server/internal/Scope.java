package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.logging.LoggingLevel;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.JsonNode;

/**
 * What the feature requests need from where they are served: a legacy connection (one per stdio
 * process or HTTP session) or one stateless 2026-07-28 request. Implementations are thread-safe.
 */
interface Scope {
    /** Sends a message related to the request being served (progress, log). Never throws. */
    void send(JsonRpcMessage message);

    /**
     * Where to send the messages of the request the calling thread serves, from any thread later: on
     * that request's own stream where the transport has one (Streamable HTTP), so the client knows
     * whose progress or log it is even with many calls in flight. By default {@link #send}.
     */
    default Consumer<JsonRpcMessage> relatedSender() {
        return this::send;
    }

    /** The lowest level of {@code notifications/message} the client wants; empty: none at all. */
    Optional<LoggingLevel> logFloor();

    /** Whether the client declared {@code capability} (a key of its capabilities object). */
    boolean clientSupports(String capability);

    /**
     * Asks the client every question and returns the answers in order (the raw results).
     *
     * @throws InputRequiredSignal (2026-07-28) when some answer is not there yet
     * @throws RequestException    (2026-07-28) when an answer is malformed or a capability is missing
     */
    List<JsonNode> ask(List<Ask> asks, Duration timeout, BooleanSupplier cancelled);

    /** Whether tools may run as (2025-11-25) tasks here. */
    boolean tasksEnabled();

    /** The tasks of this scope. @throws RequestException when there are none */
    TaskStore tasks();

    /**
     * Moves the tool call being served to the background as a task (2026-07-28 tasks extension), when
     * this scope allows it; returns whether the call now runs as a task.
     */
    default boolean continueAsTask() {
        return false;
    }

    /**
     * The JSON-RPC code of "resource not found" in this scope's era: {@code -32002} in the handshake
     * revisions, {@code -32602} from 2026-07-28 on (changelog, minor 6).
     */
    int resourceNotFoundCode();

    /**
     * What a client's answer that does not decode as {@code method}'s result becomes: thrown as it
     * is in a legacy session (the handler's failure); a protocol error ({@code -32602}) from 2026-07-28
     * on (spec: mrtr, error handling), where the answer came in the request's inputResponses.
     */
    RuntimeException malformedAnswer(String key, String method, RuntimeException cause);

    /**
     * One question for the client.
     *
     * @param key        the {@code inputRequests} key (2026-07-28)
     * @param method     {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list}
     * @param params     the request's params
     * @param capability the client capability it needs
     */
    record Ask(String key, String method, JsonNode params, String capability) {
    }
}
