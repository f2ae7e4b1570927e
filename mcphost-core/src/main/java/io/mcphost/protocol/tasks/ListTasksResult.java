package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One page of {@code tasks/list}. */
public record ListTasksResult(List<Task> tasks, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListTasksResult {
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
