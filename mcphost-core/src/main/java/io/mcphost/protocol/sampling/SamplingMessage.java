package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.Role;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One message of a sampling conversation; content is one block or an array of blocks. */
public record SamplingMessage(Role role, JsonNode content, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SamplingMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
