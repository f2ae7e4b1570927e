package io.mcphost.protocol.utilities;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of a list request ({@code tools/list}, {@code resources/list}, {@code prompts/list}, ...).
 *
 * @param cursor the {@code nextCursor} of the previous page; absent for the first page
 * @param meta   {@code _meta}
 */
public record PaginatedRequestParams(Optional<String> cursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public PaginatedRequestParams {
        cursor = cursor == null ? Optional.empty() : cursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static PaginatedRequestParams firstPage() {
        return new PaginatedRequestParams(Optional.empty(), Optional.empty());
    }

    public static PaginatedRequestParams after(String cursor) {
        return new PaginatedRequestParams(Optional.of(cursor), Optional.empty());
    }
}
