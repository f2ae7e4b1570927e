package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The contents of a resource, embedded in a result or message. */
public record EmbeddedResource(ResourceContents resource, Optional<Annotations> annotations,
                               @JsonProperty("_meta") Optional<JsonNode> meta) implements ContentBlock {
    public EmbeddedResource {
        Objects.requireNonNull(resource, "resource");
        annotations = annotations == null ? Optional.empty() : annotations;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static EmbeddedResource of(ResourceContents resource) {
        return new EmbeddedResource(resource, Optional.empty(), Optional.empty());
    }
}
