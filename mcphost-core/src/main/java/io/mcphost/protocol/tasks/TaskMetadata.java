package io.mcphost.protocol.tasks;

import java.util.Optional;

/** Asks for a request to run as a task, kept for {@code ttl} milliseconds. */
public record TaskMetadata(Optional<Long> ttl) {
    public TaskMetadata {
        ttl = ttl == null ? Optional.empty() : ttl;
    }
}
