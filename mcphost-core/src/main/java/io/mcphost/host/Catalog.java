package io.mcphost.host;

import io.mcphost.host.internal.catalog.NameAllocator;
import io.mcphost.host.internal.catalog.NameSuggester;
import io.mcphost.host.internal.catalog.UriTemplatePattern;
import io.mcphost.protocol.McpProtocolException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the host's servers offer, as one snapshot: tools, prompts and skills under exposed names,
 * resources and resource templates under their own URIs. Immutable and thread-safe; the host makes a
 * new catalog when a server's lists change. Lookups do no I/O and never block.
 *
 * <h2>The naming contract</h2>
 * <ul>
 *   <li><b>Shape.</b> With {@link ToolNaming#prefixed()} (the default) a tool's exposed name is
 *       {@code prefix + "__" + original}, the prefix being the server's configured {@code prefix},
 *       else its name: {@code github__create_issue}. With {@link ToolNaming#unprefixed()} it is the
 *       original name. Prompts follow the same rules, in a namespace of their own, and so do skills
 *       (Skills extension), named by their frontmatter {@code name}.</li>
 *   <li><b>Valid for every LLM API.</b> Every exposed name matches {@code ^[a-zA-Z0-9_-]{1,64}$}.
 *       Each other character becomes {@code '_'} ({@code my.server__get file} →
 *       {@code my_server__get_file}). A name still longer than 64 characters keeps its first 53
 *       characters and gets {@code "_"} plus 10 hex digits of the SHA-256 of the full, unreplaced
 *       {@code prefix + separator + original}, so two long names that share a beginning still differ.
 *       A name that is already valid is never changed by these rules.</li>
 *   <li><b>Collisions are resolved, never overwritten, and reported.</b> When two entries want the same
 *       name, the earlier server in configuration order keeps it (within one server: a name that needed
 *       no replacing first, then by original name). The other falls back to {@code prefix + separator +
 *       original} (with unprefixed naming), then to that name plus {@code "_"} and a short hash. Each
 *       such event is a {@link NameCollision} in {@link #collisions()}.</li>
 *   <li><b>Stable.</b> The same servers with the same lists and settings give the same names, in any
 *       JVM. A server added after the others never renames their tools, and a server listing its
 *       tools in a different order gets the same names.</li>
 *   <li><b>Filtered.</b> A tool is here only if its server's filter allows its original name and the
 *       host's filter allows it (matching its exposed or its original name, see {@link ToolFilter}).
 *       A tool the host's filter hides still holds its name, so changing that filter renames nothing;
 *       a tool its server's filter refuses is treated as never listed. Hidden tools are neither listed
 *       nor found by {@link #tool(String)}.</li>
 * </ul>
 * Always call a server with {@link HostTool#originalName()}, never by taking the exposed name apart:
 * the rules above mean a prefix cannot be split off reliably.
 *
 * <h2>Resources</h2>
 * Resources keep their URIs. When two servers offer the same URI (or the same URI template), the
 * earlier server's entry is kept, the other is left out and a collision is reported.
 * {@link #serverForUri(String)} routes a URI to a server.
 */
public final class Catalog {
    private static final Catalog EMPTY = new Catalog(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

    private record RoutedTemplate(UriTemplatePattern pattern, String server) {}

    private final List<HostTool> tools;
    private final List<HostPrompt> prompts;
    private final List<HostResource> resources;
    private final List<HostResourceTemplate> resourceTemplates;
    private final List<HostSkill> skills;
    private final List<NameCollision> collisions;
    private final Map<String, HostTool> toolsByName = new HashMap<>();
    private final Map<String, HostPrompt> promptsByName = new HashMap<>();
    private final Map<String, HostSkill> skillsByName = new HashMap<>();
    private final Map<String, String> serversByUri = new HashMap<>();
    private final List<RoutedTemplate> routedTemplates = new ArrayList<>();
    /** Made on the first unknown name (pure, so a race only makes it twice): most catalogs never need one. */
    private volatile NameSuggester toolSuggester;
    private volatile NameSuggester promptSuggester;
    private volatile NameSuggester skillSuggester;

    private Catalog(List<HostTool> tools, List<HostPrompt> prompts, List<HostResource> resources,
                    List<HostResourceTemplate> resourceTemplates, List<HostSkill> skills, List<NameCollision> collisions) {
        this.tools = List.copyOf(tools);
        this.prompts = List.copyOf(prompts);
        this.resources = List.copyOf(resources);
        this.resourceTemplates = List.copyOf(resourceTemplates);
        this.skills = List.copyOf(skills);
        this.collisions = List.copyOf(collisions);
        for (HostTool tool : this.tools) {
            requireValid(tool.name(), "tool");
            if (toolsByName.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
            }
        }
        for (HostPrompt prompt : this.prompts) {
            requireValid(prompt.name(), "prompt");
            if (promptsByName.putIfAbsent(prompt.name(), prompt) != null) {
                throw new IllegalArgumentException("two prompts are named '" + prompt.name() + "'");
            }
        }
        for (HostSkill skill : this.skills) {
            requireValid(skill.name(), "skill");
            if (skillsByName.putIfAbsent(skill.name(), skill) != null) {
                throw new IllegalArgumentException("two skills are named '" + skill.name() + "'");
            }
        }
        for (HostResource resource : this.resources) {
            if (serversByUri.putIfAbsent(resource.uri(), resource.server()) != null) {
                throw new IllegalArgumentException("two resources have the URI '" + resource.uri() + "'");
            }
        }
        for (HostResourceTemplate template : this.resourceTemplates) {
            routedTemplates.add(new RoutedTemplate(UriTemplatePattern.compile(template.uriTemplate()), template.server()));
        }
    }

    /** The catalog of a host without servers. */
    public static Catalog empty() {
        return EMPTY;
    }

    /**
     * A catalog of entries already named, in the order given; the host builds catalogs with
     * {@code io.mcphost.host.internal.catalog.CatalogBuilder}, which applies the naming contract. Copies the lists.
     *
     * @throws IllegalArgumentException if a tool or prompt name is invalid or used twice, or a resource
     *                                  URI is used twice
     */
    public static Catalog of(List<HostTool> tools, List<HostPrompt> prompts, List<HostResource> resources,
                             List<HostResourceTemplate> resourceTemplates, List<NameCollision> collisions) {
        return new Catalog(tools, prompts, resources, resourceTemplates, List.of(), collisions);
    }

    /**
     * {@link #of(List, List, List, List, List)} with skills as well.
     *
     * @throws IllegalArgumentException as that method does, and if a skill name is invalid or used twice
     */
    public static Catalog of(List<HostTool> tools, List<HostPrompt> prompts, List<HostResource> resources,
                             List<HostResourceTemplate> resourceTemplates, List<HostSkill> skills,
                             List<NameCollision> collisions) {
        return new Catalog(tools, prompts, resources, resourceTemplates, skills, collisions);
    }

    private static void requireValid(String name, String kind) {
        if (!NameAllocator.isValid(name)) {
            throw new IllegalArgumentException("a " + kind + " name must match ^[a-zA-Z0-9_-]{1,64}$, got '" + name + "'");
        }
    }

    /** The tools, server by server in configuration order, each server's in its listing order. */
    public List<HostTool> tools() {
        return tools;
    }

    /** The prompts, in the same order as {@link #tools()}. */
    public List<HostPrompt> prompts() {
        return prompts;
    }

    /** The resources, in server order; each URI once. */
    public List<HostResource> resources() {
        return resources;
    }

    /** The resource templates, in server order; each template once. */
    public List<HostResourceTemplate> resourceTemplates() {
        return resourceTemplates;
    }

    /**
     * The skills (Skills extension) of the servers that announce it, in the same order as {@link #tools()}:
     * the entries as listed, no file read. A server whose listing failed contributes none.
     */
    public List<HostSkill> skills() {
        return skills;
    }

    /** The tool exposed under this name; empty for unknown and hidden tools. */
    public Optional<HostTool> tool(String exposedName) {
        return Optional.ofNullable(toolsByName.get(exposedName));
    }

    /** The prompt exposed under this name. */
    public Optional<HostPrompt> prompt(String exposedName) {
        return Optional.ofNullable(promptsByName.get(exposedName));
    }

    /** The skill exposed under this name. */
    public Optional<HostSkill> skill(String exposedName) {
        return Optional.ofNullable(skillsByName.get(exposedName));
    }

    /** The tools of one server, in its listing order; empty for an unknown server. */
    public List<HostTool> toolsOf(String server) {
        return tools.stream().filter(t -> t.server().equals(server)).toList();
    }

    /** The prompts of one server, in its listing order. */
    public List<HostPrompt> promptsOf(String server) {
        return prompts.stream().filter(p -> p.server().equals(server)).toList();
    }

    /**
     * The server to read this URI from: the server that listed a resource with exactly this URI, else
     * the first server (in configuration order) with a resource template the URI could expand from.
     * Templates are matched by RFC 6570 expansion ({@code {var}} is one path segment, {@code {+var}}
     * anything, {@code {?q}} an optional query, and so on), leniently about percent-encoding.
     *
     * @throws McpProtocolException when no template matches and one was too large to match against this URI
     */
    public Optional<String> serverForUri(String uri) {
        String server = serversByUri.get(uri);
        if (server != null) {
            return Optional.of(server);
        }
        McpProtocolException undecided = null;
        for (RoutedTemplate template : routedTemplates) {
            try {
                if (template.pattern().matches(uri)) {
                    return Optional.of(template.server());
                }
            } catch (McpProtocolException e) {
                // Too costly to decide (thousands of parts against megabytes): the next templates may still match.
                undecided = undecided == null ? e : undecided;
            }
        }
        if (undecided != null) {
            throw undecided;
        }
        return Optional.empty();
    }

    /** The skills of one server, in its listing order. */
    public List<HostSkill> skillsOf(String server) {
        return skills.stream().filter(s -> s.server().equals(server)).toList();
    }

    /** Every name contest met while building this catalog, in the order met; see {@link NameCollision}. */
    public List<NameCollision> collisions() {
        return collisions;
    }

    /**
     * "Did you mean …?" for a tool name that is not here, among the listed tools: a name without its
     * prefix ({@code echo} → {@code demo__echo}), with the characters the catalog replaces, in another
     * case, or mistyped by a few characters. A name that is here suggests itself. Ties go to the tool
     * listed first.
     */
    public Optional<String> suggest(String unknownName) {
        NameSuggester suggester = toolSuggester;
        if (suggester == null) {
            suggester = new NameSuggester(tools.stream().map(t -> new NameSuggester.Candidate(t.name(), t.originalName())).toList());
            toolSuggester = suggester;
        }
        return suggester.suggest(unknownName);
    }

    /** "Did you mean …?" for a prompt name, by the rules of {@link #suggest(String)}. */
    public Optional<String> suggestPrompt(String unknownName) {
        NameSuggester suggester = promptSuggester;
        if (suggester == null) {
            suggester = new NameSuggester(prompts.stream().map(p -> new NameSuggester.Candidate(p.name(), p.originalName())).toList());
            promptSuggester = suggester;
        }
        return suggester.suggest(unknownName);
    }

    /** "Did you mean …?" for a skill name, by the rules of {@link #suggest(String)}. */
    public Optional<String> suggestSkill(String unknownName) {
        NameSuggester suggester = skillSuggester;
        if (suggester == null) {
            suggester = new NameSuggester(skills.stream().map(s -> new NameSuggester.Candidate(s.name(), s.originalName())).toList());
            skillSuggester = suggester;
        }
        return suggester.suggest(unknownName);
    }

    @Override
    public String toString() {
        return "Catalog[" + tools.size() + " tools, " + prompts.size() + " prompts, " + resources.size() + " resources, "
                + resourceTemplates.size() + " resource templates, " + skills.size() + " skills, "
                + collisions.size() + " collisions]";
    }
}
