package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code resources/templates/list}: one page of resourceTemplates.
 *
 * @param resourceTemplates the items on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 */
public record ListResourceTemplatesResult(List<ResourceTemplate> resourceTemplates, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListResourceTemplatesResult {
        resourceTemplates = resourceTemplates == null ? List.of() : List.copyOf(resourceTemplates);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A single (last) page. */
    public static ListResourceTemplatesResult of(List<ResourceTemplate> resourceTemplates) {
        return new ListResourceTemplatesResult(resourceTemplates, Optional.empty(), Optional.empty());
    }
}
