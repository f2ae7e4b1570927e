package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code resources/list}: one page of resources.
 *
 * @param resources the items on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 */
public record ListResourcesResult(List<Resource> resources, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListResourcesResult {
        resources = resources == null ? List.of() : List.copyOf(resources);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A single (last) page. */
    public static ListResourcesResult of(List<Resource> resources) {
        return new ListResourcesResult(resources, Optional.empty(), Optional.empty());
    }
}
