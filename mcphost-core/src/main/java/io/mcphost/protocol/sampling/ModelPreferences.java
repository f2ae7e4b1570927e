package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;

/** What the server prefers in a model; priorities are 0 to 1. */
public record ModelPreferences(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<ModelHint> hints, Optional<Double> costPriority, Optional<Double> speedPriority, Optional<Double> intelligencePriority) {
    public ModelPreferences {
        hints = hints == null ? List.of() : List.copyOf(hints);
        costPriority = costPriority == null ? Optional.empty() : costPriority;
        speedPriority = speedPriority == null ? Optional.empty() : speedPriority;
        intelligencePriority = intelligencePriority == null ? Optional.empty() : intelligencePriority;
    }
}
