package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a task stands. */
public enum TaskStatus {
    @JsonProperty("working") WORKING,
    @JsonProperty("input_required") INPUT_REQUIRED,
    @JsonProperty("completed") COMPLETED,
    @JsonProperty("failed") FAILED,
    @JsonProperty("cancelled") CANCELLED;

    /** Whether the task has ended and will not change again. */
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
