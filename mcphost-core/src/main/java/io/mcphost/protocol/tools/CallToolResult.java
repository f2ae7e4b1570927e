package io.mcphost.protocol.tools;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code tools/call}. A tool that failed reports {@code isError: true} with content
 * describing the failure: that is a result for the caller (or model) to see, not an exception.
 *
 * @param content           unstructured content
 * @param structuredContent structured output, matching the tool's {@code outputSchema} when it has one
 * @param errorFlag         {@code isError} as sent (absent means false; see {@link #isError()})
 * @param meta              {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it, which means the same)
 */
public record CallToolResult(List<ContentBlock> content, Optional<JsonNode> structuredContent,
                             @JsonProperty("isError") Optional<Boolean> errorFlag,
                             @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType) {
    public CallToolResult {
        content = content == null ? List.of() : List.copyOf(content);
        structuredContent = structuredContent == null ? Optional.empty() : structuredContent.filter(node -> !node.isNull());
        errorFlag = errorFlag == null ? Optional.empty() : errorFlag;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
    }

    /** A result as most code builds it: {@code isError} written only when true, no {@code resultType}. */
    public CallToolResult(List<ContentBlock> content, Optional<JsonNode> structuredContent, boolean isError,
                          Optional<JsonNode> meta) {
        this(content, structuredContent, isError ? Optional.of(true) : Optional.empty(), meta, Optional.empty());
    }

    /** Whether the tool failed ({@code isError: true}); the content says why. */
    @JsonIgnore
    public boolean isError() {
        return errorFlag.orElse(false);
    }

    /**
     * The text of every text block, joined by newlines; empty when there is none. Images, audio and
     * resources are left out (see {@code io.mcphost.host.ModelText} for a rendering of every kind).
     */
    @JsonIgnore
    public String text() {
        return content.stream().filter(TextContent.class::isInstance).map(block -> ((TextContent) block).text())
                .collect(Collectors.joining("\n"));
    }

    /**
     * The structured content converted to {@code type} (a record, usually), when there is some.
     *
     * @throws io.mcphost.protocol.McpProtocolException if the content does not have the type's shape
     */
    public <T> Optional<T> structuredContent(Class<T> type) {
        return structuredContent.map(node -> Json.treeToValue(node, type));
    }

    /** A successful result with one text block. */
    public static CallToolResult text(String text) {
        return new CallToolResult(List.of(TextContent.of(text)), Optional.empty(), false, Optional.empty());
    }

    /** A failed result whose text says what went wrong. */
    public static CallToolResult error(String message) {
        return new CallToolResult(List.of(TextContent.of(message)), Optional.empty(), true, Optional.empty());
    }

    /** A successful result with structured content and its text rendering (for older clients). */
    public static CallToolResult structured(JsonNode structuredContent, String text) {
        return new CallToolResult(List.of(TextContent.of(text)), Optional.of(structuredContent), false, Optional.empty());
    }
}
