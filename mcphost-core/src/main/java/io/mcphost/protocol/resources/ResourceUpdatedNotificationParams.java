package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/resources/updated}; the URI may be a sub-resource of the subscribed one.
 *
 * @param uri  the resource's URI (any scheme; the server interprets it)
 * @param meta {@code _meta}
 */
public record ResourceUpdatedNotificationParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ResourceUpdatedNotificationParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ResourceUpdatedNotificationParams of(String uri) {
        return new ResourceUpdatedNotificationParams(uri, Optional.empty());
    }
}
