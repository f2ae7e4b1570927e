package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code resources/unsubscribe}.
 *
 * @param uri  the resource's URI (any scheme; the server interprets it)
 * @param meta {@code _meta}
 */
public record UnsubscribeRequestParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public UnsubscribeRequestParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static UnsubscribeRequestParams of(String uri) {
        return new UnsubscribeRequestParams(uri, Optional.empty());
    }
}
