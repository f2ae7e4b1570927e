package io.mcphost.host.internal;

import io.mcphost.client.McpClient;
import io.mcphost.host.HostEvent.CatalogKind;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one server offered when it was last listed. Only the lists whose capability the server
 * announced are asked for. A server that announced tools but fails to list them fails its start;
 * prompts and resources that fail to list with a server error are logged and left empty, since a
 * server whose tools work is worth keeping.
 */
public record Offer(List<Tool> tools, List<Prompt> prompts, List<Resource> resources, List<ResourceTemplate> templates) {
    private static final Logger LOG = LoggerFactory.getLogger(Offer.class);

    public Offer {
        tools = List.copyOf(tools);
        prompts = List.copyOf(prompts);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
    }

    /** Lists everything the server announced, following every page. */
    static Offer list(McpClient client) {
        ServerCapabilities caps = client.serverCapabilities();
        List<Tool> tools = caps.tools().isPresent() ? client.listTools() : List.of();
        List<Prompt> prompts = caps.prompts().isPresent() ? lenient(client, "prompts", client::listPrompts) : List.of();
        List<Resource> resources = caps.resources().isPresent() ? lenient(client, "resources", client::listResources) : List.of();
        List<ResourceTemplate> templates = caps.resources().isPresent()
                ? lenient(client, "resource templates", client::listResourceTemplates) : List.of();
        return new Offer(tools, prompts, resources, templates);
    }

    /** This offer with one kind listed again. */
    Offer relist(McpClient client, CatalogKind kind) {
        return switch (kind) {
            case TOOLS -> new Offer(client.listTools(), prompts, resources, templates);
            case PROMPTS -> new Offer(tools, client.listPrompts(), resources, templates);
            case RESOURCES -> new Offer(tools, prompts, client.listResources(),
                    lenient(client, "resource templates", client::listResourceTemplates));
        };
    }

    private static <T> List<T> lenient(McpClient client, String what, Supplier<List<T>> list) {
        try {
            return list.get();
        } catch (McpError e) {
            LOG.warn("server '{}' announced {} but could not list them: {}", client.name(), what, e.getMessage());
            return List.of();
        }
    }
}
