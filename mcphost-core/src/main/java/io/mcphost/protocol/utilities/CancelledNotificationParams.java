package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.RequestId;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/cancelled}: the sender no longer wants the result of a request it sent.
 *
 * @param requestId the cancelled request's id; required for ordinary requests, absent only where a later
 *                  revision allows it (tasks are cancelled with {@code tasks/cancel} instead)
 * @param reason    why, for logs or people
 * @param meta      {@code _meta}
 */
public record CancelledNotificationParams(Optional<RequestId> requestId, Optional<String> reason,
                                          @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CancelledNotificationParams {
        requestId = requestId == null ? Optional.empty() : requestId;
        reason = reason == null ? Optional.empty() : reason;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static CancelledNotificationParams of(RequestId requestId, String reason) {
        return new CancelledNotificationParams(Optional.of(requestId), Optional.ofNullable(reason), Optional.empty());
    }
}
