package io.mcphost.protocol;

import io.mcphost.protocol.internal.JsonCodec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON as McpHost reads and writes it, for applications that build tool arguments or show
 * results: the same configuration the wire uses (unknown properties ignored, absent optional
 * values left out), so a record turns into the JSON a server would see. Stateless and
 * thread-safe; nothing here does I/O.
 */
public final class Json {
    private static final JsonCodec CODEC = JsonCodec.get();

    private Json() {
    }

    /**
     * Parses JSON text into a tree.
     *
     * @throws IllegalArgumentException when {@code text} is empty or not valid JSON; the message
     *                                  starts with "not valid JSON: " and gives the parser's reason
     */
    public static JsonNode parse(String text) {
        JsonNode node;
        try {
            node = CODEC.readTree(text);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new IllegalArgumentException("not valid JSON: no content");
        }
        return node;
    }

    /** Writes a tree, record or other value as compact JSON text (one line). */
    public static String write(Object value) {
        return CODEC.mapper().writeValueAsString(tree(value));
    }

    /** Writes a tree, record or other value as indented JSON text, for people to read. */
    public static String prettyPrint(Object value) {
        return CODEC.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree(value));
    }

    /** Converts a record (or any bean) to a JSON tree, as it would be sent. */
    public static JsonNode valueToTree(Object value) {
        return CODEC.valueToTree(value);
    }

    /**
     * Converts a JSON tree to a record (or any bean).
     *
     * @throws McpProtocolException when the tree does not have the type's shape
     */
    public static <T> T treeToValue(JsonNode node, Class<T> type) {
        return CODEC.treeToValue(node, type);
    }

    /** A new, empty, mutable JSON object, for example for tool arguments. */
    public static ObjectNode newObject() {
        return CODEC.newObject();
    }

    private static JsonNode tree(Object value) {
        return value instanceof JsonNode node ? node : CODEC.valueToTree(value);
    }
}
