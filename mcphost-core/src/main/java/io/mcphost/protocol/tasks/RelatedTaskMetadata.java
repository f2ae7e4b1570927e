package io.mcphost.protocol.tasks;

import java.util.Objects;

/** Ties a message to a task. */
public record RelatedTaskMetadata(String taskId) {
    public RelatedTaskMetadata {
        Objects.requireNonNull(taskId, "taskId");
    }
}
