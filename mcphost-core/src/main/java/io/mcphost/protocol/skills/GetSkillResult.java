package io.mcphost.protocol.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code skills/get}: one skill's current entry (never a cursor). Immutable.
 *
 * @param skill      the entry
 * @param meta       {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server
 * @param ttlMs      how long the result may be cached, in ms (required from 2026-07-28)
 * @param cacheScope {@code "public"} or {@code "private"} (required from 2026-07-28)
 */
public record GetSkillResult(Skill skill, @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType,
                             Optional<Long> ttlMs, Optional<String> cacheScope) {
    public GetSkillResult {
        Objects.requireNonNull(skill, "skill");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs.filter(ms -> ms >= 0);
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
    }

    /** An entry without cache hints. */
    public static GetSkillResult of(Skill skill) {
        return new GetSkillResult(skill, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
