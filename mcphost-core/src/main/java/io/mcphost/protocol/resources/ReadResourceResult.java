package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.ResourceContents;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The result of {@code resources/read}: one or more contents (a directory-like resource may return several). */
public record ReadResourceResult(List<ResourceContents> contents, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ReadResourceResult {
        contents = contents == null ? List.of() : List.copyOf(contents);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ReadResourceResult of(ResourceContents... contents) {
        return new ReadResourceResult(List.of(contents), Optional.empty());
    }
}
