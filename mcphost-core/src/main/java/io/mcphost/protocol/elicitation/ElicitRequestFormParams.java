package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.tasks.TaskMetadata;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * {@code elicitation/create} in form mode: a message and the JSON Schema of the answer wanted. The schema is
 * a flat object whose properties are primitive schemas (string, number, boolean, enum); it is kept as JSON so
 * every keyword a server sends survives, and {@link #requestedProperties()} / {@link #requiredProperties()}
 * read it. Immutable and thread-safe.
 *
 * @param message         what the user is asked
 * @param requestedSchema {@code {"type":"object","properties":{...},"required":[...]}}; must be a JSON object
 * @param task            task metadata, when the elicitation should run as a task (2025-11-25)
 * @param meta            {@code _meta}
 */
public record ElicitRequestFormParams(String message, JsonNode requestedSchema, Optional<TaskMetadata> task,
                                      @JsonProperty("_meta") Optional<JsonNode> meta) implements ElicitRequestParams {
    public ElicitRequestFormParams {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(requestedSchema, "requestedSchema");
        if (!requestedSchema.isObject()) {
            throw new IllegalArgumentException("requestedSchema must be a JSON object, got " + requestedSchema.getNodeType());
        }
        task = task == null ? Optional.empty() : task;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A form asking {@code message}, answered per {@code requestedSchema}. */
    public static ElicitRequestFormParams of(String message, JsonNode requestedSchema) {
        return new ElicitRequestFormParams(message, requestedSchema, Optional.empty(), Optional.empty());
    }

    /** The schema's properties in order: name to primitive schema definition. Empty if it has none. */
    public Map<String, JsonNode> requestedProperties() {
        Map<String, JsonNode> properties = new LinkedHashMap<>();
        JsonNode node = requestedSchema.path("properties");
        if (node.isObject()) {
            node.properties().forEach(e -> properties.put(e.getKey(), e.getValue()));
        }
        return Collections.unmodifiableMap(properties);
    }

    /** The names the schema marks required. */
    public List<String> requiredProperties() {
        List<String> names = new ArrayList<>();
        for (JsonNode name : requestedSchema.path("required")) {
            if (name.isString()) {
                names.add(name.stringValue());
            }
        }
        return List.copyOf(names);
    }
}
