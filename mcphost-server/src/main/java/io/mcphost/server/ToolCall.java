package io.mcphost.server;

import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One invocation of a tool, as its handler sees it: the arguments, and ways to talk back while
 * working. Each call's handler runs on its own virtual thread; every method here is thread-safe
 * and returns quickly (notifications are written to the transport, never awaited).
 */
public interface ToolCall {
    /** The tool's name. */
    String name();

    /**
     * The arguments object (an empty object when the client sent none). It has already been checked
     * against the tool's {@code inputSchema}: a call whose arguments break it never reaches the handler.
     */
    JsonNode arguments();

    /** The request's {@code _meta}, if any. */
    Optional<JsonNode> meta();

    /**
     * Reports progress to the client as {@code notifications/progress}. Sent only while the call runs
     * and only when the client asked for progress (its request carried a progress token); otherwise
     * does nothing. The spec requires {@code progress} to increase with each report.
     *
     * @param total   the expected final value, or {@code null} when unknown
     * @param message a short human-readable status, or {@code null}
     */
    void progress(double progress, Double total, String message);

    /**
     * Sends a log message to the client ({@code notifications/message}, logger = the tool's name) when
     * {@code level} is at least the level the client set with {@code logging/setLevel} (info until it
     * sets one).
     *
     * @param data any JSON: a string, or an object with details
     */
    void log(LoggingLevel level, JsonNode data);

    /** Sends a plain-text log message; see {@link #log(LoggingLevel, JsonNode)}. */
    default void log(LoggingLevel level, String message) {
        log(level, JsonNodeFactory.instance.stringNode(message));
    }

    /**
     * Asks the client's user for input ({@code elicitation/create}, form or URL mode) and blocks
     * this handler's virtual thread for the answer, at most {@code timeout}.
     *
     * @throws io.mcphost.protocol.McpCapabilityException if the client did not announce elicitation
     * @throws io.mcphost.protocol.McpError               if the client answered with an error
     * @throws io.mcphost.protocol.McpTimeoutException    if no answer came in time
     * @throws io.mcphost.protocol.McpClosedException     if the call was cancelled or the connection ended
     */
    ElicitResult elicit(ElicitRequestParams request, Duration timeout);

    /**
     * Asks the client to sample its language model ({@code sampling/createMessage}); blocks like
     * {@link #elicit}, with the same exceptions for the sampling capability.
     */
    CreateMessageResult sample(CreateMessageRequestParams request, Duration timeout);

    /** Asks the client for its roots ({@code roots/list}); blocks like {@link #elicit}. */
    List<Root> roots(Duration timeout);

    /**
     * Whether the client cancelled this call ({@code notifications/cancelled}) or the connection
     * ended. A long handler should check it and stop early; whatever it returns then is not sent.
     */
    boolean isCancelled();
}
