package io.mcphost.protocol.roots;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The answer to {@code roots/list}: every root the client exposes (the list is not paginated).
 * Immutable and thread-safe.
 *
 * @param roots the roots, always written (possibly empty)
 * @param meta  {@code _meta}
 */
public record ListRootsResult(List<Root> roots, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListRootsResult {
        roots = roots == null ? List.of() : List.copyOf(roots);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A result listing {@code roots}. */
    public static ListRootsResult of(List<Root> roots) {
        return new ListRootsResult(roots, Optional.empty());
    }
}
