package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/tasks/status}: a task's new state, sent optionally by the receiver (requestors must still poll). On the wire the spec spreads the
 * {@link Task} fields into this object beside {@code _meta}; here they stay one {@code Task}, so the
 * task's fields and their checks are written once. Immutable and thread-safe.
 *
 * @param task the task's state
 * @param meta {@code _meta}
 */
public record TaskStatusNotificationParams(@JsonUnwrapped Task task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public TaskStatusNotificationParams {
        Objects.requireNonNull(task, "task");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The fields of {@code task}, without {@code _meta}. */
    public static TaskStatusNotificationParams of(Task task) {
        return new TaskStatusNotificationParams(task, Optional.empty());
    }
}
