package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A task: long-running work a request was turned into (2025-11-25, experimental). Immutable and
 * thread-safe. Times stay ISO 8601 strings as on the wire, so a peer's odd timestamp never fails parsing.
 *
 * @param taskId        the receiver-generated id
 * @param status        where the task stands
 * @param statusMessage a human-readable word on the status, for example why it failed
 * @param createdAt     ISO 8601 creation time
 * @param lastUpdatedAt ISO 8601 time of the last status change
 * @param ttl           milliseconds from creation the task is kept; empty means unlimited and is written as
 *                      {@code null}, since the spec requires the key
 * @param pollInterval  suggested milliseconds between {@code tasks/get} polls
 */
public record Task(String taskId, TaskStatus status, Optional<String> statusMessage, String createdAt,
                   String lastUpdatedAt, @JsonInclude(JsonInclude.Include.ALWAYS) Optional<Long> ttl,
                   Optional<Long> pollInterval) {
    public Task {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(status, "status");
        statusMessage = statusMessage == null ? Optional.empty() : statusMessage;
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastUpdatedAt, "lastUpdatedAt");
        ttl = ttl == null ? Optional.empty() : ttl;
        pollInterval = pollInterval == null ? Optional.empty() : pollInterval;
    }

    /** A task in {@code status}, created and last updated at {@code createdAt}, without ttl limit or poll hint. */
    public static Task of(String taskId, TaskStatus status, String createdAt) {
        return new Task(taskId, status, Optional.empty(), createdAt, createdAt, Optional.empty(), Optional.empty());
    }

    /** How long the task is kept after creation; empty when unlimited. */
    public Optional<Duration> ttlDuration() {
        return ttl.map(Duration::ofMillis);
    }

    /** The receiver's suggested polling interval, if it gave one. */
    public Optional<Duration> pollIntervalDuration() {
        return pollInterval.map(Duration::ofMillis);
    }

    /** Whether the task has ended and will not change again. */
    @JsonIgnore
    public boolean isTerminal() {
        return status.isTerminal();
    }
}
