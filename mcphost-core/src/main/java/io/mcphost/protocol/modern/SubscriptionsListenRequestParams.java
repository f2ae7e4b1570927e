package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code subscriptions/listen} (revision 2026-07-28).
 *
 * @param notifications what the client opts in to
 * @param meta          {@code _meta} (the per-request keys of {@link ModernMeta})
 */
public record SubscriptionsListenRequestParams(SubscriptionFilter notifications,
                                               @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SubscriptionsListenRequestParams {
        Objects.requireNonNull(notifications, "notifications");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
