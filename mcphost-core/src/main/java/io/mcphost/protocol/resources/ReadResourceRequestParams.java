package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code resources/read}.
 *
 * @param uri  the resource's URI (any scheme; the server interprets it)
 * @param meta {@code _meta}
 */
public record ReadResourceRequestParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ReadResourceRequestParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ReadResourceRequestParams of(String uri) {
        return new ReadResourceRequestParams(uri, Optional.empty());
    }
}
