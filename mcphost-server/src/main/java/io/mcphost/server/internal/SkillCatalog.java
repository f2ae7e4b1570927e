package io.mcphost.server.internal;

import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillsProtocol;
import io.mcphost.server.skills.SkillDirectory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The skills a server serves (Skills extension), fixed at build time: their entries in registration order,
 * their files as resources, and every directory of every skill with its direct children (for
 * {@code resources/directory/read}). Immutable.
 */
public final class SkillCatalog {
    public static final SkillCatalog EMPTY = new SkillCatalog(List.of());

    private final List<Skill> entries;
    private final Map<String, SkillDirectory> byUri = new LinkedHashMap<>();
    private final List<Registry.ResourceEntry> resources;
    /** Directory URI (no trailing slash) to its children by URI, subdirectories as inode/directory resources. */
    private final Map<String, Map<String, Resource>> directories = new LinkedHashMap<>();

    /** @throws IllegalArgumentException if two skills have the same {@code SKILL.md} URI */
    public SkillCatalog(List<SkillDirectory> skills) {
        List<Registry.ResourceEntry> files = new ArrayList<>();
        for (SkillDirectory skill : skills) {
            if (byUri.putIfAbsent(skill.uri(), skill) != null) {
                throw new IllegalArgumentException("a skill at '" + skill.uri() + "' is already registered");
            }
            for (Resource resource : skill.resources()) {
                files.add(new Registry.ResourceEntry(resource, (uri, input) -> skill.read(uri).orElseThrow()));
                index(skill.directoryUri(), resource);
            }
        }
        this.resources = List.copyOf(files);
        this.entries = skills.stream().map(SkillDirectory::entry).toList();
    }

    /** Files the skill's root under each directory on the way down to it. */
    private void index(String root, Resource file) {
        String parent = root;
        directories.computeIfAbsent(parent, d -> new TreeMap<>());
        String[] segments = file.uri().substring(root.length() + 1).split("/");
        for (int i = 0; i < segments.length - 1; i++) {
            String dir = parent + "/" + segments[i];
            String name = segments[i];
            directories.get(parent).putIfAbsent(dir, Resource.of(dir, name, null, SkillsProtocol.DIRECTORY_MIME_TYPE));
            directories.computeIfAbsent(dir, d -> new TreeMap<>());
            parent = dir;
        }
        directories.get(parent).put(file.uri(), file);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The entries, in registration order. */
    public List<Skill> entries() {
        return entries;
    }

    /** The entry whose {@code SKILL.md} is at {@code uri}. */
    public Optional<Skill> entry(String uri) {
        return Optional.ofNullable(byUri.get(uri)).map(SkillDirectory::entry);
    }

    /** Every file of every skill as a readable resource. */
    public List<Registry.ResourceEntry> resources() {
        return resources;
    }

    /** The direct children of the skill directory at {@code uri}; empty when it is not one. */
    public Optional<List<Resource>> directory(String uri) {
        return Optional.ofNullable(directories.get(uri)).map(children -> List.copyOf(children.values()));
    }
}
