package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mcphost.protocol.internal.Settings;
import java.util.List;
import java.util.Optional;

/**
 * What the server prefers in a model; the client makes the final choice. Immutable and thread-safe.
 *
 * @param hints                model-name hints, in order of preference
 * @param costPriority         how much cost matters, 0 to 1
 * @param speedPriority        how much latency matters, 0 to 1
 * @param intelligencePriority how much capability matters, 0 to 1
 */
public record ModelPreferences(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<ModelHint> hints, Optional<Double> costPriority,
                               Optional<Double> speedPriority, Optional<Double> intelligencePriority) {
    /** @throws IllegalArgumentException if a priority is outside 0..1 */
    public ModelPreferences {
        hints = hints == null ? List.of() : List.copyOf(hints);
        costPriority = checkPriority("costPriority", costPriority);
        speedPriority = checkPriority("speedPriority", speedPriority);
        intelligencePriority = checkPriority("intelligencePriority", intelligencePriority);
    }

    /** Preferences made of model-name hints only. */
    public static ModelPreferences hints(String... names) {
        return new ModelPreferences(java.util.Arrays.stream(names).map(ModelHint::of).toList(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static Optional<Double> checkPriority(String name, Optional<Double> value) {
        if (value == null) {
            return Optional.empty();
        }
        value.ifPresent(v -> Settings.between(v, 0, 1, name));
        return value;
    }
}
