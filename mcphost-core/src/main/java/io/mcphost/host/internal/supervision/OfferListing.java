package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.host.internal.catalog.Offer;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a connected server what it offers, following every page; blocks for the requests' deadlines.
 * Only the lists whose capability the server announced are asked for. A server that announced tools
 * but fails to list them fails its start; prompts and resources that fail to list with a server error
 * are logged and left empty, since a server whose tools work is worth keeping. Skills (an extension) are
 * asked for only when the server announced {@code io.modelcontextprotocol/skills}, and only their entries:
 * no file is read. A skills listing that fails, with a server error or a malformed answer, is logged and
 * left empty too.
 */
final class OfferListing {
    private static final Logger LOG = LoggerFactory.getLogger(OfferListing.class);

    private OfferListing() {
    }

    /** Everything the server announced. @throws McpException if tools cannot be listed, or the connection fails */
    static Offer list(McpClient client) {
        ServerCapabilities caps = client.serverCapabilities();
        List<Tool> tools = caps.tools().isPresent() ? client.listTools() : List.of();
        List<Prompt> prompts = caps.prompts().isPresent() ? lenient(client, "prompts", client::listPrompts) : List.of();
        List<Resource> resources = caps.resources().isPresent() ? lenient(client, "resources", client::listResources) : List.of();
        List<ResourceTemplate> templates = caps.resources().isPresent()
                ? lenient(client, "resource templates", client::listResourceTemplates) : List.of();
        return new Offer(tools, prompts, resources, templates, skills(client));
    }

    /** The lists of one kind, asked again after {@code list_changed}; the other kinds are left empty. */
    static Offer relist(McpClient client, ListKind kind) {
        return switch (kind) {
            case TOOLS -> new Offer(client.listTools(), List.of(), List.of(), List.of());
            case PROMPTS -> new Offer(List.of(), client.listPrompts(), List.of(), List.of());
            case RESOURCES -> new Offer(List.of(), List.of(), client.listResources(),
                    lenient(client, "resource templates", client::listResourceTemplates), skills(client));
        };
    }

    /** The skill entries, when the server announced the extension; a skill's files are resources, so they are relisted with them. */
    private static List<Skill> skills(McpClient client) {
        if (!client.skills().isOffered()) {
            return List.of();
        }
        try {
            return client.skills().list();
        } catch (McpError | McpProtocolException e) {
            LOG.warn("server '{}' announced skills but could not list them: {}", client.name(), e.getMessage());
            return List.of();
        }
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
