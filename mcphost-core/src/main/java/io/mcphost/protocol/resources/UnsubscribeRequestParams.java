package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of {@code resources/unsubscribe}. */
public record UnsubscribeRequestParams(String uri, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public UnsubscribeRequestParams {
        Objects.requireNonNull(uri, "uri");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
