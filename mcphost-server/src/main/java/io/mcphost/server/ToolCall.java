package io.mcphost.server;

import io.mcphost.protocol.logging.LoggingLevel;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One invocation of a tool, as its handler sees it: the arguments, and ways to talk back while
 * working. Handlers run on their own virtual thread; every method here is thread-safe.
 */
public interface ToolCall {
    /** The tool's name. */
    String name();

    /** The arguments object (an empty object when the client sent none). */
    JsonNode arguments();

    /** The request's {@code _meta}, if any. */
    Optional<JsonNode> meta();

    /**
     * Reports progress to the client. Sent only when the client asked for progress (its request
     * carried a progress token); otherwise does nothing.
     */
    void progress(double progress, Double total, String message);

    /** Sends a log message to the client, if its level passes the level the client set. */
    void log(LoggingLevel level, String message);

    /** Whether the client cancelled this call; a long handler should check and stop early. */
    boolean isCancelled();
}
