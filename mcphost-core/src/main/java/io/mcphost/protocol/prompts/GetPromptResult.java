package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The result of {@code prompts/get}: the prompt's messages with the arguments filled in. */
public record GetPromptResult(Optional<String> description, List<PromptMessage> messages,
                              @JsonProperty("_meta") Optional<JsonNode> meta) {
    public GetPromptResult {
        description = description == null ? Optional.empty() : description;
        messages = messages == null ? List.of() : List.copyOf(messages);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static GetPromptResult of(String description, PromptMessage... messages) {
        return new GetPromptResult(Optional.ofNullable(description), List.of(messages), Optional.empty());
    }
}
