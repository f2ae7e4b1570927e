package io.mcphost.cli;

import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a result's structured content is worth printing after its text. Servers are told
 * (spec, tools: structured content) to repeat the structured content as text for older clients, so
 * printing both usually says the same thing twice.
 */
final class StructuredOutput {
    private StructuredOutput() {
    }

    /**
     * Whether {@code structured} says something the text blocks do not: false when a text block is the
     * same JSON, or when every scalar value in it already appears in the text.
     */
    static boolean addsToText(JsonNode structured, List<ContentBlock> content) {
        String text = content.stream().filter(TextContent.class::isInstance).map(b -> ((TextContent) b).text())
                .collect(Collectors.joining("\n"));
        if (text.isBlank()) {
            return true;
        }
        for (ContentBlock block : content) {
            if (block instanceof TextContent t && sameJson(t.text(), structured)) {
                return false;
            }
        }
        return !allValuesIn(structured, text);
    }

    private static boolean sameJson(String text, JsonNode structured) {
        String trimmed = text.strip();
        if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
            return false;
        }
        try {
            return io.mcphost.protocol.Json.parse(trimmed).equals(structured);
        } catch (RuntimeException notJson) {
            return false;
        }
    }

    private static boolean allValuesIn(JsonNode node, String text) {
        if (node.isObject() || node.isArray()) {
            for (JsonNode child : node.values()) {
                if (!allValuesIn(child, text)) {
                    return false;
                }
            }
            return true;
        }
        if (node.isNull()) {
            return true;
        }
        if (node.isNumber()) {
            // 3.0 in JSON is often written 3 in text
            double d = node.doubleValue();
            return text.contains(node.asString()) || (d == Math.rint(d) && text.contains(String.valueOf((long) d)));
        }
        return text.contains(node.asString());
    }
}
