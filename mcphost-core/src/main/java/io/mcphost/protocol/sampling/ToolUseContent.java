package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A model's request to call a tool, in a sampling message or result (2025-11-25). The client answers it
 * with a {@link ToolResultContent} carrying the same id in a following user message. Immutable and
 * thread-safe.
 *
 * @param id    unique id of this tool use, echoed as {@link ToolResultContent#toolUseId()}
 * @param name  the tool's name, one of the request's {@code tools}
 * @param input the arguments, a JSON object matching the tool's input schema
 * @param meta  {@code _meta}
 */
public record ToolUseContent(String id, String name, JsonNode input, @JsonProperty("_meta") Optional<JsonNode> meta)
        implements SamplingContent {
    public ToolUseContent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(input, "input");
        if (!input.isObject()) {
            throw new IllegalArgumentException("tool_use input must be a JSON object, got " + input.getNodeType());
        }
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ToolUseContent of(String id, String name, JsonNode input) {
        return new ToolUseContent(id, name, input, Optional.empty());
    }
}
