package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code tools/list}: one page of tools.
 *
 * @param tools      the tools on this page
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 */
public record ListToolsResult(List<Tool> tools, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListToolsResult {
        tools = tools == null ? List.of() : List.copyOf(tools);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A single (last) page. */
    public static ListToolsResult of(List<Tool> tools) {
        return new ListToolsResult(tools, Optional.empty(), Optional.empty());
    }
}
