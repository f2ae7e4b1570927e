package io.mcphost.protocol.tools.internal;

import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The most common tool result, built straight from its tree: text blocks only, and no field Jackson
 * would have to coerce or ignore. Anything else (another content type, annotations, an unknown field,
 * a string where a boolean goes) returns null, and Jackson converts it as always, so the records are
 * the same either way ({@code FastResultsTest} compares both paths). Whoever decodes a tool result
 * passes {@link #callToolResult} to {@code JsonCodec.treeToValue(node, type, plain)}: the codec sits
 * below the tools types and does not know them.
 *
 * <p>Why: converting a tree to a record through Jackson's bean deserializer (a token stream over the
 * tree, a property buffer, a creator call per record) was the largest single cost of a tool call on the
 * caller's side. Stateless and thread-safe.
 */
public final class FastResults {
    private FastResults() {
    }

    /** The result, or null when its shape is not the plain one (the caller then uses Jackson). */
    public static CallToolResult callToolResult(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        List<ContentBlock> content = List.of();
        Optional<JsonNode> structured = Optional.empty();
        Optional<Boolean> isError = Optional.empty();
        Optional<JsonNode> meta = Optional.empty();
        Optional<String> resultType = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "content" -> {
                    content = textBlocks(value);
                    if (content == null) {
                        return null;
                    }
                }
                case "structuredContent" -> structured = value.isNull() ? Optional.empty() : Optional.of(value);
                case "isError" -> {
                    if (value.isBoolean()) {
                        isError = Optional.of(value.booleanValue());
                    } else if (!value.isNull()) {
                        return null;
                    }
                }
                case "_meta" -> meta = value.isNull() ? Optional.empty() : Optional.of(value);
                case "resultType" -> {
                    if (value.isString()) {
                        resultType = Optional.of(value.stringValue());
                    } else if (!value.isNull()) {
                        return null;
                    }
                }
                default -> {
                    return null;
                }
            }
        }
        return new CallToolResult(content, structured, isError, meta, resultType);
    }

    /** Text blocks of {@code type} and {@code text} alone, or null for anything else. */
    private static List<ContentBlock> textBlocks(JsonNode array) {
        if (array.isNull()) {
            return List.of();
        }
        if (!array.isArray()) {
            return null;
        }
        List<ContentBlock> blocks = new ArrayList<>(array.size());
        for (JsonNode block : array) {
            if (!block.isObject() || block.size() != 2) {
                return null;
            }
            JsonNode type = block.get("type");
            JsonNode text = block.get("text");
            if (type == null || !type.isString() || !"text".equals(type.stringValue()) || text == null || !text.isString()) {
                return null;
            }
            blocks.add(new TextContent(text.stringValue(), Optional.empty(), Optional.empty()));
        }
        return blocks;
    }
}
