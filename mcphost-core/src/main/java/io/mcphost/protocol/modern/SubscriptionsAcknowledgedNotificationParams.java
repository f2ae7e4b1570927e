package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/subscriptions/acknowledged} (revision 2026-07-28): the subset
 * of the requested notification types the server will send on this listen stream.
 *
 * @param notifications the honoured subset
 * @param meta          {@code _meta}; {@link ModernMeta#SUBSCRIPTION_ID} names the stream
 */
public record SubscriptionsAcknowledgedNotificationParams(SubscriptionFilter notifications,
                                                          @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SubscriptionsAcknowledgedNotificationParams {
        Objects.requireNonNull(notifications, "notifications");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
