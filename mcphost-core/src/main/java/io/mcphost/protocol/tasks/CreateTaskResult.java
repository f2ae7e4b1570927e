package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The answer to a task-augmented request: the task created. */
public record CreateTaskResult(Task task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CreateTaskResult {
        Objects.requireNonNull(task, "task");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
