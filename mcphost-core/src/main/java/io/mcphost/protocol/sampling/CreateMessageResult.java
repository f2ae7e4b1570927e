package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.Role;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The answer to {@code sampling/createMessage}. */
public record CreateMessageResult(Role role, JsonNode content, String model, Optional<String> stopReason, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CreateMessageResult {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(model, "model");
        stopReason = stopReason == null ? Optional.empty() : stopReason;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
