package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;

/**
 * How the model may use the tools offered in a sampling request (2025-11-25). Immutable and thread-safe.
 *
 * @param mode the mode; absent leaves it to the client, which treats it as {@link Mode#AUTO}
 */
public record ToolChoice(Optional<Mode> mode) {
    public ToolChoice {
        mode = mode == null ? Optional.empty() : mode;
    }

    /** The model decides whether to call a tool. */
    public static ToolChoice auto() {
        return of(Mode.AUTO);
    }

    /** The model must call at least one tool. */
    public static ToolChoice required() {
        return of(Mode.REQUIRED);
    }

    /** The model must not call tools. */
    public static ToolChoice none() {
        return of(Mode.NONE);
    }

    public static ToolChoice of(Mode mode) {
        return new ToolChoice(Optional.of(Objects.requireNonNull(mode, "mode")));
    }

    /** The mode in effect: the given one, else {@link Mode#AUTO}. */
    public Mode effectiveMode() {
        return mode.orElse(Mode.AUTO);
    }

    /** Tool-choice modes. */
    public enum Mode {
        @JsonProperty("auto") AUTO,
        @JsonProperty("required") REQUIRED,
        @JsonProperty("none") NONE
    }
}
