package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code prompts/list}: one page of prompts.
 *
 * @param prompts the items on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it)
 * @param ttlMs      how long the result may be cached, in ms (2026-07-28)
 * @param cacheScope {@code "public"} or {@code "private"} (2026-07-28)
 */
public record ListPromptsResult(List<Prompt> prompts, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType, Optional<Long> ttlMs, Optional<String> cacheScope) {
    public ListPromptsResult {
        prompts = prompts == null ? List.of() : List.copyOf(prompts);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs.filter(ms -> ms >= 0);
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
    }

    /** Without the fields revision 2026-07-28 adds ({@code resultType}, {@code ttlMs}, {@code cacheScope}). */
    public ListPromptsResult(List<Prompt> prompts, Optional<String> nextCursor, Optional<JsonNode> meta) {
        this(prompts, nextCursor, meta, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A single (last) page. */
    public static ListPromptsResult of(List<Prompt> prompts) {
        return new ListPromptsResult(prompts, Optional.empty(), Optional.empty());
    }
}
