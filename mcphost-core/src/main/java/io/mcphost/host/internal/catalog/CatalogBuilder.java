package io.mcphost.host.internal.catalog;

import io.mcphost.host.Catalog;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostSkill;
import io.mcphost.host.HostTool;
import io.mcphost.host.NameCollision;
import io.mcphost.host.ToolFilter;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.Tool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Builds a {@link Catalog} from what each server offers. Pure: no I/O, and the same offers in the
 * same order always give the same catalog. Not thread-safe; the catalogs it builds are.
 *
 * <p>Steps, for tools: the server's filter drops what it refuses (by original name), as if the server
 * had not listed it; the rest is named by {@link NameAllocator}, server by server in the order added;
 * then the global filter hides what it refuses (by exposed or original name). A tool the global
 * filter hides keeps its name reserved, so changing the global filter never renames another tool.
 * Prompts are named the same way, without filters, and so are skills (by their frontmatter {@code name},
 * the same allocator in a namespace of its own). Resources and templates keep their URIs; a
 * URI (or template) already offered by an earlier server is left out.
 */
public final class CatalogBuilder {
    private final ToolNaming naming;
    private final ToolFilter globalFilter;
    private final List<ServerOffer> offers = new ArrayList<>();
    private final Set<String> servers = new HashSet<>();
    private Catalog previous = Catalog.empty();

    public CatalogBuilder(ToolNaming naming, ToolFilter globalFilter) {
        this.naming = Objects.requireNonNull(naming, "naming");
        this.globalFilter = Objects.requireNonNull(globalFilter, "globalFilter");
    }

    /**
     * Adds the next server, in configuration order: an earlier server keeps a contested name.
     *
     * @throws IllegalArgumentException if a server of that name was added already
     */
    public CatalogBuilder add(ServerOffer offer) {
        Objects.requireNonNull(offer, "offer");
        if (!servers.add(offer.server())) {
            throw new IllegalArgumentException("server '" + offer.server() + "' is already in this catalog");
        }
        offers.add(offer);
        return this;
    }

    /**
     * The catalog this one replaces: every tool and prompt it exposed keeps its name while its server
     * still offers it, so a server that adds an entry at runtime never takes a name from another.
     */
    public CatalogBuilder after(Catalog previous) {
        this.previous = Objects.requireNonNull(previous, "previous");
        return this;
    }

    /** The catalog of everything added so far. */
    public Catalog build() {
        List<NameCollision> collisions = new ArrayList<>();

        // Looked up by server, then by name: with 50 servers of 200 tools, scanning the offers for each
        // previously exposed tool made every rebuild quadratic (seconds for a host's start).
        Map<String, ServerOffer> byServer = new HashMap<>();
        Map<String, Set<String>> toolsOf = new HashMap<>();
        Map<String, Set<String>> promptsOf = new HashMap<>();
        Map<String, Set<String>> skillsOf = new HashMap<>();
        for (ServerOffer offer : offers) {
            byServer.put(offer.server(), offer);
            toolsOf.put(offer.server(), offer.tools().stream().map(Tool::name).collect(Collectors.toSet()));
            promptsOf.put(offer.server(), offer.prompts().stream().map(Prompt::name).collect(Collectors.toSet()));
            skillsOf.put(offer.server(), offer.skills().stream().map(Skill::name).collect(Collectors.toSet()));
        }

        NameAllocator toolNames = new NameAllocator(naming, NameCollision.Kind.TOOL);
        for (HostTool tool : previous.tools()) {
            ServerOffer offer = byServer.get(tool.server());
            if (offer != null && offer.filter().allows(tool.tool().name()) && toolsOf.get(tool.server()).contains(tool.tool().name())) {
                toolNames.keep(tool.name(), tool.server(), tool.tool().name());
            }
        }
        List<HostTool> tools = new ArrayList<>();
        for (ServerOffer offer : offers) {
            List<Tool> offered = offer.tools().stream().filter(t -> offer.filter().allows(t.name())).toList();
            Map<String, String> names = toolNames.allocate(offer.server(), offer.prefix(),
                    offered.stream().map(Tool::name).toList());
            Set<String> seen = new HashSet<>();
            for (Tool tool : offered) {
                String name = names.get(tool.name());
                if (seen.add(tool.name()) && globalFilter.allows(name, tool.name())) {
                    tools.add(new HostTool(name, offer.server(), tool));
                }
            }
        }
        collisions.addAll(toolNames.collisions());

        NameAllocator promptNames = new NameAllocator(naming, NameCollision.Kind.PROMPT);
        for (HostPrompt prompt : previous.prompts()) {
            if (promptsOf.getOrDefault(prompt.server(), Set.of()).contains(prompt.prompt().name())) {
                promptNames.keep(prompt.name(), prompt.server(), prompt.prompt().name());
            }
        }
        List<HostPrompt> prompts = new ArrayList<>();
        for (ServerOffer offer : offers) {
            Map<String, String> names = promptNames.allocate(offer.server(), offer.prefix(),
                    offer.prompts().stream().map(Prompt::name).toList());
            Set<String> seen = new HashSet<>();
            for (Prompt prompt : offer.prompts()) {
                if (seen.add(prompt.name())) {
                    prompts.add(new HostPrompt(names.get(prompt.name()), offer.server(), prompt));
                }
            }
        }
        collisions.addAll(promptNames.collisions());

        NameAllocator skillNames = new NameAllocator(naming, NameCollision.Kind.SKILL);
        for (HostSkill skill : previous.skills()) {
            if (skillsOf.getOrDefault(skill.server(), Set.of()).contains(skill.originalName())) {
                skillNames.keep(skill.name(), skill.server(), skill.originalName());
            }
        }
        List<HostSkill> skills = new ArrayList<>();
        for (ServerOffer offer : offers) {
            Map<String, String> names = skillNames.allocate(offer.server(), offer.prefix(),
                    offer.skills().stream().map(Skill::name).toList());
            Set<String> seen = new HashSet<>();
            for (Skill skill : offer.skills()) {
                // Two entries of one server with the same name: the first is kept, the repeat is a reported collision.
                if (seen.add(skill.name())) {
                    skills.add(new HostSkill(names.get(skill.name()), offer.server(), skill));
                }
            }
        }
        collisions.addAll(skillNames.collisions());

        List<HostResource> resources = firstByKey(NameCollision.Kind.RESOURCE, ServerOffer::resources,
                r -> r.uri(), HostResource::new, collisions);
        List<HostResourceTemplate> templates = firstByKey(NameCollision.Kind.RESOURCE_TEMPLATE, ServerOffer::templates,
                t -> t.uriTemplate(), HostResourceTemplate::new, collisions);
        return Catalog.of(tools, prompts, resources, templates, skills, collisions);
    }

    private interface Entry<T, H> {
        H of(String server, T item);
    }

    /** Keeps the first entry for each key (URI or template) in server order; reports the others. */
    private <T, H> List<H> firstByKey(NameCollision.Kind kind, Function<ServerOffer, List<T>> items,
                                      Function<T, String> key, Entry<T, H> entry, List<NameCollision> collisions) {
        List<H> kept = new ArrayList<>();
        Map<String, List<String>> claimants = new LinkedHashMap<>();
        for (ServerOffer offer : offers) {
            for (T item : items.apply(offer)) {
                List<String> servers = claimants.computeIfAbsent(key.apply(item), k -> new ArrayList<>());
                servers.add(offer.server());
                if (servers.size() == 1) {
                    kept.add(entry.of(offer.server(), item));
                }
            }
        }
        String noun = kind == NameCollision.Kind.RESOURCE ? "resource" : "resource template";
        claimants.forEach((name, servers) -> {
            if (servers.size() > 1) {
                String text = noun + " '" + name + "' is offered " + servers.size() + " times; the one of '"
                        + servers.getFirst() + "' is used, the others are left out";
                collisions.add(new NameCollision(name, servers, text, kind, servers.stream().map(s -> name).toList()));
            }
        });
        return kept;
    }
}
