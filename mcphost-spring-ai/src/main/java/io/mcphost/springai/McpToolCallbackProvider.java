package io.mcphost.springai;

import io.mcphost.client.CallOptions;
import io.mcphost.host.Catalog;
import io.mcphost.host.CatalogView;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Spring AI {@link ToolCallbackProvider} that offers every tool of an {@link McpHost}:
 * {@code chatClient.prompt(question).toolCallbacks(new McpToolCallbackProvider(host)).call()}, or
 * {@code ToolCallingChatOptions.builder().toolCallbacks(provider.getToolCallbacks())}.
 *
 * <p><b>Definitions.</b> Each catalog tool becomes a {@link McpToolCallback} named by its exposed name,
 * described by its description (else its title, else its name), whose input schema is the tool's JSON schema passed
 * through as JSON text: Spring AI hands it to the model provider as it is, so nothing is lost. Only
 * two repairs are made, the ones model APIs insist on: {@code "type": "object"} is added when missing
 * and {@code "properties": {}} to an object schema without them. A schema that is not an object
 * schema at all cannot be offered; it is replaced by an empty object schema, logged at WARN once and
 * listed by {@link #schemaIssues()}.
 *
 * <p><b>Freshness.</b> {@link #getToolCallbacks()} compares the host's catalog snapshot with the one
 * it last translated and translates again only after a change (a server came, went or sent
 * {@code list_changed}). Spring AI asks for the callbacks when a request is built, so a
 * {@code ChatClient} that is given this provider (not a copy of its array) sees new tools on its next
 * request.
 *
 * <p>Thread-safe; never blocks on I/O (the catalog is in memory). Execution: see {@link McpToolCallback}.
 */
public final class McpToolCallbackProvider implements ToolCallbackProvider {
    private static final Logger log = LoggerFactory.getLogger(McpToolCallbackProvider.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final McpHost host;
    private final CallOptions options;
    private final Predicate<HostTool> filter;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** The catalog as the framework sees it, translated again only when the catalog changed. */
    private final CatalogView<Translation> translations;

    /** A provider for all the host's tools, called with the host's default call options. */
    public McpToolCallbackProvider(McpHost host) {
        this(host, CallOptions.defaults(), tool -> true);
    }

    /**
     * A provider for the host's tools that pass {@code filter} (on top of the host's own filters),
     * each called with {@code options} (deadline, progress).
     */
    public McpToolCallbackProvider(McpHost host, CallOptions options, Predicate<HostTool> filter) {
        this.host = Objects.requireNonNull(host, "host");
        this.translations = CatalogView.of(this.host, this::translate);
        this.options = Objects.requireNonNull(options, "options");
        this.filter = Objects.requireNonNull(filter, "filter");
    }

    /** The callbacks for the current catalog, in catalog order; a new array each time, the callbacks shared. */
    @Override
    public ToolCallback[] getToolCallbacks() {
        return translation().callbacks().toArray(ToolCallback[]::new);
    }

    /** The tools that could not be offered with their own schema, as "tool: what was done"; usually empty. */
    public List<String> schemaIssues() {
        return translation().issues();
    }

    private Translation translation() {
        return translations.get();
    }

    private Translation translate(Catalog catalog) {
        List<ToolCallback> callbacks = new ArrayList<>();
        List<String> issues = new ArrayList<>();
        for (HostTool tool : catalog.tools()) {
            if (!filter.test(tool)) {
                continue;
            }
            JsonNode schema = tool.tool().inputSchema();
            ObjectNode parameters;
            if (schema.isObject() && "object".equals(schema.path("type").asString("object"))) {
                parameters = (ObjectNode) schema.deepCopy();
                parameters.put("type", "object");
                if (!parameters.has("properties")) {
                    parameters.putObject("properties");
                }
            } else {
                String issue = tool.name() + ": its input schema is not an object schema (" + schema
                        + "); it is offered with no parameters";
                issues.add(issue);
                if (warned.add(issue)) {
                    log.warn("Tool '{}' of server '{}': its input schema is not an object schema, which model APIs "
                            + "require; it is offered with no parameters", tool.name(), tool.server());
                }
                parameters = NODES.objectNode().put("type", "object");
                parameters.putObject("properties");
            }
            ToolDefinition definition = ToolDefinition.builder()
                    .name(tool.name())
                    .description(description(tool.tool()))
                    .inputSchema(parameters.toString())
                    .build();
            callbacks.add(new McpToolCallback(host, definition, options));
        }
        return new Translation(List.copyOf(callbacks), List.copyOf(issues));
    }

    /**
     * The description for a model: the tool's description, else its title, else its name. Spring AI
     * refuses an empty description, and names it after the method for its own tools in the same case.
     */
    private static String description(Tool tool) {
        return tool.description().filter(d -> !d.isBlank())
                .or(() -> tool.title().filter(t -> !t.isBlank()))
                .or(() -> tool.annotations().flatMap(ToolAnnotations::title).filter(t -> !t.isBlank()))
                .orElse(tool.name());
    }

    /** The catalog snapshot the callbacks were made from, so a changed catalog is noticed by identity. */
    private record Translation(List<ToolCallback> callbacks, List<String> issues) { }
}
