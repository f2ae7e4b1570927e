package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.RequestId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link PlainJsonOut} differentially against Jackson's generator, on trees an application could build
 * (any string, lone surrogates included; every number type; nesting around {@link PlainJson#MAX_DEPTH}):
 * it declines, or writes byte for byte what the mapper writes (so Jackson reads back the same value from
 * both); and {@link JsonCodec#encodeBytes}, which writes plainly when it can, writes a message as the mapper
 * writes the message's tree.
 */
class PlainJsonOutFuzzTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Characters where writers differ: escapes, controls, DEL, the line separators, surrogate halves, U+FFFF. */
    private static final char[] TRICKY = {'"', '\\', '/', '\b', '\f', '\n', '\r', '\t', '\0', '\u001f', '\u007f',
        '\u0080', '\u07ff', '\u0800', '\u2028', '\u2029', '\ud800', '\udbff', '\udc00', '\udfff', '\ufeff', '\ufffd',
        '\uffff', 'a', '<'};

    @FuzzTest(maxDuration = "10m")
    void writesAsJacksonOrDeclines(FuzzedDataProvider data) {
        int shape = data.consumeInt(0, 2);
        JsonNode tree = shape == 0 ? NODES.stringNode(string(data)) : tree(data, 0);
        PlainJsonOut out = new PlainJsonOut(data.consumeInt(1, 64));
        boolean plain = out.tree(tree);
        byte[] jackson;
        try {
            jackson = FuzzSupport.mapper().writeValueAsBytes(tree);
        } catch (JacksonException refused) {
            if (plain) {
                throw new AssertionError("PlainJsonOut wrote what the generator refuses (" + refused.getOriginalMessage()
                        + "): " + new String(out.toByteArray(), StandardCharsets.UTF_8), refused);
            }
            return;
        }
        if (plain) {
            byte[] mine = out.toByteArray();
            if (!Arrays.equals(mine, jackson)) {
                throw new AssertionError("PlainJsonOut and the generator write differently:\n plain:     "
                        + new String(mine, StandardCharsets.UTF_8) + "\n generator: " + new String(jackson, StandardCharsets.UTF_8));
            }
            FuzzSupport.assertSameTree("Jackson reads the plain bytes back differently",
                    FuzzSupport.mapper().readTree(jackson), FuzzSupport.mapper().readTree(mine));
        }
        encodesAsTheMapper(data, tree);
    }

    /** The message with {@code tree} in it: {@code encodeBytes} writes the mapper's bytes of its tree form. */
    private static void encodesAsTheMapper(FuzzedDataProvider data, JsonNode tree) {
        RequestId id = data.consumeBoolean() ? RequestId.of(data.consumeLong()) : RequestId.of(string(data));
        String method = string(data);
        JsonRpcMessage message = switch (data.consumeInt(0, 2)) {
            case 0 -> new JsonRpcRequest(id, method, Optional.of(tree));
            case 1 -> new JsonRpcNotification(method, Optional.of(tree));
            default -> new JsonRpcResponse(id, tree);
        };
        byte[] expected;
        try {
            expected = FuzzSupport.mapper().writeValueAsBytes(JsonCodec.get().toTree(message));
        } catch (JacksonException refused) {
            return; // too deep for the generator: the codec refuses it too, through the generator
        }
        byte[] encoded = JsonCodec.get().encodeBytes(message);
        if (!Arrays.equals(expected, encoded)) {
            throw new AssertionError("encodeBytes and the mapper write a message differently:\n codec:  "
                    + new String(encoded, StandardCharsets.UTF_8) + "\n mapper: " + new String(expected, StandardCharsets.UTF_8));
        }
    }

    private static JsonNode tree(FuzzedDataProvider data, int depth) {
        int kind = data.consumeInt(0, depth >= 70 ? 5 : 9);
        return switch (kind) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(data.consumeBoolean());
            case 2 -> NODES.numberNode(data.consumeInt());
            case 3 -> NODES.numberNode(data.consumeLong());
            case 4 -> NODES.stringNode(string(data));
            case 5 -> switch (data.consumeInt(0, 4)) {
                case 0 -> NODES.numberNode(data.consumeDouble());
                case 1 -> NODES.numberNode(data.consumeFloat());
                case 2 -> NODES.numberNode(BigInteger.valueOf(data.consumeLong()).shiftLeft(data.consumeInt(0, 80)));
                case 3 -> NODES.numberNode(BigDecimal.valueOf(data.consumeLong(), data.consumeInt(-20, 20)));
                default -> NODES.numberNode((short) data.consumeInt());
            };
            case 6, 7 -> {
                ObjectNode object = NODES.objectNode();
                int n = data.consumeInt(0, 4);
                for (int i = 0; i < n; i++) {
                    object.set(string(data), tree(data, depth + 1));
                }
                yield object;
            }
            case 8 -> {
                ArrayNode array = NODES.arrayNode();
                int n = data.consumeInt(0, 4);
                for (int i = 0; i < n; i++) {
                    array.add(tree(data, depth + 1));
                }
                yield array;
            }
            default -> { // a chain of arrays around the depth limit
                JsonNode inner = tree(data, 70);
                int levels = data.consumeInt(0, 80);
                for (int i = 0; i < levels; i++) {
                    inner = NODES.arrayNode().add(inner);
                }
                yield inner;
            }
        };
    }

    private static String string(FuzzedDataProvider data) {
        if (data.consumeBoolean()) {
            return data.consumeString(24);
        }
        StringBuilder s = new StringBuilder();
        int n = data.consumeInt(0, 12);
        for (int i = 0; i < n; i++) {
            s.append(data.consumeBoolean() ? data.pickValue(TRICKY) : data.consumeChar());
        }
        return s.toString();
    }
}
