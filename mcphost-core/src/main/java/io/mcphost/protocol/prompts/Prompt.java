package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.lifecycle.Icon;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** A prompt template a server offers. */
public record Prompt(String name, Optional<String> title, Optional<String> description, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PromptArgument> arguments,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Icon> icons, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public Prompt {
        Objects.requireNonNull(name, "name");
        title = title == null ? Optional.empty() : title;
        description = description == null ? Optional.empty() : description;
        arguments = arguments == null ? List.of() : List.copyOf(arguments);
        icons = icons == null ? List.of() : List.copyOf(icons);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static Prompt of(String name, String description, PromptArgument... arguments) {
        return new Prompt(name, null, Optional.ofNullable(description), List.of(arguments), null, null);
    }
}
