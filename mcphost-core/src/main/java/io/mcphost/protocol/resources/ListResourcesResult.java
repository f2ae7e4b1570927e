package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One page of {@code resources/list}. */
public record ListResourcesResult(List<Resource> resources, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListResourcesResult {
        resources = resources == null ? List.of() : List.copyOf(resources);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
