package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One page of {@code tasks/list} (its params are {@link io.mcphost.protocol.utilities.PaginatedRequestParams}).
 * Immutable and thread-safe.
 *
 * @param tasks      the tasks on this page, always written
 * @param nextCursor the cursor of the next page; absent on the last page
 * @param meta       {@code _meta}
 */
public record ListTasksResult(List<Task> tasks, Optional<String> nextCursor, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ListTasksResult {
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A last page holding {@code tasks}. */
    public static ListTasksResult of(List<Task> tasks) {
        return new ListTasksResult(tasks, Optional.empty(), Optional.empty());
    }
}
