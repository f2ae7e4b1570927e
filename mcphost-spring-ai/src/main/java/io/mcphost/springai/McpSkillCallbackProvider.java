package io.mcphost.springai;

import io.mcphost.host.Catalog;
import io.mcphost.host.CatalogView;
import io.mcphost.host.HostSkill;
import io.mcphost.host.McpHost;
import io.mcphost.host.ModelSkills;
import io.mcphost.protocol.McpException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The skills of an {@link McpHost} (Skills extension, {@code io.modelcontextprotocol/skills}) as three Spring AI
 * {@link ToolCallback}s, next to the host's tools:
 * {@code chatClientBuilder.defaultToolCallbacks(mcpToolCallbackProvider, new McpSkillCallbackProvider(host))}.
 * With Spring Boot, {@code mcphost.skills.enabled=true} makes it a bean.
 *
 * <ul>
 *   <li>{@code list_skills}: each skill's exposed name, server and description (no file is read);</li>
 *   <li>{@code load_skill(name)}: the skill's instructions, read from the server that listed it and returned
 *       only after their size, digest and frontmatter matched its entry, between lines naming the skill and
 *       server and saying the text is untrusted and grants nothing (its description lists the skills too);</li>
 *   <li>{@code read_skill_file(name, path)}: one file the loaded skill's entry lists, from the same server,
 *       verified the same way.</li>
 * </ul>
 * The work is {@link ModelSkills}'s, so LangChain4j applications see the same. Frontmatter fields such as
 * {@code allowed-tools} are never applied: a skill grants nothing.
 *
 * <p><b>Failures</b> are thrown as a {@link ToolExecutionException}, the way Spring AI's own tools fail; its
 * message is the text the model reads (Spring AI's default {@code ToolExecutionExceptionProcessor} hands it on).
 * Its cause says what happened: a {@link io.mcphost.client.SkillVerificationException} when a skill or file was
 * refused (nothing of it reaches the model) or a file is not listed, another {@link McpException} when there is
 * no such skill or its server is unavailable, an {@link IllegalArgumentException} for bad arguments. An
 * application that would rather stop the conversation on a refused skill lists
 * {@code SkillVerificationException.class} among the processor's rethrown exceptions.
 *
 * <p><b>Freshness.</b> The callbacks are offered while the catalog has skills, and made again when it changed
 * (their descriptions list the skills). A callback is left out, with a WARN once, while a catalog tool has its
 * name. Thread-safe; {@link #getToolCallbacks()} never blocks; a call blocks for its reads (each at most the
 * server's request timeout). Loading is not a tool call: the host's tool interceptors do not see it.
 */
public final class McpSkillCallbackProvider implements ToolCallbackProvider {
    private static final Logger log = LoggerFactory.getLogger(McpSkillCallbackProvider.class);

    private final ModelSkills skills;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    private final CatalogView<List<ToolCallback>> callbacks;

    /** The skill tools of {@code host}, which must be started (or start later) by the caller. Reads nothing yet. */
    public McpSkillCallbackProvider(McpHost host) {
        Objects.requireNonNull(host, "host");
        this.skills = ModelSkills.of(host);
        this.callbacks = CatalogView.of(host, this::translate);
    }

    /** The callbacks for the current catalog: none while it has no skills; a new array each time, the callbacks shared. */
    @Override
    public ToolCallback[] getToolCallbacks() {
        return callbacks.get().toArray(ToolCallback[]::new);
    }

    private List<ToolCallback> translate(Catalog catalog) {
        if (catalog.skills().isEmpty()) {
            return List.of();
        }
        List<ToolCallback> made = new ArrayList<>();
        for (ModelSkills.Tool tool : ModelSkills.Tool.values()) {
            if (catalog.tool(tool.toolName()).isPresent()) {
                if (warned.add(tool.toolName())) {
                    log.warn("The skill tool '{}' is not offered: a server's tool has the same name", tool.toolName());
                }
                continue;
            }
            ToolDefinition definition = ToolDefinition.builder().name(tool.toolName())
                    .description(skills.description(tool, catalog)).inputSchema(schema(tool, catalog)).build();
            made.add(new SkillCallback(skills, tool, definition));
        }
        return List.copyOf(made);
    }

    /** The input schema: an object of required strings, the skill name as an enum of the catalog's skills. */
    private static String schema(ModelSkills.Tool tool, Catalog catalog) {
        ObjectNode schema = ToolInput.JSON.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        for (ModelSkills.Parameter parameter : tool.parameters()) {
            ObjectNode property = properties.putObject(parameter.name()).put("type", "string")
                    .put("description", parameter.description());
            if (parameter.skillName()) {
                catalog.skills().stream().map(HostSkill::name).forEach(property.putArray("enum")::add);
            }
        }
        ArrayNode required = schema.putArray("required");
        tool.parameters().forEach(p -> required.add(p.name()));
        return schema.toString();
    }

    /** One skill tool. */
    private static final class SkillCallback implements ToolCallback {
        private final ModelSkills skills;
        private final ModelSkills.Tool tool;
        private final ToolDefinition definition;

        SkillCallback(ModelSkills skills, ModelSkills.Tool tool, ToolDefinition definition) {
            this.skills = skills;
            this.tool = tool;
            this.definition = definition;
        }

        @Override
        public ToolDefinition getToolDefinition() {
            return definition;
        }

        @Override
        public String call(String toolInput) {
            JsonNode arguments = ToolInput.arguments(definition, toolInput);
            try {
                return skills.call(tool, arguments);
            } catch (McpException | IllegalArgumentException e) {
                throw new ToolExecutionException(definition, e);
            }
        }

        /** The same as {@link #call(String)}: the skill tools take all their input from the arguments. */
        @Override
        public String call(String toolInput, ToolContext toolContext) {
            return call(toolInput);
        }

        @Override
        public String toString() {
            return "McpSkillCallback[" + definition.name() + "]";
        }
    }
}
