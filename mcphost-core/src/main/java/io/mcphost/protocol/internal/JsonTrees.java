package io.mcphost.protocol.internal;

import java.util.Map;
import java.util.function.Function;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.POJONode;

/**
 * JSON text to trees and back with Jackson's streaming core alone: no {@code ObjectMapper}.
 *
 * <p>Why: every message is a tree on the wire side (the envelope is classified from it, params and
 * results travel as trees), and a tree needs no data binding. Jackson's mapper takes 150–300 ms to
 * build on a cold JVM; with trees read and written here, the handshake and a plain first call never
 * wait for it (the mapper is only needed to turn trees into records, which the common handshake and
 * tool-result shapes also skip, see {@link HandshakeRecords} and {@code protocol.tools.internal}). The
 * trees are the ones the mapper's {@code readTree} builds, node type for node type ({@code JsonTreesTest}
 * compares them), and the text written is what the mapper writes for the same tree. Two deliberate
 * differences, so that what is read is what is written again: a number beyond a double's range is read as
 * its exact decimal, not as an infinite double, and text may start with a byte order mark, as bytes may.
 *
 * <p>Stateless and thread-safe. Limits (nesting depth, number and string lengths) are the factory's
 * stream constraints, as they were the mapper's: the mapper is built on the same factory.
 */
final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {
    }

    /**
     * The tree of the single JSON value in {@code utf8}; a missing node for input with no value.
     *
     * @throws tools.jackson.core.JacksonException when the text is not JSON or holds more than one value
     */
    static JsonNode read(JsonFactory factory, byte[] utf8, int offset, int length) {
        JsonNode plain = PlainJson.read(utf8, offset, length); // most messages: no parser to create
        if (plain != null) {
            return plain;
        }
        try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), utf8, offset, length)) {
            int ff = indexOfFf(utf8, offset, length);
            if (ff >= 0) {
                // Never UTF-8, and not safe to hand over: the parser's name table pads a name's last 4-byte group
                // with 0xFF bytes, so once "method" was read, "meth\xFFod" matched it and came back as "method".
                throw new StreamReadException(parser, "Invalid UTF-8 start byte 0xff at byte " + (ff - offset));
            }
            return readSingle(parser);
        }
    }

    private static int indexOfFf(byte[] utf8, int offset, int length) {
        for (int i = offset, end = offset + length; i < end; i++) {
            if (utf8[i] == (byte) 0xFF) {
                return i;
            }
        }
        return -1;
    }

    /** {@link #read(JsonFactory, byte[], int, int)} for text. */
    static JsonNode read(JsonFactory factory, String text) {
        // A leading byte order mark is skipped, as the byte parser skips it (RFC 8259 lets a reader ignore
        // it): the same message must not decode from a pipe's bytes and be refused as an HTTP body's text.
        int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), text.substring(start))) {
            return readSingle(parser);
        }
    }

    private static JsonNode readSingle(JsonParser parser) {
        JsonToken first = parser.nextToken();
        if (first == null) {
            return NODES.missingNode();
        }
        JsonNode value = value(parser, first);
        JsonToken trailing = parser.nextToken();
        if (trailing != null) {
            // As the mapper's readTree (FAIL_ON_TRAILING_TOKENS): two messages on one line are not one message.
            throw new StreamReadException(parser, "Trailing token (" + trailing + ") found after the JSON value");
        }
        return value;
    }

    private static JsonNode value(JsonParser parser, JsonToken token) {
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> floatNode(parser);
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new StreamReadException(parser, "Unexpected token " + token);
        };
    }

    /**
     * A double, as the mapper reads it, unless the number is beyond a double's range (1e400): then its exact
     * decimal. The mapper's double would be infinite, which the generator can only write as the string
     * "Infinity": a message forwarded or re-read would carry another value, of another type. A decimal past
     * Jackson's own limits (an exponent like 1e9999999999) is refused as malformed JSON is.
     */
    private static JsonNode floatNode(JsonParser parser) {
        double value = parser.getDoubleValue();
        if (!Double.isInfinite(value)) {
            return NODES.numberNode(value);
        }
        try {
            return NODES.numberNode(parser.getDecimalValue());
        } catch (NumberFormatException beyondLimits) { // Jackson's limit, thrown as is, not as a JacksonException
            throw new StreamReadException(parser, "Number beyond the range of a double and of Jackson's decimals: "
                    + beyondLimits.getMessage());
        }
    }

    private static ObjectNode object(JsonParser parser) {
        ObjectNode object = NODES.objectNode();
        for (String name = parser.nextName(); name != null; name = parser.nextName()) {
            object.set(name, value(parser, parser.nextToken())); // a repeated name: the last wins, as in the mapper
        }
        return object;
    }

    private static ArrayNode array(JsonParser parser) {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            array.add(value(parser, token));
        }
        return array;
    }

    /**
     * Writes {@code node} to {@code gen}. A POJO held in a tree (only an application's own trees hold
     * one) is first turned into a tree by {@code pojoToTree}, which needs the mapper.
     */
    static void write(JsonGenerator gen, JsonNode node, Function<Object, JsonNode> pojoToTree) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                gen.writeStartObject();
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    gen.writeName(property.getKey());
                    write(gen, property.getValue(), pojoToTree);
                }
                gen.writeEndObject();
            }
            case ARRAY -> {
                gen.writeStartArray();
                for (JsonNode element : node) {
                    write(gen, element, pojoToTree);
                }
                gen.writeEndArray();
            }
            case STRING -> gen.writeString(node.stringValue());
            case NUMBER -> number(gen, node);
            case BOOLEAN -> gen.writeBoolean(node.booleanValue());
            case NULL, MISSING -> gen.writeNull();
            case BINARY -> gen.writeBinary(node.binaryValue());
            case POJO -> {
                Object pojo = ((POJONode) node).getPojo();
                if (pojo == null) {
                    gen.writeNull();
                } else {
                    write(gen, pojoToTree.apply(pojo), pojoToTree);
                }
            }
        }
    }

    private static void number(JsonGenerator gen, JsonNode node) {
        switch (node.numberType()) {
            case INT -> gen.writeNumber(node.intValue());
            case LONG -> gen.writeNumber(node.longValue());
            case BIG_INTEGER -> gen.writeNumber(node.bigIntegerValue());
            case FLOAT -> gen.writeNumber(node.floatValue());
            case DOUBLE -> gen.writeNumber(node.doubleValue());
            case BIG_DECIMAL -> gen.writeNumber(node.decimalValue());
        }
    }
}
