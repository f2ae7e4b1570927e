package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of a list request: the cursor of the page wanted, none for the first. */
public record PaginatedRequestParams(Optional<String> cursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public PaginatedRequestParams {
        cursor = cursor == null ? Optional.empty() : cursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
