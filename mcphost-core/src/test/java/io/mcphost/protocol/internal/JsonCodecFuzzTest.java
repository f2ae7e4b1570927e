package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The JSON-RPC codec on whatever a peer sends: {@link JsonCodec#decode(byte[], int, int)} (a line from a
 * pipe, a slice of a larger buffer) and {@link JsonCodec#decode(String)} (an HTTP body, an SSE event) give
 * messages or a clean {@link McpException}, the same messages for the same (well-formed UTF-8) text, and
 * every message decoded survives the round trip: {@code decode(encode(m))} is {@code m}, node for node,
 * whether it is written plainly ({@code encodeBytes}), as a String, or from its tree ({@code toTree}).
 */
class JsonCodecFuzzTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @FuzzTest(maxDuration = "10m")
    void decodeAndRoundTrip(byte[] input) {
        // A slice of a larger buffer, garbage around it: the decoder must read only its own bytes.
        byte[] padded = new byte[input.length + 6];
        Arrays.fill(padded, (byte) '}');
        System.arraycopy(input, 0, padded, 3, input.length);
        List<JsonRpcMessage> fromBytes = decodeOrNull(() -> CODEC.decode(padded, 3, input.length));
        List<JsonRpcMessage> whole = decodeOrNull(() -> CODEC.decode(input, 0, input.length));
        assertSameMessages("a slice and the whole array", whole, fromBytes);

        String text = strictUtf8(input);
        if (text != null) {
            List<JsonRpcMessage> fromText = decodeOrNull(() -> CODEC.decode(text));
            assertSameMessages("bytes and text", fromBytes, fromText);
            JsonRpcMessage one = decodeOneOrNull(text);
            if (one != null && !FuzzSupport.sameMessage(one, fromText.getFirst())) {
                throw new AssertionError("decodeOne differs from decode: " + one);
            }
        }
        if (fromBytes != null) {
            for (JsonRpcMessage message : fromBytes) {
                roundTrip(message);
            }
        }
    }

    private static void roundTrip(JsonRpcMessage message) {
        byte[] encoded = CODEC.encodeBytes(message);
        assertDecodesTo(message, "encodeBytes", CODEC.decode(encoded, 0, encoded.length));
        String asText = CODEC.encode(message);
        if (!asText.equals(new String(encoded, StandardCharsets.UTF_8))) {
            throw new AssertionError("encode and encodeBytes differ: " + asText);
        }
        assertDecodesTo(message, "encode", CODEC.decode(asText));
        // The tree form, as a layer above writes it (a gateway forwarding the message), through the mapper.
        JsonNode tree = CODEC.toTree(message);
        assertDecodesTo(message, "toTree", List.of(CODEC.toMessage(tree)));
        byte[] written = FuzzSupport.mapper().writeValueAsBytes(tree);
        assertDecodesTo(message, "the mapper's bytes of toTree", CODEC.decode(written, 0, written.length));
    }

    private static void assertDecodesTo(JsonRpcMessage expected, String how, List<JsonRpcMessage> decoded) {
        if (decoded.size() != 1 || !FuzzSupport.sameMessage(expected, decoded.getFirst())) {
            throw new AssertionError("round trip through " + how + " changed the message:\n before: " + expected
                    + "\n after:  " + decoded);
        }
    }

    private static void assertSameMessages(String what, List<JsonRpcMessage> a, List<JsonRpcMessage> b) {
        if (a == null || b == null) {
            if (a != b) {
                throw new AssertionError(what + ": one decodes, the other is refused: " + a + " / " + b);
            }
            return;
        }
        if (a.size() != b.size()) {
            throw new AssertionError(what + " decode differently: " + a + " / " + b);
        }
        for (int i = 0; i < a.size(); i++) {
            if (!FuzzSupport.sameMessage(a.get(i), b.get(i))) {
                throw new AssertionError(what + " decode differently: " + a.get(i) + " / " + b.get(i));
            }
        }
    }

    private static List<JsonRpcMessage> decodeOrNull(java.util.function.Supplier<List<JsonRpcMessage>> decode) {
        try {
            List<JsonRpcMessage> messages = decode.get();
            if (messages.isEmpty()) {
                throw new AssertionError("decode gave no message and no error");
            }
            return messages;
        } catch (McpException refused) {
            return null;
        }
    }

    private static JsonRpcMessage decodeOneOrNull(String text) {
        try {
            return CODEC.decodeOne(text);
        } catch (McpException refused) {
            return null;
        }
    }

    /** The text of {@code bytes} when they are strict UTF-8; null when decoding would replace anything. */
    static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
