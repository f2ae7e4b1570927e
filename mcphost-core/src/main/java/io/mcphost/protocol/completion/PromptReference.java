package io.mcphost.protocol.completion;

import java.util.Objects;
import java.util.Optional;

/** A reference to a prompt, by name. */
public record PromptReference(String name, Optional<String> title) implements CompletionReference {
    public PromptReference {
        Objects.requireNonNull(name, "name");
        title = title == null ? Optional.empty() : title;
    }

    public static PromptReference of(String name) {
        return new PromptReference(name, Optional.empty());
    }
}
