package io.mcphost.protocol.roots;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A directory or file the client lets servers work in ({@code roots/list}). Immutable and thread-safe.
 *
 * @param uri  the root's URI; in 2025-11-25 it must be a {@code file://} URI
 * @param name a human-readable name
 * @param meta {@code _meta}
 */
public record Root(String uri, Optional<String> name, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public Root {
        Objects.requireNonNull(uri, "uri");
        name = name == null ? Optional.empty() : name;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A root without a name. */
    public static Root of(String uri) {
        return new Root(uri, Optional.empty(), Optional.empty());
    }

    /** A root with a display name. */
    public static Root of(String uri, String name) {
        return new Root(uri, Optional.of(name), Optional.empty());
    }
}
