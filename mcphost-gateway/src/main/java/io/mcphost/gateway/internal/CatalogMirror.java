package io.mcphost.gateway.internal;

import io.mcphost.host.Catalog;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.ServerOffer;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the gateway's offer equal to the host's catalog: tools and prompts under their exposed
 * (prefixed, filtered, at most 64 characters) names, resources and templates under their URIs, each
 * forwarded through {@link Forwarding}. Rebuilt whole on every {@link HostEvent.CatalogChanged};
 * the server then tells its clients which lists changed. Thread-safe.
 */
public final class CatalogMirror implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CatalogMirror.class);

    private final McpHost host;
    private final Forwarding forwarding;
    private final ReentrantLock rebuilding = new ReentrantLock();
    private final Consumer<HostEvent> listener = this::onEvent;
    private volatile McpServer server;

    public CatalogMirror(McpHost host, Forwarding forwarding) {
        this.host = host;
        this.forwarding = forwarding;
    }

    /** The offer of the catalog as it is now. */
    public ServerOffer offer() {
        return offerOf(host.catalog());
    }

    /** Follows the host's catalog into {@code target} from now on. */
    public void follow(McpServer target) {
        this.server = target;
        host.addListener(listener);
        refresh(); // a change between offer() and now is not lost
    }

    private void onEvent(HostEvent event) {
        if (event instanceof HostEvent.CatalogChanged) {
            refresh();
        }
    }

    /** Rebuilds the offer from the catalog; one rebuild at a time, so the last one wins with the newest catalog. */
    public void refresh() {
        McpServer target = server;
        if (target == null) {
            return;
        }
        rebuilding.lock();
        try {
            target.offer(offer());
        } catch (RuntimeException e) {
            LOG.warn("the gateway could not follow a catalog change", e);
        } finally {
            rebuilding.unlock();
        }
    }

    private ServerOffer offerOf(Catalog catalog) {
        ServerOffer.Builder offer = ServerOffer.builder();
        for (HostTool tool : catalog.tools()) {
            String name = tool.name();
            boolean mayRunAsTask = TaskRelay.mayRunAsTask(tool.tool());
            offer.tool(renamed(tool.tool(), name), call -> forwarding.callTool(name, mayRunAsTask, call));
        }
        for (HostPrompt prompt : catalog.prompts()) {
            String name = prompt.name();
            offer.prompt(renamed(prompt.prompt(), name), (arguments, input) -> forwarding.getPrompt(name, arguments, input));
        }
        // Two servers may list the same URI: the host routes it to one, so the offer lists it once.
        Set<String> uris = new HashSet<>();
        for (HostResource resource : catalog.resources()) {
            if (uris.add(resource.uri())) {
                offer.resource(resource.resource(), (uri, input) -> forwarding.readResource(uri, input));
            }
        }
        Set<String> templates = new HashSet<>();
        for (HostResourceTemplate template : catalog.resourceTemplates()) {
            if (templates.add(template.uriTemplate())) {
                offer.resourceTemplate(template.template(), (uri, input) -> forwarding.readResource(uri, input));
            }
        }
        return offer.build();
    }

    private static Tool renamed(Tool tool, String name) {
        return new Tool(name, tool.title(), tool.description(), tool.inputSchema(), tool.outputSchema(), tool.annotations(),
                tool.execution(), tool.icons(), tool.meta());
    }

    private static Prompt renamed(Prompt prompt, String name) {
        return new Prompt(name, prompt.title(), prompt.description(), prompt.arguments(), prompt.icons(), prompt.meta());
    }

    @Override
    public void close() {
        host.removeListener(listener);
    }
}
