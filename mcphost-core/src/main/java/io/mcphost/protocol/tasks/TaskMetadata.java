package io.mcphost.protocol.tasks;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code task} member of a request's params: asks the receiver to run the request as a task
 * (2025-11-25, experimental). Immutable and thread-safe.
 *
 * @param ttl requested milliseconds to keep the task after creation; the receiver may choose another
 */
public record TaskMetadata(Optional<Long> ttl) {
    public TaskMetadata {
        ttl = ttl == null ? Optional.empty() : ttl;
        ttl.ifPresent(ms -> {
            if (ms < 0) {
                throw new IllegalArgumentException("task ttl must be >= 0 ms, got " + ms);
            }
        });
    }

    /** Asks for a task and leaves its lifetime to the receiver. */
    public static TaskMetadata create() {
        return new TaskMetadata(Optional.empty());
    }

    /** Asks for a task kept for {@code ttl} after creation (sent in whole milliseconds). */
    public static TaskMetadata keepFor(Duration ttl) {
        Objects.requireNonNull(ttl, "ttl");
        return new TaskMetadata(Optional.of(ttl.toMillis()));
    }
}
