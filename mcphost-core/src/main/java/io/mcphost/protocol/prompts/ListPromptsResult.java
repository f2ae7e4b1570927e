package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One page of {@code prompts/list}. */
public record ListPromptsResult(List<Prompt> prompts, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListPromptsResult {
        prompts = prompts == null ? List.of() : List.copyOf(prompts);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
