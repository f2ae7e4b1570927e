package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code notifications/tasks/status}: a task's new state, sent optionally by the receiver (requestors must still poll). The spec spreads the {@link Task} fields into this object
 * beside {@code _meta}; {@link #task()} gives them back as a {@code Task}. Immutable and thread-safe.
 *
 * @param taskId        the task's id
 * @param status        where the task stands
 * @param statusMessage a human-readable word on the status
 * @param createdAt     ISO 8601 creation time
 * @param lastUpdatedAt ISO 8601 time of the last status change
 * @param ttl           milliseconds from creation the task is kept; empty (written as {@code null}) is unlimited
 * @param pollInterval  suggested milliseconds between polls
 * @param meta          {@code _meta}
 */
public record TaskStatusNotificationParams(String taskId, TaskStatus status, Optional<String> statusMessage, String createdAt,
        String lastUpdatedAt, @JsonInclude(JsonInclude.Include.ALWAYS) Optional<Long> ttl, Optional<Long> pollInterval,
        @JsonProperty("_meta") Optional<JsonNode> meta) {
    public TaskStatusNotificationParams {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(status, "status");
        statusMessage = statusMessage == null ? Optional.empty() : statusMessage;
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastUpdatedAt, "lastUpdatedAt");
        ttl = ttl == null ? Optional.empty() : ttl;
        pollInterval = pollInterval == null ? Optional.empty() : pollInterval;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The fields of {@code task}, without {@code _meta}. */
    public static TaskStatusNotificationParams of(Task task) {
        return new TaskStatusNotificationParams(task.taskId(), task.status(), task.statusMessage(), task.createdAt(), task.lastUpdatedAt(),
                task.ttl(), task.pollInterval(), Optional.empty());
    }

    /** The task these fields describe. */
    public Task task() {
        return new Task(taskId, status, statusMessage, createdAt, lastUpdatedAt, ttl, pollInterval);
    }
}
