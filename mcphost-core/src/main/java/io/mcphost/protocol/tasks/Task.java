package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;
import java.util.Optional;

/** A task: long-running work a request was turned into (2025-11-25, experimental). */
public record Task(String taskId, TaskStatus status, Optional<String> statusMessage, String createdAt, String lastUpdatedAt, @JsonInclude(JsonInclude.Include.ALWAYS) Optional<Long> ttl, Optional<Long> pollInterval) {
    public Task {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(status, "status");
        statusMessage = statusMessage == null ? Optional.empty() : statusMessage;
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastUpdatedAt, "lastUpdatedAt");
        ttl = ttl == null ? Optional.empty() : ttl;
        pollInterval = pollInterval == null ? Optional.empty() : pollInterval;
    }
}
