package io.mcphost.protocol.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code skills/list}: one page of skill entries (an entry is never split across pages).
 * Immutable.
 *
 * @param skills     the entries on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server
 * @param ttlMs      how long the result may be cached, in ms (required from 2026-07-28)
 * @param cacheScope {@code "public"} or {@code "private"} (required from 2026-07-28)
 */
public record ListSkillsResult(List<Skill> skills, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta,
                               Optional<String> resultType, Optional<Long> ttlMs, Optional<String> cacheScope) {
    public ListSkillsResult {
        skills = skills == null ? List.of() : List.copyOf(skills);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs.filter(ms -> ms >= 0);
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
    }

    /** A single (last) page, without cache hints. */
    public static ListSkillsResult of(List<Skill> skills) {
        return new ListSkillsResult(skills, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
