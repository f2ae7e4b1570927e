package io.mcphost.protocol.logging;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A log message from a server ({@code notifications/message}).
 *
 * @param level  severity
 * @param logger the name of the server-side logger, when given
 * @param data   the message: any JSON, usually a string
 */
public record LoggingMessageNotificationParams(LoggingLevel level, Optional<String> logger, JsonNode data,
                                               @JsonProperty("_meta") Optional<JsonNode> meta) {
    public LoggingMessageNotificationParams {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(data, "data");
        logger = logger == null ? Optional.empty() : logger;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A message whose data is a plain string. */
    public static LoggingMessageNotificationParams of(LoggingLevel level, String logger, String text) {
        return new LoggingMessageNotificationParams(level, Optional.ofNullable(logger),
                tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(text), Optional.empty());
    }
}
