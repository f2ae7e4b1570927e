package io.mcphost.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A value the application must supply when a file says {@code ${input:id}}: an entry of VS Code's
 * {@code inputs} array, or {@linkplain #undeclared(String) a bare id} when the file uses an input
 * it does not declare. Immutable.
 *
 * @param id the input's id, as written after {@code input:}
 * @param type VS Code's input type ({@code promptString}, {@code pickString}, …); {@code promptString} when undeclared
 * @param description the prompt to show the user, if the file gives one
 * @param isPassword whether the answer is a secret, to be typed without echo and never logged
 * @param defaultValue the suggested answer, if the file gives one
 * @param options the choices of a {@code pickString} input; empty otherwise
 */
public record InputDefinition(String id, String type, Optional<String> description, boolean isPassword,
                              Optional<String> defaultValue, List<String> options) {
    /** Validates and copies. */
    public InputDefinition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(defaultValue, "defaultValue");
        options = List.copyOf(options);
    }

    /** An input the file uses but does not declare: a plain prompt with no description. */
    public static InputDefinition undeclared(String id) {
        return new InputDefinition(id, "promptString", Optional.empty(), false, Optional.empty(), List.of());
    }
}
