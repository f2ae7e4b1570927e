package io.mcphost.protocol.sampling;

import java.util.Optional;

/** A hint at a model name, matched by substring. */
public record ModelHint(Optional<String> name) {
    public ModelHint {
        name = name == null ? Optional.empty() : name;
    }
}
