package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where a task stands. {@code working} and {@code input_required} may change; the other three are
 * terminal (2025-11-25 basic/utilities/tasks, "Task Status Lifecycle").
 */
public enum TaskStatus {
    /** The request is being processed. */
    @JsonProperty("working") WORKING,
    /** The receiver needs input from the requestor (an elicitation or sampling request tied to the task). */
    @JsonProperty("input_required") INPUT_REQUIRED,
    /** Finished; {@code tasks/result} returns the result. */
    @JsonProperty("completed") COMPLETED,
    /** Did not finish; {@code tasks/result} returns the error. */
    @JsonProperty("failed") FAILED,
    /** Cancelled before it finished. */
    @JsonProperty("cancelled") CANCELLED;

    /** Whether the task has ended and will not change again. */
    public boolean isTerminal() {
        return switch (this) {
            case COMPLETED, FAILED, CANCELLED -> true;
            case WORKING, INPUT_REQUIRED -> false;
        };
    }
}
