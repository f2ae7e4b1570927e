package io.mcphost.protocol.tasks;

import java.util.Objects;

/**
 * The params of {@code tasks/get}. Asks for a task's current state. Immutable and thread-safe.
 *
 * @param taskId the task's id; the source of truth even if {@code _meta} names another related task
 */
public record GetTaskRequestParams(String taskId) {
    public GetTaskRequestParams {
        Objects.requireNonNull(taskId, "taskId");
    }

    public static GetTaskRequestParams of(String taskId) {
        return new GetTaskRequestParams(taskId);
    }
}
