package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * Execution properties of a tool (2025-11-25).
 *
 * @param taskSupport whether the tool may or must run as a task; absent means {@link TaskSupport#FORBIDDEN}
 */
public record ToolExecution(Optional<TaskSupport> taskSupport) {
    public ToolExecution {
        taskSupport = taskSupport == null ? Optional.empty() : taskSupport;
    }

    public static ToolExecution of(TaskSupport taskSupport) {
        return new ToolExecution(Optional.of(taskSupport));
    }

    /** The effective task support, applying the spec default. */
    public TaskSupport effectiveTaskSupport() {
        return taskSupport.orElse(TaskSupport.FORBIDDEN);
    }

    /** Whether a tool supports task-augmented execution. */
    public enum TaskSupport {
        @JsonProperty("forbidden") FORBIDDEN,
        @JsonProperty("optional") OPTIONAL,
        @JsonProperty("required") REQUIRED
    }
}
