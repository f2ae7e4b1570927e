package io.mcphost.protocol.skills;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A skill's entry (its manifest) in {@code skills/list} and {@code skills/get}: where its {@code SKILL.md}
 * is, the frontmatter of that file, and either every file of the skill with its size and digest or
 * {@code "dynamic"}. Immutable: the JSON values are deep copies. The entry is what a server claims;
 * nothing here has been checked against the files.
 *
 * @param uri         the URI of the skill's {@code SKILL.md}, e.g. {@code skill://pdf-processing/SKILL.md}
 * @param frontmatter the {@code SKILL.md}'s YAML frontmatter as JSON: {@code name}, {@code description} and
 *                    every other field as written
 * @param resources   as sent: an array of {@link SkillResource} objects, or the string {@code "dynamic"};
 *                    null (absent) for an entry that lists neither, which a host must not load
 */
public record Skill(String uri, ObjectNode frontmatter, JsonNode resources) {
    private static final JsonMapper JSON = JsonMapper.shared();

    public Skill {
        Objects.requireNonNull(uri, "uri");
        frontmatter = frontmatter == null ? JsonNodeFactory.instance.objectNode() : frontmatter.deepCopy();
        resources = resources == null || resources.isNull() || resources.isMissingNode() ? null : resources.deepCopy();
    }

    /** An entry that lists its files. */
    public static Skill of(String uri, ObjectNode frontmatter, List<SkillResource> files) {
        return new Skill(uri, frontmatter, JSON.valueToTree(files));
    }

    /** The frontmatter's {@code name}; empty when it has none. */
    public String name() {
        return frontmatter.path("name").asString("");
    }

    /** The frontmatter's {@code description}; empty when it has none. */
    public String description() {
        return frontmatter.path("description").asString("");
    }

    /** The skill's directory: its URI without {@code /SKILL.md} (the URI itself when it does not end so). */
    public String directory() {
        String suffix = "/" + SkillsProtocol.SKILL_FILE;
        return uri.endsWith(suffix) ? uri.substring(0, uri.length() - suffix.length()) : uri;
    }

    /** Whether the server does not list the files ({@code "resources": "dynamic"}). Not a JSON property. */
    @JsonIgnore
    public boolean isDynamic() {
        return resources != null && resources.isString() && SkillsProtocol.DYNAMIC.equals(resources.asString());
    }

    /**
     * The listed files; empty when the entry is dynamic, lists nothing, or its list is not an array of
     * well-formed entries (each with a string {@code uri} and {@code digest} and a non-negative integer
     * {@code size}): such an entry must not be loaded.
     */
    public Optional<List<SkillResource>> files() {
        if (resources == null || !resources.isArray()) {
            return Optional.empty();
        }
        List<SkillResource> files = new ArrayList<>(resources.size());
        for (JsonNode file : resources) {
            JsonNode size = file.path("size");
            if (!file.path("uri").isString() || !file.path("digest").isString() || !size.isIntegralNumber()
                    || !size.canConvertToLong() || size.asLong() < 0) {
                return Optional.empty();
            }
            files.add(new SkillResource(file.get("uri").asString(), file.get("digest").asString(), size.asLong()));
        }
        return Optional.of(List.copyOf(files));
    }
}
