package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of {@code tools/call}. */
public record CallToolRequestParams(String name, Optional<JsonNode> arguments, Optional<JsonNode> task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CallToolRequestParams {
        Objects.requireNonNull(name, "name");
        arguments = arguments == null ? Optional.empty() : arguments.filter(node -> !node.isNull());
        task = task == null ? Optional.empty() : task.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
