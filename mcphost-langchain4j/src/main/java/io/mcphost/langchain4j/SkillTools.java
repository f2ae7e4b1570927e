package io.mcphost.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostSkill;
import io.mcphost.host.McpHost;
import io.mcphost.host.ModelSkills;
import tools.jackson.databind.JsonNode;

/**
 * The optional skill tools ({@code list_skills}, {@code load_skill}, {@code read_skill_file}; see
 * {@link ModelSkills}, which does the work): offered while the catalog has skills, each skipped like the
 * other synthetic tools when a server's tool has its name. Failures, a refused (unverified) skill or file
 * first, are error results whose text says what was refused and why. Thread-safe.
 */
final class SkillTools {
    private final ModelSkills skills;

    SkillTools(McpHost host) {
        this.skills = ModelSkills.of(host);
    }

    void addTo(ToolProviderResult.Builder result, Catalog catalog) {
        if (catalog.skills().isEmpty()) {
            return;
        }
        for (ModelSkills.Tool tool : ModelSkills.Tool.values()) {
            if (SyntheticTools.isFree(tool.toolName(), catalog)) {
                result.add(specification(tool, catalog), new Executor(tool));
            }
        }
    }

    private ToolSpecification specification(ModelSkills.Tool tool, Catalog catalog) {
        JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
        for (ModelSkills.Parameter parameter : tool.parameters()) {
            // The names as an enum: the model cannot ask for a skill that is not there.
            parameters.addProperty(parameter.name(), parameter.skillName()
                    ? JsonEnumSchema.builder().description(parameter.description())
                            .enumValues(catalog.skills().stream().map(HostSkill::name).toList()).build()
                    : JsonStringSchema.builder().description(parameter.description()).build());
        }
        parameters.required(tool.parameters().stream().map(ModelSkills.Parameter::name).toList());
        return ToolSpecification.builder().name(tool.toolName()).description(skills.description(tool, catalog))
                .parameters(parameters.build()).build();
    }

    /** Runs one skill tool; every failure is an error result the model reads. */
    private final class Executor extends ModelToolExecutor {
        private final ModelSkills.Tool tool;

        Executor(ModelSkills.Tool tool) {
            this.tool = tool;
        }

        @Override
        ToolExecutionResult call(JsonNode arguments, InvocationContext context) {
            return text(skills.call(tool, arguments));
        }
    }
}
