package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code tools/call}.
 *
 * @param name      the tool's name
 * @param arguments the arguments object, when the call has arguments
 * @param task      task metadata ({@code {"ttl": ...}}) asking for task-augmented execution (2025-11-25), kept
 *                  as JSON so this package does not depend on the tasks package
 * @param meta      {@code _meta}, for example carrying a {@code progressToken}
 */
public record CallToolRequestParams(String name, Optional<JsonNode> arguments, Optional<JsonNode> task,
                                    @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CallToolRequestParams {
        Objects.requireNonNull(name, "name");
        arguments = arguments == null ? Optional.empty() : arguments.filter(node -> !node.isNull());
        task = task == null ? Optional.empty() : task.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A call with the given arguments object (may be null for none). */
    public static CallToolRequestParams of(String name, JsonNode arguments) {
        return new CallToolRequestParams(name, Optional.ofNullable(arguments), Optional.empty(), Optional.empty());
    }

    /** The same call with {@code _meta} replaced. */
    public CallToolRequestParams withMeta(JsonNode newMeta) {
        return new CallToolRequestParams(name, arguments, task, Optional.ofNullable(newMeta));
    }
}
