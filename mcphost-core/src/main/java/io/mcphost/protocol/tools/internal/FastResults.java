package io.mcphost.protocol.tools.internal;

import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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
 * caller's side. The other way, {@link #tree} writes such a result as the mapper would, without its bean
 * serializer (a server answering a call; the gateway forwarding one). Stateless and thread-safe.
 */
public final class FastResults {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private FastResults() {
    }

    /**
     * The tree the mapper writes for {@code result} when its content is text blocks without annotations or
     * {@code _meta}, built directly (its {@code structuredContent} and {@code _meta} copied, so the tree shares
     * nothing with the record); null for any other result, which the caller converts with the mapper.
     */
    public static ObjectNode tree(CallToolResult result) {
        for (ContentBlock block : result.content()) {
            if (!(block instanceof TextContent text) || text.annotations().isPresent() || text.meta().isPresent()) {
                return null;
            }
        }
        ObjectNode node = NODES.objectNode();
        ArrayNode content = node.putArray("content");
        for (ContentBlock block : result.content()) {
            content.addObject().put("type", "text").put("text", ((TextContent) block).text());
        }
        result.structuredContent().ifPresent(structured -> node.set("structuredContent", structured.deepCopy()));
        result.errorFlag().ifPresent(isError -> node.put("isError", isError));
        result.meta().ifPresent(meta -> node.set("_meta", meta.deepCopy()));
        result.resultType().ifPresent(type -> node.put("resultType", type));
        return node;
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
