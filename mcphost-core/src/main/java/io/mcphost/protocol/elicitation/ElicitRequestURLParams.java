package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** {@code elicitation/create} in URL mode: the user is sent to a URL (never opened without consent). */
public record ElicitRequestURLParams(String mode, String message, String elicitationId, String url, Optional<JsonNode> task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ElicitRequestURLParams {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(elicitationId, "elicitationId");
        Objects.requireNonNull(url, "url");
        task = task == null ? Optional.empty() : task.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
