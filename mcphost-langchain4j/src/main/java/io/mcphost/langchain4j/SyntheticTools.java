package io.mcphost.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.prompts.PromptArgument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The optional {@code read_resource} and {@code get_prompt} tools: they let a model pull MCP resources
 * and prompts into the conversation on its own, since a LangChain4j AI service has no other channel
 * through which a model can ask for them. Their descriptions list what the catalog offers, so they are
 * rebuilt with it. Thread-safe.
 */
final class SyntheticTools {
    private static final Logger log = LoggerFactory.getLogger(McpToolProvider.class);
    private static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");
    /** Long catalogs would crowd the model's context; beyond this the model is told to ask by URI. */
    private static final int MAX_LISTED = 50;

    private final McpHost host;
    private final String resourceTool;
    private final String promptTool;

    /** A null name leaves that tool out. */
    SyntheticTools(McpHost host, String resourceTool, String promptTool) {
        this.host = host;
        this.resourceTool = resourceTool;
        this.promptTool = promptTool;
    }

    static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a tool name must match " + NAME.pattern() + ", got '" + name + "'");
        }
        return name;
    }

    void addTo(ToolProviderResult.Builder result, Catalog catalog) {
        if (resourceTool != null && !(catalog.resources().isEmpty() && catalog.resourceTemplates().isEmpty())
                && isFree(resourceTool, catalog)) {
            result.add(resourceSpecification(catalog), new Executor(true));
        }
        if (promptTool != null && !catalog.prompts().isEmpty() && isFree(promptTool, catalog)) {
            result.add(promptSpecification(catalog), new Executor(false));
        }
    }

    /** Whether no catalog tool has this name; says so at WARN when one has (then the synthetic tool is not offered). */
    static boolean isFree(String name, Catalog catalog) {
        if (catalog.tool(name).isEmpty()) {
            return true;
        }
        log.warn("The synthetic tool '{}' is not offered: a server's tool has the same name (the resource and prompt "
                + "tools can be renamed with McpToolProvider.Builder; the skill tools cannot)", name);
        return false;
    }

    private ToolSpecification resourceSpecification(Catalog catalog) {
        StringBuilder text = new StringBuilder("Reads a resource (a document, file or record) by its URI and returns its contents.");
        List<HostResource> resources = catalog.resources();
        if (!resources.isEmpty()) {
            text.append(" Known resources:");
            resources.stream().limit(MAX_LISTED).forEach(r -> text.append("\n- ").append(r.uri())
                    .append(r.resource().description().map(d -> ": " + d).orElse("")));
            if (resources.size() > MAX_LISTED) {
                text.append("\n(and ").append(resources.size() - MAX_LISTED).append(" more)");
            }
        }
        List<HostResourceTemplate> templates = catalog.resourceTemplates();
        if (!templates.isEmpty()) {
            text.append("\nURI templates (fill in the {placeholders}):");
            templates.stream().limit(MAX_LISTED).forEach(t -> text.append("\n- ").append(t.template().uriTemplate())
                    .append(t.template().description().map(d -> ": " + d).orElse("")));
        }
        return ToolSpecification.builder().name(resourceTool).description(text.toString())
                .parameters(JsonObjectSchema.builder()
                        .addProperty("uri", JsonStringSchema.builder().description("The resource's URI").build())
                        .required("uri").build())
                .build();
    }

    private ToolSpecification promptSpecification(Catalog catalog) {
        StringBuilder text = new StringBuilder("Gets a prompt template, filled in with the arguments, as text. Prompts:");
        for (HostPrompt prompt : catalog.prompts()) {
            text.append("\n- ").append(prompt.name()).append(prompt.prompt().description().map(d -> ": " + d).orElse(""));
            for (PromptArgument argument : prompt.prompt().arguments()) {
                text.append("\n  - argument '").append(argument.name()).append("'")
                        .append(argument.required() ? " (required)" : "")
                        .append(argument.description().map(d -> ": " + d).orElse(""));
            }
        }
        return ToolSpecification.builder().name(promptTool).description(text.toString())
                .parameters(JsonObjectSchema.builder()
                        .addProperty("name", JsonEnumSchema.builder().description("The prompt's name")
                                .enumValues(catalog.prompts().stream().map(HostPrompt::name).toList()).build())
                        .addProperty("arguments", JsonObjectSchema.builder()
                                .description("The prompt's arguments by name; every value is a string").build())
                        .required("name").build())
                .build();
    }

    /** Executes either synthetic tool; failures are error results the model reads. */
    private final class Executor extends ModelToolExecutor {
        private final boolean resource;

        Executor(boolean resource) {
            this.resource = resource;
        }

        @Override
        ToolExecutionResult call(JsonNode arguments, InvocationContext context) {
            return text(resource
                    ? McpContents.text(host.readResource(arguments.path("uri").asString("")))
                    : McpContents.text(host.getPrompt(arguments.path("name").asString(""), stringMap(arguments.path("arguments")))));
        }

        private static Map<String, String> stringMap(JsonNode object) {
            Map<String, String> map = new LinkedHashMap<>();
            // Prompt arguments are strings in MCP; a model that sends 3 instead of "3" still means "3".
            object.properties().forEach(e -> map.put(e.getKey(), e.getValue().isString() ? e.getValue().asString() : e.getValue().toString()));
            return map;
        }
    }
}
