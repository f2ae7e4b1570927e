package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** {@code notifications/cancelled}: the sender no longer waits for the request {@code requestId}. */
public record CancelledNotificationParams(Optional<JsonNode> requestId, Optional<String> reason, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CancelledNotificationParams {
        requestId = requestId == null ? Optional.empty() : requestId.filter(node -> !node.isNull());
        reason = reason == null ? Optional.empty() : reason;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
