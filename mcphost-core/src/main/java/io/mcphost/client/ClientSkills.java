package io.mcphost.client;

import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.Skill;
import java.util.List;

/**
 * The Skills extension ({@code io.modelcontextprotocol/skills}, SEP-2640) of one client, in either era:
 * listing a server's skills, and loading one so that every file reaches the application only after its
 * size and digest matched the entry (the host-side verification the extension requires). Obtained from
 * {@link McpClient#skills()}; thread-safe, as the client is.
 *
 * <p>Lazy by design: listing reads no file, and nothing is fetched before {@link #load}. Each method blocks
 * for at most the client's request timeout per request. Every method but {@link #isOffered()} and
 * {@link #directoryRead()} throws {@link io.mcphost.protocol.McpCapabilityException}, before anything is
 * sent, when the server did not announce the extension; {@link io.mcphost.protocol.McpError} when the
 * server refuses (-32602 for an unknown skill or file). Experimental, as the extension is.
 */
public interface ClientSkills {

    /** Whether the server announced the extension (under {@code capabilities.extensions}). Never blocks. */
    boolean isOffered();

    /** Whether the server announced {@code directoryRead: true}, so {@link #readDirectory} may be called. Never blocks. */
    boolean directoryRead();

    /** Every skill entry the server lists ({@code skills/list}, every page). Reads no file. */
    List<Skill> list();

    /** One skill's current entry ({@code skills/get}), listed or not. Reads no file. */
    Skill get(String skillUri);

    /**
     * The direct children of a directory ({@code resources/directory/read}, every page); a subdirectory
     * has mime type {@code inode/directory}. Unverified: listing a directory is not loading a skill.
     *
     * @throws io.mcphost.protocol.McpCapabilityException before sending, without {@code directoryRead: true}
     */
    List<Resource> readDirectory(String directoryUri);

    /**
     * Loads a skill: refuses, before any read, an entry that is {@code "dynamic"}, whose {@code resources}
     * are missing or malformed, that lists more than 512 files or 16 MiB, or that does not list its own
     * {@code SKILL.md}; then reads {@code SKILL.md} from this client's server and checks its size, its
     * digest and that its YAML frontmatter equals the entry's {@code frontmatter}. The other files are
     * read only when asked for ({@link LoadedSkill#file}).
     *
     * @throws SkillVerificationException when the entry or its {@code SKILL.md} is refused; nothing read is returned
     */
    LoadedSkill load(Skill skill);
}
