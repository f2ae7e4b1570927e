package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** {@code notifications/resources/updated}: a subscribed resource changed. */
public record ResourceUpdatedNotificationParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ResourceUpdatedNotificationParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
