package io.mcphost.client;

import io.mcphost.protocol.skills.Skill;

/**
 * A skill that {@link ClientSkills#load} accepted: the entry it was loaded from, held unchanged, and its
 * {@code SKILL.md}, whose size, digest and frontmatter matched that entry. Bound to the client that
 * loaded it: its files are read from that server only, never routed by URI. Thread-safe and immutable;
 * nothing is cached but the instructions.
 */
public interface LoadedSkill {

    /** The entry the skill was loaded from: what every read is checked against. */
    Skill entry();

    /** The verified text of {@code SKILL.md}, frontmatter included. Never blocks. */
    String instructions();

    /**
     * Reads one listed file of the skill with {@code resources/read} and returns its bytes once their
     * length equals the listed {@code size} and their SHA-256 the listed {@code digest} (text contents
     * count as their UTF-8 bytes, a blob as its base64-decoded bytes). Blocks for at most the client's
     * request timeout.
     *
     * @param uriOrRelativePath a URI the entry lists, or a path relative to the skill's directory such
     *                          as {@code references/FORMS.md}
     * @throws SkillVerificationException {@code UNLISTED} before anything is sent for a file the entry
     *         does not list; {@code SIZE} or {@code DIGEST} when what was read does not match
     */
    byte[] file(String uriOrRelativePath);
}
