package io.mcphost.server;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One invocation of a tool, as its handler sees it: the arguments, and ways to talk back while
 * working (progress; log messages through {@link ClientLog}, logger = the tool's name; questions
 * through {@link ClientInput}). Each call's handler runs on its own virtual thread; every method
 * here is thread-safe and returns quickly (notifications are written to the transport, never
 * awaited), except the questions to the client inherited from {@link ClientInput}.
 */
public interface ToolCall extends ClientInput {
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
     * Moves this call to the background when the request allows it: under 2026-07-28 with the tasks
     * extension ({@code io.modelcontextprotocol/tasks}) declared by the request, for a tool registered
     * with task support, the request is answered now with a task the client polls ({@code tasks/get});
     * the handler goes on, its questions make the task {@code input_required} until the client answers
     * them with {@code tasks/update}, and what it returns becomes the task's result. Questions asked
     * before this call are input rounds of the request itself. In every other case it does nothing
     * (under the handshake revisions the client decides, with the {@code task} parameter).
     *
     * @return whether the call now runs as a task
     */
    default boolean continueAsTask() {
        return false;
    }

    /**
     * Whether the client cancelled this call ({@code notifications/cancelled}) or the connection
     * ended. A long handler should check it and stop early; whatever it returns then is not sent.
     */
    boolean isCancelled();
}
