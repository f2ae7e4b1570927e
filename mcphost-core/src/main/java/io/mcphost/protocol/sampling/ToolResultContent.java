package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The outcome of a {@link ToolUseContent}, sent back to the model in a user message (2025-11-25). Shaped
 * like a {@link CallToolResult}, so one converts into the other. Immutable and thread-safe.
 *
 * @param toolUseId         the {@link ToolUseContent#id()} this answers
 * @param content           unstructured result content, always written
 * @param structuredContent structured result, when the tool has one
 * @param isError           whether the tool failed; written only when true (the spec default is false)
 * @param meta              {@code _meta}
 */
public record ToolResultContent(String toolUseId, List<ContentBlock> content, Optional<JsonNode> structuredContent,
                                @JsonProperty("isError") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isError,
                                @JsonProperty("_meta") Optional<JsonNode> meta) implements SamplingContent {
    public ToolResultContent {
        Objects.requireNonNull(toolUseId, "toolUseId");
        content = content == null ? List.of() : List.copyOf(content);
        structuredContent = structuredContent == null ? Optional.empty() : structuredContent.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A successful result with one text block. */
    public static ToolResultContent text(String toolUseId, String text) {
        return new ToolResultContent(toolUseId, List.of(TextContent.of(text)), Optional.empty(), false, Optional.empty());
    }

    /** A failed result whose text says what went wrong. */
    public static ToolResultContent error(String toolUseId, String message) {
        return new ToolResultContent(toolUseId, List.of(TextContent.of(message)), Optional.empty(), true, Optional.empty());
    }

    /** The answer to {@code toolUseId} made from a {@code tools/call} result. */
    public static ToolResultContent from(String toolUseId, CallToolResult result) {
        return new ToolResultContent(toolUseId, result.content(), result.structuredContent(), result.isError(), result.meta());
    }
}
