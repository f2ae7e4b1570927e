package io.mcphost.host;

import io.mcphost.protocol.skills.Skill;
import java.util.Objects;

/**
 * A skill in the host's catalog (Skills extension, {@code io.modelcontextprotocol/skills}): the entry one
 * server lists, under the name the host exposes it by. Skills are named by the same rules and the same
 * code as tools (see {@link Catalog}), from their frontmatter {@code name}, in a namespace of their own:
 * two servers serving a skill of the same name both appear, each under its own exposed name. Immutable.
 *
 * <p>An entry is what its server claims; nothing of it has been checked against the files. Load it with
 * {@link McpHost#loadSkill(String)}, which reads from this entry's own server only: the same URI may
 * name different files on two servers, so a skill is identified by (server, URI), never by URI alone.
 *
 * @param name   the exposed name, unique among the catalog's skills
 * @param server the name of the server that lists the skill
 * @param skill  the entry as that server listed it
 */
public record HostSkill(String name, String server, Skill skill) {
    public HostSkill {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(skill, "skill");
    }

    /** The skill's frontmatter {@code name}, as its server lists it. */
    public String originalName() {
        return skill.name();
    }

    /** The URI of the skill's {@code SKILL.md} on its server, e.g. {@code skill://pdf-processing/SKILL.md}. */
    public String uri() {
        return skill.uri();
    }
}
