package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Text content. */
public record TextContent(String text, Optional<Annotations> annotations,
                          @JsonProperty("_meta") Optional<JsonNode> meta) implements ContentBlock {
    public TextContent {
        Objects.requireNonNull(text, "text");
        annotations = annotations == null ? Optional.empty() : annotations;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static TextContent of(String text) {
        return new TextContent(text, Optional.empty(), Optional.empty());
    }
}
