package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.internal.WholeNumberSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/progress}.
 *
 * @param progressToken the token the request carried in {@code _meta.progressToken}
 * @param progress      progress so far; increases with every notification, even when the total is unknown
 * @param total         the total, when known
 * @param message       a human-readable description of the current step (2025-03-26+)
 * @param meta          {@code _meta}
 */
public record ProgressNotificationParams(ProgressToken progressToken,
                                         @JsonSerialize(using = WholeNumberSerializer.class) double progress,
                                         @JsonSerialize(contentUsing = WholeNumberSerializer.class) Optional<Double> total,
                                         Optional<String> message, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ProgressNotificationParams {
        Objects.requireNonNull(progressToken, "progressToken");
        if (!Double.isFinite(progress)) {
            throw new IllegalArgumentException("progress must be a finite number, got " + progress);
        }
        total = total == null ? Optional.empty() : total;
        message = message == null ? Optional.empty() : message;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ProgressNotificationParams of(ProgressToken token, double progress, Double total, String message) {
        return new ProgressNotificationParams(token, progress, Optional.ofNullable(total), Optional.ofNullable(message),
                Optional.empty());
    }
}
