package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** {@code elicitation/create} in form mode: a message and the JSON Schema of the answer wanted. */
public record ElicitRequestFormParams(Optional<String> mode, String message, JsonNode requestedSchema, Optional<JsonNode> task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ElicitRequestFormParams {
        mode = mode == null ? Optional.empty() : mode;
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(requestedSchema, "requestedSchema");
        task = task == null ? Optional.empty() : task.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
