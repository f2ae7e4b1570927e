package io.mcphost.server;

import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Sending log messages ({@code notifications/message}) to the client about the one request being
 * served: a tool call, a {@code prompts/get} or a {@code resources/read}. The same rules hold for
 * every kind of request: under a handshake revision a message goes out when its level is at least
 * the level the client set with {@code logging/setLevel} (info until it sets one); under 2026-07-28
 * at least the level the request's {@code _meta} names ({@code io.modelcontextprotocol/logLevel}),
 * and nothing at all when it names none. Messages are sent only while the request runs, on that
 * request's own stream where the transport has one (Streamable HTTP), so a client with several
 * requests in flight knows whose message it is; after the handler returned they are dropped.
 *
 * <p>Thread-safe; every method returns quickly (a message is written to the transport, never
 * awaited) and none throws for a message that is not sent.
 */
public interface ClientLog {
    /**
     * Sends a log message with {@code data} at {@code level}, named after what is being served (the
     * logger is the tool's or the prompt's name, or the resource's URI), under the rules above.
     *
     * @param data any JSON: a string, or an object with details
     */
    void log(LoggingLevel level, JsonNode data);

    /**
     * Sends {@code message} as it is (its level, logger and data: a gateway relaying an upstream
     * server's log), under the same rule as {@link #log(LoggingLevel, JsonNode)}: only while the
     * request runs, and only when its level is at least {@link #logLevel()}.
     */
    void log(LoggingMessageNotificationParams message);

    /**
     * The lowest level of log message that reaches the client for this request: the level it set with
     * {@code logging/setLevel} (info until it sets one), or under 2026-07-28 the one its request's
     * {@code _meta} names; empty when the request names none (then nothing is sent).
     */
    Optional<LoggingLevel> logLevel();

    /** Sends a plain-text log message; see {@link #log(LoggingLevel, JsonNode)}. */
    default void log(LoggingLevel level, String message) {
        log(level, JsonNodeFactory.instance.stringNode(message));
    }
}
