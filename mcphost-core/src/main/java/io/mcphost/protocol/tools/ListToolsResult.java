package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One page of {@code tools/list}. */
public record ListToolsResult(List<Tool> tools, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListToolsResult {
        tools = tools == null ? List.of() : List.copyOf(tools);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
