package io.mcphost.host.internal.catalog;

import io.mcphost.host.ToolFilter;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.Objects;

/**
 * What one server offers, as last listed, with the host's settings for it: the input of
 * {@link CatalogBuilder}. Immutable.
 *
 * @param server    the server's name in the configuration, unique among the offers of one catalog
 * @param prefix    the prefix for its tool and prompt names (the configured {@code prefix}, else the
 *                  server's name); the empty string names its entries as if unprefixed
 * @param filter    the server's own tool filter, applied to original names
 * @param tools     its tools, in the order it listed them
 * @param prompts   its prompts
 * @param resources its resources
 * @param templates its resource templates
 * @param skills    its skill entries (Skills extension), as listed; empty when it does not announce the extension
 */
public record ServerOffer(String server, String prefix, ToolFilter filter, List<Tool> tools, List<Prompt> prompts,
                          List<Resource> resources, List<ResourceTemplate> templates, List<Skill> skills) {
    public ServerOffer {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(filter, "filter");
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        skills = List.copyOf(skills);
    }

    /** An offer without skills. */
    public ServerOffer(String server, String prefix, ToolFilter filter, List<Tool> tools, List<Prompt> prompts,
                       List<Resource> resources, List<ResourceTemplate> templates) {
        this(server, prefix, filter, tools, prompts, resources, templates, List.of());
    }

    /** A server that offers only tools, prefixed by its name and unfiltered. */
    public static ServerOffer ofTools(String server, List<Tool> tools) {
        return new ServerOffer(server, server, ToolFilter.all(), tools, List.of(), List.of(), List.of());
    }
}
