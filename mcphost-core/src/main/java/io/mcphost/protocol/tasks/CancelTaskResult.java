package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The answer to {@code tasks/cancel}: the task's state after the cancellation. On the wire the spec spreads the
 * {@link Task} fields into this object beside {@code _meta}; here they stay one {@code Task}, so the
 * task's fields and their checks are written once. Immutable and thread-safe.
 *
 * @param task the task's state
 * @param meta {@code _meta}
 */
public record CancelTaskResult(@JsonUnwrapped Task task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CancelTaskResult {
        Objects.requireNonNull(task, "task");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The fields of {@code task}, without {@code _meta}. */
    public static CancelTaskResult of(Task task) {
        return new CancelTaskResult(task, Optional.empty());
    }
}
