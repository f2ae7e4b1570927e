package io.mcphost.protocol.internal;

import static io.mcphost.protocol.internal.JsonTreesTest.assertSameTree;
import static io.mcphost.protocol.internal.JsonTreesTest.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.lifecycle.Implementation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link PlainJson} against Jackson: whatever it reads is node for node the mapper's tree, whatever it
 * writes is byte for byte the generator's, and whatever Jackson refuses it declines. Chosen cases first,
 * then seeded random trees and random byte mutations of them.
 */
class PlainJsonTest {
    private static final JsonMapper MAPPER = JsonCodec.get().mapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    // ---- reading: chosen cases -------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {
            "\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"",
            "\"\\u0000\\u001f\\u0041\\u00e9\\u00E9\\u20ac\\uFFFF\\u7fFf x\"",
            "\"ü é ✓ € 😀 𝄞 plain\"",
            "\"ascii then escape \\n then ü\"",
            "0", "-0", "2147483647", "2147483648", "-2147483648", "-2147483649", "123456789012345678",
            "-123456789012345678", "999999999999999999", "1.5", "-0.0", "0.0", "1e2", "1E+2", "1e-7", "-1.25E-300",
            "6.02e23", "0.1", "1e-400", "123456789.123456789e10",
            "true", "false", "null", " true ", "\t\r\n null \n",
            "[]", "{}", "[[],{}]", "{\"a\":[1,{\"b\":[true,false,null]}],\"c\":\"d\"}",
            "{\"dup\":1,\"x\":2,\"dup\":\"second\"}", "{\"a\":{\"k\":1},\"a\":[2]}",
            "[1 , 2\n,\t3]", "{ \"k\" : \"v\" }",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}",
            "\"\u007f raw DEL\"",
            "\"\\ufffd escaped replacement char\"",
    })
    void readsWhatJacksonReads(String json) {
        assertReadsAsJackson(json.getBytes(StandardCharsets.UTF_8), true);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83dx\"",           // surrogate escapes
            "\"a\u0001b\"", "\"a\nb\"", "\"tab\tin\"", "\"\u0000\"",                         // raw control characters
            "12345678901234567890", "1234567890123456789", "-1234567890123456789",          // 19+ digits
            "\"\uFFFD\"",                                                                   // a real U+FFFD
            "1e400", "-1e400", "[1.7976931348623159e308]",                                  // beyond a double (JsonTrees: exact)
            "", "   ", "\n\t",                                                              // no value
    })
    void declinesWhatIsNotPlain(String json) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThat(PlainJson.read(utf8, 0, utf8.length)).as(json).isNull();
        assertReadsAsJackson(utf8, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "01", "-01", "1.", ".5", "-", "1e", "1e+", "+1", "1.e3", "--1", "0x10", "1.5.5", "NaN", "Infinity",
            "nul", "truex", "tru", "fals", "nulll", "True",
            "{\"a\":1} x", "{\"a\":1}}", "{\"a\":1} {\"b\":2}", "1 2", "\"a\" \"b\"", "[1] [2]",
            "{\"a\":1", "{\"a\":}", "{'a':1}", "[1,2,]", "{\"a\":1,}", "{,}", "[,1]", "{\"a\" 1}", "{1:2}",
            "\"unterminated", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "[", "]", "}", ":",
            "\"\\u0000\" trailing", "/* c */ 1", "1 // c",
    })
    void declinesWhatJacksonRefuses(String json) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> MAPPER.readTree(utf8)).as(json).isInstanceOf(JacksonException.class);
        assertThat(PlainJson.read(utf8, 0, utf8.length)).as(json).isNull();
    }

    @Test
    void declinesMalformedUtf8AndTheBom() {
        List<byte[]> inside = List.of(
                bytes(0xC0, 0xAF), bytes(0xE0, 0x80, 0xAF), bytes(0xF0, 0x80, 0x80, 0xAF), // overlong
                bytes(0x80), bytes(0xBF), bytes(0xC3), bytes(0xE2, 0x82), bytes(0xF0, 0x9F, 0x98), // lone / truncated
                bytes(0xED, 0xA0, 0x80), bytes(0xED, 0xBF, 0xBF), // encoded surrogates
                bytes(0xF4, 0x90, 0x80, 0x80), bytes(0xFF), bytes(0xFE)); // beyond U+10FFFF, never UTF-8
        for (byte[] bad : inside) {
            byte[] json = concat(bytes('"', 'a'), bad, bytes('"'));
            assertThat(PlainJson.read(json, 0, json.length)).as(hex(json)).isNull();
            byte[] name = concat(bytes('{', '"'), bad, bytes('"', ':', '1', '}'));
            assertThat(PlainJson.read(name, 0, name.length)).as(hex(name)).isNull();
        }
        byte[] bom = concat(bytes(0xEF, 0xBB, 0xBF), bytes('{', '}'));
        assertThat(PlainJson.read(bom, 0, bom.length)).isNull();
        // Two-, three- and four-byte sequences that are valid read as Jackson reads them.
        assertReadsAsJackson(concat(bytes('"'), bytes(0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBD - 1),
                bytes(0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF, '"')), true);
    }

    @Test
    void nestingUpToMaxDepthIsReadDeeperDeclines() {
        int max = PlainJson.MAX_DEPTH;
        assertReadsAsJackson(("[".repeat(max) + "]".repeat(max)).getBytes(StandardCharsets.US_ASCII), true);
        assertReadsAsJackson(("{\"a\":".repeat(max) + "1" + "}".repeat(max)).getBytes(StandardCharsets.US_ASCII), true);
        byte[] deeper = ("[".repeat(max + 1) + "]".repeat(max + 1)).getBytes(StandardCharsets.US_ASCII);
        assertThat(PlainJson.read(deeper, 0, deeper.length)).isNull();
        byte[] deeperObject = ("{\"a\":".repeat(max + 1) + "1" + "}".repeat(max + 1)).getBytes(StandardCharsets.US_ASCII);
        assertThat(PlainJson.read(deeperObject, 0, deeperObject.length)).isNull();
    }

    @Test
    void deepOrCyclicTreesAreLeftToTheGenerator() {
        ObjectNode deep = JsonNodeFactory.instance.objectNode();
        ObjectNode inner = deep;
        for (int i = 0; i < PlainJson.MAX_DEPTH; i++) {
            inner = inner.putObject("a");
        }
        assertWritesAsJackson(deep); // MAX_DEPTH levels below the root: written
        inner.putObject("a");
        assertThat(new PlainJsonOut(16).tree(deep)).isFalse();
        ObjectNode cycle = JsonNodeFactory.instance.objectNode();
        cycle.set("self", cycle);
        // Declined, not a StackOverflowError: the generator then refuses it with its depth limit.
        assertThat(new PlainJsonOut(16).tree(cycle)).isFalse();
        JsonRpcRequest request = new JsonRpcRequest(RequestId.of(1), "m", Optional.of(cycle));
        assertThatThrownBy(() -> JsonCodec.get().encodeBytes(request)).isInstanceOf(JacksonException.class);
    }

    @Test
    void namesAndStringsPastJacksonsLengthLimitsAreLeftToIt() {
        String longName = "a".repeat(60_000); // over Jackson's 50,000-character limit on names
        byte[] json = ("{\"" + longName + "\":1}").getBytes(StandardCharsets.US_ASCII);
        assertThat(PlainJson.read(json, 0, json.length)).isNull();
        assertThatThrownBy(() -> MAPPER.readTree(json)).isInstanceOf(JacksonException.class);
        byte[] escaped = ("{\"\\n" + longName + "\":1}").getBytes(StandardCharsets.US_ASCII);
        assertThat(PlainJson.read(escaped, 0, escaped.length)).isNull();
        // A long value is plain: only names are short in Jackson's limits.
        assertReadsAsJackson(("{\"a\":\"" + longName + "\"}").getBytes(StandardCharsets.US_ASCII), true);
    }

    @Test
    void readsOnlyItsSliceOfTheArray() {
        byte[] all = "xx[1,2]3]yy{\"a\":\"bc\"}\"d\"}".getBytes(StandardCharsets.US_ASCII);
        // "[1,2" followed by "]": the slice stops before the bracket, so it is unfinished: decline.
        assertThat(PlainJson.read(all, 2, 4)).isNull();
        assertSameTree(PlainJson.read(all, 2, 5), MAPPER.readTree("[1,2]"), "$");
        // "12345" in the bytes, the slice holds "12": the number stops where the slice does.
        byte[] number = "[12345]".getBytes(StandardCharsets.US_ASCII);
        assertSameTree(PlainJson.read(number, 1, 2), MAPPER.readTree("12"), "$");
        byte[] literal = "nullx truex".getBytes(StandardCharsets.US_ASCII);
        assertSameTree(PlainJson.read(literal, 0, 4), MAPPER.readTree("null"), "$");
        assertSameTree(PlainJson.read(literal, 6, 4), MAPPER.readTree("true"), "$");
        assertThat(PlainJson.read(literal, 6, 3)).isNull(); // "tru"
        int object = 11;
        assertSameTree(PlainJson.read(all, object, 10), MAPPER.readTree("{\"a\":\"bc\"}"), "$");
        assertThat(PlainJson.read(all, object, 9)).isNull(); // the string would close past the slice
        assertThat(PlainJson.read(all, object + 5, 3)).isNull(); // "\"bc": unterminated within the slice
        byte[] escape = "\"a\\u0041\"".getBytes(StandardCharsets.US_ASCII);
        for (int length = 0; length < escape.length; length++) {
            assertThat(PlainJson.read(escape, 0, length)).as("length " + length).isNull();
        }
    }

    // ---- writing: chosen cases -------------------------------------------------------------------

    @Test
    void writesEveryAsciiCharacterAsTheGenerator() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            all.append(c);
            assertWritesAsJackson(NODES.stringNode(String.valueOf(c)));
            assertWritesAsJackson(NODES.objectNode().put(String.valueOf(c), c));
        }
        assertWritesAsJackson(NODES.stringNode(all.toString()));
        assertWritesAsJackson(NODES.objectNode().put(all.toString(), all.toString()));
    }

    @Test
    void writesPlainTreesAsTheGenerator() {
        ObjectNode tree = NODES.objectNode();
        tree.put("non-ascii", "ü é \u0080 \u07ff \u0800 ✓ € \uFFFF \uFFFD 中文");
        tree.put("pairs", "😀 𝄞 \uD800\uDC00 \uDBFF\uDFFF");
        tree.put("ü😀", "name");
        tree.put("intMin", Integer.MIN_VALUE).put("intMax", Integer.MAX_VALUE).put("zero", 0);
        tree.put("longMin", Long.MIN_VALUE).put("longMax", Long.MAX_VALUE).put("smallLong", 5L);
        tree.put("t", true).put("f", false).putNull("n").put("empty", "");
        tree.putObject("o");
        tree.putArray("a");
        tree.putArray("nested").add(NODES.arrayNode().add(NODES.arrayNode())).add(NODES.objectNode().set("x",
                NODES.objectNode().set("y", NODES.arrayNode().add(1).add("z"))));
        assertWritesAsJackson(tree);
        for (JsonNode each : List.<JsonNode>of(NODES.arrayNode(), NODES.objectNode(), NODES.nullNode(),
                NODES.booleanNode(true), NODES.numberNode(-1), NODES.numberNode(Long.MIN_VALUE),
                NODES.numberNode((short) -32768), NODES.numberNode((short) 7))) { // a ShortNode's type is INT
            assertWritesAsJackson(each);
        }
    }

    @Test
    void declinesWhatOnlyTheGeneratorWrites() {
        List<JsonNode> declined = List.of(NODES.stringNode("lone \uD800 high"), NODES.stringNode("lone \uDC00 low"),
                NODES.stringNode("end \uD83D"), NODES.stringNode("\uDE00\uD83D reversed"),
                NODES.numberNode(1.5), NODES.numberNode(1.5f), NODES.numberNode(0.0),
                NODES.numberNode(BigInteger.TEN), NODES.numberNode(new BigDecimal("1.50")),
                NODES.binaryNode(new byte[] {1, 2}), NODES.pojoNode(Implementation.of("app", "1.0")),
                NODES.missingNode());
        for (JsonNode node : declined) {
            assertThat(new PlainJsonOut(4).tree(node)).as(node.getClass().getSimpleName()).isFalse();
            assertThat(new PlainJsonOut(4).tree(NODES.arrayNode().add(1).add(node))).isFalse();
            assertThat(new PlainJsonOut(4).tree(NODES.objectNode().put("a", 1).set("b", node))).isFalse();
        }
        assertThat(new PlainJsonOut(4).tree(NODES.objectNode().put("lone \uD800", 1))).isFalse();
        assertThat(new PlainJsonOut(4).string("\uD800")).isFalse();
    }

    // ---- random differential -------------------------------------------------------------------

    @Test
    void randomTreesReadAndWriteAsJackson() {
        SplittableRandom random = new SplittableRandom(20261124);
        int read = 0;
        int written = 0;
        for (int doc = 0; doc < 2_000; doc++) {
            JsonNode tree = randomTree(random, 0);
            byte[] bytes = MAPPER.writeValueAsBytes(tree);
            JsonNode plain = PlainJson.read(bytes, 0, bytes.length);
            if (plain != null) {
                assertSameTree(plain, MAPPER.readTree(bytes), new String(bytes, StandardCharsets.UTF_8));
                read++;
            } else {
                assertThat(mayDeclineReading(tree)).as(new String(bytes, StandardCharsets.UTF_8)).isTrue();
            }
            // The same bytes as a slice between bytes that would continue or close the JSON: the same answer.
            byte[] padded = concat(bytes('[', '"', '1'), bytes, bytes('1', '"', ']', '}', ' ', 'x'));
            JsonNode slice = PlainJson.read(padded, 3, bytes.length);
            if (plain == null) {
                assertThat(slice).isNull();
            } else {
                assertSameTree(slice, plain, "slice");
            }
            PlainJsonOut out = new PlainJsonOut(16);
            if (out.tree(tree)) {
                assertThat(out.toByteArray()).isEqualTo(write(tree));
                written++;
            } else {
                assertThat(hasFloat(tree)).as(tree.toString()).isTrue();
            }
        }
        assertThat(read).isGreaterThan(1_000);
        assertThat(written).isGreaterThan(500);
    }

    @Test
    void randomMutationsAreDeclinedOrReadAsJackson() {
        SplittableRandom random = new SplittableRandom(424242);
        byte[] interesting = bytes('"', '\\', '{', '}', '[', ']', ',', ':', ' ', '0', '9', '-', '.', 'e', 'u', 'n',
                't', 'f', 0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF);
        int refused = 0;
        for (int doc = 0; doc < 2_000; doc++) {
            byte[] bytes = MAPPER.writeValueAsBytes(randomTree(random, 0));
            int mutations = 1 + random.nextInt(3);
            for (int m = 0; m < mutations && bytes.length > 0; m++) {
                int at = random.nextInt(bytes.length);
                byte b = interesting[random.nextInt(interesting.length)];
                bytes = switch (random.nextInt(3)) {
                    case 0 -> { bytes[at] = b; yield bytes; }
                    case 1 -> concat(Arrays.copyOf(bytes, at), Arrays.copyOfRange(bytes, at + 1, bytes.length));
                    default -> concat(Arrays.copyOf(bytes, at), new byte[] {b}, Arrays.copyOfRange(bytes, at, bytes.length));
                };
            }
            refused += assertReadsAsJackson(bytes, false) ? 0 : 1;
        }
        assertThat(refused).isGreaterThan(500);
    }

    // ---- the codec's messages --------------------------------------------------------------------

    @Test
    void encodeBytesIsTheGeneratorsOutput() {
        JsonCodec codec = JsonCodec.get();
        ObjectNode params = NODES.objectNode().put("name", "echo");
        params.putObject("arguments").put("text", "ü \"q\" \n 😀").put("n", 3).put("l", 1L << 40);
        List<JsonRpcMessage> messages = List.of(
                JsonRpcRequest.of(RequestId.of(7), "tools/call", params),
                JsonRpcRequest.of(RequestId.of(Long.MIN_VALUE), "ping", null),
                JsonRpcRequest.of(RequestId.of("a-1 \"ü\""), "tools/call", params),
                new JsonRpcRequest(RequestId.of("x"), "m\u0001", Optional.empty()),
                JsonRpcNotification.of("notifications/progress", NODES.objectNode().put("progress", 1)),
                new JsonRpcNotification("notifications/initialized", Optional.empty()),
                new JsonRpcResponse(RequestId.of(1), NODES.objectNode().set("content", NODES.arrayNode()
                        .add(NODES.objectNode().put("type", "text").put("text", "hi")))),
                new JsonRpcResponse(RequestId.of("s"), NODES.objectNode()),
                new JsonRpcResponse(RequestId.of(Long.MAX_VALUE), NODES.objectNode().put("float", 1.5)));
        for (JsonRpcMessage message : messages) {
            assertThat(new String(codec.encodeBytes(message), StandardCharsets.UTF_8)).as(message.toString())
                    .isEqualTo(new String(write(codec.toTree(message)), StandardCharsets.UTF_8));
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------

    /**
     * PlainJson on {@code utf8} either declines or reads Jackson's tree; when Jackson refuses, it must
     * decline. With {@code mustRead}, it must not decline. Returns whether Jackson read the bytes.
     */
    private static boolean assertReadsAsJackson(byte[] utf8, boolean mustRead) {
        JsonNode plain = PlainJson.read(utf8, 0, utf8.length);
        JsonNode expected;
        try {
            expected = MAPPER.readTree(utf8);
        } catch (JacksonException e) {
            assertThat(plain).as("Jackson refuses " + hex(utf8)).isNull();
            return false;
        }
        if (mustRead) {
            assertThat(plain).as(hex(utf8)).isNotNull();
        }
        if (plain != null) {
            assertSameTree(plain, expected, hex(utf8));
        }
        return true;
    }

    private static void assertWritesAsJackson(JsonNode tree) {
        PlainJsonOut out = new PlainJsonOut(1);
        assertThat(out.tree(tree)).as(tree.toString()).isTrue();
        byte[] expected = write(tree);
        assertThat(out.toByteArray()).as(tree.toString()).isEqualTo(expected);
        assertThat(expected).isEqualTo(MAPPER.writeValueAsBytes(tree));
    }

    private static JsonNode randomTree(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth >= 5 ? 6 : 8);
        return switch (kind) {
            case 0 -> NODES.stringNode(randomString(random));
            case 1 -> NODES.numberNode(random.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE)
                    >> random.nextInt(32));
            case 2 -> NODES.numberNode(random.nextLong() >> random.nextInt(64));
            case 3 -> random.nextInt(4) == 0 ? NODES.numberNode(random.nextDouble() * Math.pow(10, random.nextInt(-20, 20)))
                    : NODES.numberNode(random.nextLong() >> random.nextInt(64));
            case 4 -> NODES.booleanNode(random.nextBoolean());
            case 5 -> NODES.nullNode();
            case 6 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    array.add(randomTree(random, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(random.nextInt(4) == 0 ? "id" : randomString(random), randomTree(random, depth + 1));
                }
                yield object;
            }
        };
    }

    private static String randomString(SplittableRandom random) {
        String[] pieces = {"a", "Z", "0", " ", "\"", "\\", "/", "\b", "\f", "\n", "\r", "\t", "\u0000", "\u001f",
            "\u007f", "é", "ü", "\u07ff", "\u0800", "€", "✓", "中", "\uFFFF", "😀", "𝄞", "jsonrpc", "text", "<>&'"};
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(8); i > 0; i--) {
            s.append(pieces[random.nextInt(pieces.length)]);
        }
        return s.toString();
    }

    /** Reading may decline a tree only for what the contract leaves to Jackson: numbers past 18 digits. */
    private static boolean mayDeclineReading(JsonNode tree) {
        if (tree.isContainer()) {
            for (JsonNode child : tree) {
                if (mayDeclineReading(child)) {
                    return true;
                }
            }
            return false;
        }
        return tree.isIntegralNumber() && Long.toString(Math.abs(tree.longValue())).length() > 18
                || tree.isDouble() && tree.toString().length() > 64;
    }

    private static boolean hasFloat(JsonNode tree) {
        if (tree.isContainer()) {
            for (JsonNode child : tree) {
                if (hasFloat(child)) {
                    return true;
                }
            }
            return false;
        }
        return tree.isDouble();
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] all = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder(new String(bytes, StandardCharsets.UTF_8)).append(" [");
        for (byte b : bytes) {
            s.append(String.format("%02x", b & 0xFF));
        }
        return s.append(']').toString();
    }
}
