package io.mcphost.protocol.roots;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** A directory or file the client lets servers work in. */
public record Root(String uri, Optional<String> name, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public Root {
        Objects.requireNonNull(uri, "uri");
        name = name == null ? Optional.empty() : name;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
