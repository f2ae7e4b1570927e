package io.mcphost.protocol.completion;

import java.util.Objects;

/** A reference to a resource template, by its URI template. */
public record ResourceTemplateReference(String uri) implements CompletionReference {
    public ResourceTemplateReference {
        Objects.requireNonNull(uri, "uri");
    }
}
