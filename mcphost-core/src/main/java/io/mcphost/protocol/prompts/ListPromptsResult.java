package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code prompts/list}: one page of prompts.
 *
 * @param prompts the items on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 */
public record ListPromptsResult(List<Prompt> prompts, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListPromptsResult {
        prompts = prompts == null ? List.of() : List.copyOf(prompts);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A single (last) page. */
    public static ListPromptsResult of(List<Prompt> prompts) {
        return new ListPromptsResult(prompts, Optional.empty(), Optional.empty());
    }
}
