package io.mcphost.protocol.tasks;

import java.util.Objects;

/**
 * The params of {@code tasks/cancel}. Asks the receiver to cancel a task that is not yet terminal. Immutable and thread-safe.
 *
 * @param taskId the task's id; the source of truth even if {@code _meta} names another related task
 */
public record CancelTaskRequestParams(String taskId) {
    public CancelTaskRequestParams {
        Objects.requireNonNull(taskId, "taskId");
    }

    public static CancelTaskRequestParams of(String taskId) {
        return new CancelTaskRequestParams(taskId);
    }
}
