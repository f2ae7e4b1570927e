package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The answer to {@code elicitation/create}. */
public record ElicitResult(ElicitAction action, Optional<JsonNode> content, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ElicitResult {
        Objects.requireNonNull(action, "action");
        content = content == null ? Optional.empty() : content.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
