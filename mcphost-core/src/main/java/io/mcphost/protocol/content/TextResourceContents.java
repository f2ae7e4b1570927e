package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Text contents of a resource. */
public record TextResourceContents(String uri, Optional<String> mimeType, String text,
                                   @JsonProperty("_meta") Optional<JsonNode> meta) implements ResourceContents {
    public TextResourceContents {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(text, "text");
        mimeType = mimeType == null ? Optional.empty() : mimeType;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static TextResourceContents of(String uri, String mimeType, String text) {
        return new TextResourceContents(uri, Optional.ofNullable(mimeType), text, Optional.empty());
    }
}
