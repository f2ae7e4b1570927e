package io.mcphost.protocol.sampling;

import java.util.Optional;

/**
 * A hint at a model: a full or partial name the client matches by substring and may map to an equivalent
 * model of another provider. Immutable and thread-safe.
 *
 * @param name the (partial) model name
 */
public record ModelHint(Optional<String> name) {
    public ModelHint {
        name = name == null ? Optional.empty() : name;
    }

    public static ModelHint of(String name) {
        return new ModelHint(Optional.of(name));
    }
}
