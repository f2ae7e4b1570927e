package io.mcphost.protocol.prompts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code prompts/get}.
 *
 * @param name      the prompt's name
 * @param arguments values for the prompt's arguments (omitted on the wire when empty)
 * @param meta      {@code _meta}
 */
public record GetPromptRequestParams(String name, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> arguments,
                                     @JsonProperty("_meta") Optional<JsonNode> meta) {
    public GetPromptRequestParams {
        Objects.requireNonNull(name, "name");
        arguments = arguments == null ? Map.of() : Map.copyOf(arguments);
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static GetPromptRequestParams of(String name, Map<String, String> arguments) {
        return new GetPromptRequestParams(name, arguments, Optional.empty());
    }
}
