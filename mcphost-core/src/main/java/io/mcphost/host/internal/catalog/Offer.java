package io.mcphost.host.internal.catalog;

import io.mcphost.client.ListKind;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.Tool;
import java.util.List;

/**
 * What one server offered when it was last listed. Immutable; the listing itself (I/O) is done by
 * the supervisor, so this package stays pure. Skills (entries only, never files) belong with the
 * resources: a skill's files are resources, and no list_changed of their own exists.
 */
public record Offer(List<Tool> tools, List<Prompt> prompts, List<Resource> resources, List<ResourceTemplate> templates,
                    List<Skill> skills) {
    public Offer {
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        skills = List.copyOf(skills);
    }

    /** An offer without skills. */
    public Offer(List<Tool> tools, List<Prompt> prompts, List<Resource> resources, List<ResourceTemplate> templates) {
        this(tools, prompts, resources, templates, List.of());
    }

    /** This offer with the lists of one kind replaced by {@code relisted} (whose other kinds are ignored). */
    public Offer with(ListKind kind, Offer relisted) {
        return switch (kind) {
            case TOOLS -> new Offer(relisted.tools, prompts, resources, templates, skills);
            case PROMPTS -> new Offer(tools, relisted.prompts, resources, templates, skills);
            case RESOURCES -> new Offer(tools, prompts, relisted.resources, relisted.templates, relisted.skills);
        };
    }
}
