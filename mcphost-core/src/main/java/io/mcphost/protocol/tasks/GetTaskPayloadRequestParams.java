package io.mcphost.protocol.tasks;

import java.util.Objects;

/**
 * The params of {@code tasks/result}. Asks for a task's result; the receiver blocks the answer until the task is terminal. Immutable and thread-safe.
 *
 * @param taskId the task's id; the source of truth even if {@code _meta} names another related task
 */
public record GetTaskPayloadRequestParams(String taskId) {
    public GetTaskPayloadRequestParams {
        Objects.requireNonNull(taskId, "taskId");
    }

    public static GetTaskPayloadRequestParams of(String taskId) {
        return new GetTaskPayloadRequestParams(taskId);
    }
}
