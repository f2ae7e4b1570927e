package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.lifecycle.Icon;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A tool a server offers.
 *
 * @param name         the tool's name, unique per server
 * @param title        a display name (2025-06-18+)
 * @param description  what the tool does, for people and models
 * @param inputSchema  JSON Schema of the arguments object
 * @param outputSchema JSON Schema of {@code structuredContent}, when the tool declares one (2025-06-18+)
 * @param annotations  behaviour hints
 * @param execution    execution properties (2025-11-25: {@code taskSupport})
 * @param icons        icons (2025-11-25)
 * @param meta         {@code _meta}
 */
public record Tool(String name, Optional<String> title, Optional<String> description, JsonNode inputSchema,
                   Optional<JsonNode> outputSchema, Optional<ToolAnnotations> annotations, Optional<ToolExecution> execution,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Icon> icons, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public Tool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(inputSchema, "inputSchema");
        title = title == null ? Optional.empty() : title;
        description = description == null ? Optional.empty() : description;
        outputSchema = outputSchema == null ? Optional.empty() : outputSchema.filter(node -> !node.isNull());
        annotations = annotations == null ? Optional.empty() : annotations;
        execution = execution == null ? Optional.empty() : execution;
        icons = icons == null ? List.of() : List.copyOf(icons);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A tool with a name, description and input schema; everything else absent. */
    public static Tool of(String name, String description, JsonNode inputSchema) {
        return new Tool(name, null, Optional.ofNullable(description), inputSchema, null, null, null, null, null);
    }

    /** The same tool with an output schema. */
    public Tool withOutputSchema(JsonNode schema) {
        return new Tool(name, title, description, inputSchema, Optional.of(schema), annotations, execution, icons, meta);
    }

    /** The same tool with behaviour hints. */
    public Tool withAnnotations(ToolAnnotations hints) {
        return new Tool(name, title, description, inputSchema, outputSchema, Optional.of(hints), execution, icons, meta);
    }

    /** The same tool with icons. */
    public Tool withIcons(List<Icon> newIcons) {
        return new Tool(name, title, description, inputSchema, outputSchema, annotations, execution, newIcons, meta);
    }

    /** The same tool with execution properties. */
    public Tool withExecution(ToolExecution newExecution) {
        return new Tool(name, title, description, inputSchema, outputSchema, annotations, Optional.of(newExecution), icons, meta);
    }

    /** Whether and how calls of this tool may run as tasks: its {@code taskSupport}, {@code FORBIDDEN} when it declares none. */
    @JsonIgnore
    public ToolExecution.TaskSupport taskSupport() {
        return execution.map(ToolExecution::effectiveTaskSupport).orElse(ToolExecution.TaskSupport.FORBIDDEN);
    }

    /** The same tool with a display title. */
    public Tool withTitle(String newTitle) {
        return new Tool(name, Optional.of(newTitle), description, inputSchema, outputSchema, annotations, execution, icons, meta);
    }

    /** The name to show people: the title, else the annotations' title, else the name. */
    public String displayName() {
        return title.or(() -> annotations.flatMap(ToolAnnotations::title)).orElse(name);
    }
}
