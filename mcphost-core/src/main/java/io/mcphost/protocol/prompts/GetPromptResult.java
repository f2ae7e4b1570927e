package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The result of {@code prompts/get}: the prompt's messages with the arguments filled in. * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it)
 */
public record GetPromptResult(Optional<String> description, List<PromptMessage> messages,
                              @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType) {
    public GetPromptResult {
        description = description == null ? Optional.empty() : description;
        messages = messages == null ? List.of() : List.copyOf(messages);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
    }

    /** Without the fields revision 2026-07-28 adds ({@code resultType}). */
    public GetPromptResult(Optional<String> description, List<PromptMessage> messages, Optional<JsonNode> meta) {
        this(description, messages, meta, Optional.empty());
    }

    public static GetPromptResult of(String description, PromptMessage... messages) {
        return new GetPromptResult(Optional.ofNullable(description), List.of(messages), Optional.empty());
    }
}
