package io.mcphost.protocol.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The YAML frontmatter of a skill's {@code SKILL.md} (the Skills extension): one reading of it for the client,
 * which compares it with a skill entry before the application sees the skill, and for the server toolkit, which
 * builds the entry from it. Parsed by a YAML parser (Jackson's), never by hand. Stateless and thread-safe.
 */
public final class SkillFrontmatter {
    private static final YAMLMapper YAML = YAMLMapper.builder().build();
    /** The leading {@code ---} … {@code ---} block, lines ended by LF or CRLF; the closing line may end the file. */
    private static final Pattern BLOCK = Pattern.compile("\\A---[ \\t]*\\r?\\n(.*?)\\r?\\n---[ \\t]*(?:\\r?\\n|\\z)", Pattern.DOTALL);
    /** The opening line alone. */
    private static final Pattern OPENING = Pattern.compile("\\A---[ \\t]*\\r?\\n");

    private SkillFrontmatter() {
    }

    /**
     * The frontmatter at the very start of {@code text}, as a JSON object.
     *
     * @throws IllegalArgumentException saying what is wrong, as a fragment to follow the file's name:
     *         "does not start with a YAML frontmatter block …", "has a frontmatter block that is not closed …",
     *         "frontmatter is not valid YAML (…)" or
     *         "frontmatter is not a YAML mapping"
     */
    public static ObjectNode read(String text) {
        Matcher block = BLOCK.matcher(text);
        if (!block.find()) {
            throw new IllegalArgumentException(OPENING.matcher(text).lookingAt()
                    ? "has a frontmatter block that is not closed by a '---' line"
                    : "does not start with a YAML frontmatter block ('---' lines around it)");
        }
        JsonNode parsed;
        try {
            parsed = YAML.readTree(block.group(1));
        } catch (JacksonException e) {
            throw new IllegalArgumentException("frontmatter is not valid YAML (" + e.getOriginalMessage() + ")", e);
        }
        if (!(parsed instanceof ObjectNode object)) {
            throw new IllegalArgumentException("frontmatter is not a YAML mapping");
        }
        return object;
    }
}
