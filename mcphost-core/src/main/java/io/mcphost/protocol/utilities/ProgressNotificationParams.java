package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** A progress report ({@code notifications/progress}) for the request that carried {@code progressToken}. */
public record ProgressNotificationParams(JsonNode progressToken, double progress, Optional<Double> total, Optional<String> message, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ProgressNotificationParams {
        Objects.requireNonNull(progressToken, "progressToken");
        total = total == null ? Optional.empty() : total;
        message = message == null ? Optional.empty() : message;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
