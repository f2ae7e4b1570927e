package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.ResourceContents;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The result of {@code resources/read}: one or more contents (a directory-like resource may return several). * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it)
 * @param ttlMs      how long the result may be cached, in ms (2026-07-28)
 * @param cacheScope {@code "public"} or {@code "private"} (2026-07-28)
 */
public record ReadResourceResult(List<ResourceContents> contents, @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType, Optional<Long> ttlMs, Optional<String> cacheScope) {
    public ReadResourceResult {
        contents = contents == null ? List.of() : List.copyOf(contents);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs.filter(ms -> ms >= 0);
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
    }

    /** Without the fields revision 2026-07-28 adds ({@code resultType}, {@code ttlMs}, {@code cacheScope}). */
    public ReadResourceResult(List<ResourceContents> contents, Optional<JsonNode> meta) {
        this(contents, meta, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public static ReadResourceResult of(ResourceContents... contents) {
        return new ReadResourceResult(List.of(contents), Optional.empty());
    }
}
