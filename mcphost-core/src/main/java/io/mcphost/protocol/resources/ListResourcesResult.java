package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code resources/list}: one page of resources.
 *
 * @param resources the items on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it)
 * @param ttlMs      how long the result may be cached, in ms (2026-07-28)
 * @param cacheScope {@code "public"} or {@code "private"} (2026-07-28)
 */
public record ListResourcesResult(List<Resource> resources, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType, Optional<Long> ttlMs, Optional<String> cacheScope) {
    public ListResourcesResult {
        resources = resources == null ? List.of() : List.copyOf(resources);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs.filter(ms -> ms >= 0);
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
    }

    /** Without the fields revision 2026-07-28 adds ({@code resultType}, {@code ttlMs}, {@code cacheScope}). */
    public ListResourcesResult(List<Resource> resources, Optional<String> nextCursor, Optional<JsonNode> meta) {
        this(resources, nextCursor, meta, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A single (last) page. */
    public static ListResourcesResult of(List<Resource> resources) {
        return new ListResourcesResult(resources, Optional.empty(), Optional.empty());
    }
}
