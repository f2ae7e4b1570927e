package io.mcphost.protocol.logging;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of {@code logging/setLevel}. */
public record SetLevelRequestParams(LoggingLevel level, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SetLevelRequestParams {
        Objects.requireNonNull(level, "level");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
