package io.mcphost.protocol.skills;

import java.util.Objects;

/**
 * The parameters of {@code skills/get}. Immutable.
 *
 * @param uri the URI of the skill's {@code SKILL.md}
 */
public record GetSkillRequestParams(String uri) {
    public GetSkillRequestParams {
        Objects.requireNonNull(uri, "uri");
    }
}
