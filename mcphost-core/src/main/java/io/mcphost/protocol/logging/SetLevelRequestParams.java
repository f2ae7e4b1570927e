package io.mcphost.protocol.logging;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code logging/setLevel}: the server sends log messages at this level and more severe.
 *
 * @param level the least severe level wanted
 * @param meta  {@code _meta}
 */
public record SetLevelRequestParams(LoggingLevel level, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SetLevelRequestParams {
        Objects.requireNonNull(level, "level");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static SetLevelRequestParams of(LoggingLevel level) {
        return new SetLevelRequestParams(level, Optional.empty());
    }
}
