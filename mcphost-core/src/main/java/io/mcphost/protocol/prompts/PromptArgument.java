package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;
import java.util.Optional;

/** An argument a prompt accepts. */
public record PromptArgument(String name, Optional<String> title, Optional<String> description,
                             @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean required) {
    public PromptArgument {
        Objects.requireNonNull(name, "name");
        title = title == null ? Optional.empty() : title;
        description = description == null ? Optional.empty() : description;
    }

    public static PromptArgument of(String name, String description, boolean required) {
        return new PromptArgument(name, Optional.empty(), Optional.ofNullable(description), required);
    }
}
