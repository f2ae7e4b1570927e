package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code resources/subscribe}: ask for {@code notifications/resources/updated} about one resource.
 *
 * @param uri  the resource's URI (any scheme; the server interprets it)
 * @param meta {@code _meta}
 */
public record SubscribeRequestParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SubscribeRequestParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static SubscribeRequestParams of(String uri) {
        return new SubscribeRequestParams(uri, Optional.empty());
    }
}
