package io.mcphost.protocol.tasks;

import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Ties a request, notification or response to a task. It travels in {@code _meta} under
 * {@link #META_KEY}; every message about a task carries it, except {@code tasks/get|result|cancel} and the
 * status notification, where {@code taskId} is already a parameter (2025-11-25 tasks, "Associating
 * Task-Related Messages"). Immutable and thread-safe.
 *
 * @param taskId the task's id
 */
public record RelatedTaskMetadata(String taskId) {
    /** The {@code _meta} key holding this object. */
    public static final String META_KEY = "io.modelcontextprotocol/related-task";

    public RelatedTaskMetadata {
        Objects.requireNonNull(taskId, "taskId");
    }

    /**
     * The related task named in a message's {@code _meta}, if any. A value without a string {@code taskId}
     * counts as absent: it cannot name a task.
     */
    public static Optional<RelatedTaskMetadata> from(JsonNode meta) {
        Objects.requireNonNull(meta, "meta");
        JsonNode taskId = meta.path(META_KEY).path("taskId");
        return taskId.isString() ? Optional.of(new RelatedTaskMetadata(taskId.stringValue())) : Optional.empty();
    }
}
