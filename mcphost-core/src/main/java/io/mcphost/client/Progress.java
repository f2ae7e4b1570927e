package io.mcphost.client;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One progress notification the server sent for a call.
 *
 * @param progress how far the work has come; increases with every notification
 * @param total    the total, when the server knows it
 * @param message  a human-readable description of the current step, when given
 */
public record Progress(double progress, OptionalDouble total, Optional<String> message) {
    public Progress {
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(message, "message");
    }

    /** The fraction done in [0, 1], when the total is known and positive. */
    public OptionalDouble fraction() {
        if (total.isEmpty() || total.getAsDouble() <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.min(1.0, Math.max(0.0, progress / total.getAsDouble())));
    }
}
