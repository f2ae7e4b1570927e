package io.mcphost.protocol.skills;

import java.util.Objects;

/**
 * One file of a skill, as its entry lists it. Immutable.
 *
 * @param uri    the file's URI, the skill's {@code SKILL.md} or one under the skill's directory
 * @param digest {@code sha256:} and the lower-case hex SHA-256 of the file's raw bytes
 * @param size   the file's length in bytes
 */
public record SkillResource(String uri, String digest, long size) {
    public SkillResource {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(digest, "digest");
    }
}
