package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.lifecycle.Implementation;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link JsonTrees} reads the trees the mapper's {@code readTree} reads (node class for node class)
 * and writes the bytes the mapper writes for the same tree; what the mapper refuses, it refuses.
 */
class JsonTreesTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final JsonFactory FACTORY = new JsonFactory();

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"hello\"}],\"isError\":false}}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{}}}",
            "{\"i\":2147483647,\"l\":2147483648,\"n\":-9223372036854775808,\"b\":123456789012345678901234567890,\"z\":0}",
            "{\"d\":1.5,\"e\":-0.0,\"x\":1e-7,\"y\":6.02E23,\"f\":1.0,\"p\":0.1,\"tiny\":1e-400}",
            "{\"s\":\"ü ✓ 😀 \\\"q\\\" \\\\ \\n \\t \\u0000 \\u00e9 </script>\"}",
            "{\"a\":[],\"o\":{},\"n\":null,\"t\":true,\"f\":false,\"nested\":[[1,[2,[3,{\"k\":[{}]}]]]]}",
            "{\"dup\":1,\"dup\":\"second\"}",
            "  {\"spaced\" : [ 1 , 2 ]}  \n",
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}},{\"jsonrpc\":\"2.0\",\"method\":\"x\"}]",
            "\"just a string\"",
            "42",
            "null",
    })
    void readsTheTreeTheMapperReads(String json) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        JsonNode expected = CODEC.mapper().readTree(utf8);
        JsonNode fromBytes = JsonTrees.read(FACTORY, utf8, 0, utf8.length);
        JsonNode fromText = JsonTrees.read(FACTORY, json);
        assertSameTree(fromBytes, expected, "$");
        assertSameTree(fromText, expected, "$");
    }

    /**
     * Where the mapper reads a double that overflows to infinity (which its generator then writes as the string
     * "Infinity"), the codec keeps the exact decimal: a message re-read or forwarded carries the same number.
     * Found by JsonCodecFuzzTest (seed exponent-overflow).
     */
    @ParameterizedTest
    @ValueSource(strings = {"1e400", "-1e400", "1.7976931348623159e308", "123456789e999999"})
    void aNumberBeyondADoublesRangeIsReadAsItsExactDecimalAndWrittenBackAsANumber(String number) {
        String json = "{\"n\":" + number + "}";
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThat(CODEC.mapper().readTree(json).get("n").doubleValue()).isInfinite(); // what the mapper does
        for (JsonNode tree : new JsonNode[] {JsonTrees.read(FACTORY, json), JsonTrees.read(FACTORY, utf8, 0, utf8.length)}) {
            assertThat(tree.get("n").isBigDecimal()).isTrue();
            assertThat(tree.get("n").decimalValue()).isEqualByComparingTo(new BigDecimal(number));
            JsonNode again = JsonTrees.read(FACTORY, new String(write(tree), StandardCharsets.UTF_8));
            assertSameTree(again, tree, "$");
        }
    }

    /** Beyond a double's range and Jackson's decimal limits too: refused as malformed JSON is, not a NumberFormatException. */
    @ParameterizedTest
    @ValueSource(strings = {"1e9999999999", "-1e2147483648"})
    void aNumberBeyondJacksonsDecimalLimitsIsRefused(String number) {
        String json = "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":[" + number + "]}";
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsonTrees.read(FACTORY, json)).isInstanceOf(JacksonException.class);
        assertThatThrownBy(() -> CODEC.decode(utf8, 0, utf8.length))
                .isInstanceOf(io.mcphost.protocol.McpProtocolException.class);
    }

    /** A byte order mark before the text is skipped, as the byte parser skips it before bytes (found by JsonCodecFuzzTest). */
    @Test
    void aByteOrderMarkIsSkippedInTextAsInBytes() {
        String json = "\uFEFF{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        JsonNode fromBytes = JsonTrees.read(FACTORY, utf8, 0, utf8.length);
        assertSameTree(JsonTrees.read(FACTORY, json), fromBytes, "$");
        assertThat(CODEC.decodeOne(json)).isEqualTo(CODEC.decode(utf8, 0, utf8.length).getFirst());
        assertThatThrownBy(() -> JsonTrees.read(FACTORY, "\uFEFF\uFEFF{}")).isInstanceOf(JacksonException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n"})
    void noValueIsAMissingNode(String json) {
        assertThat(JsonTrees.read(FACTORY, json).isMissingNode()).isTrue();
        assertThat(CODEC.mapper().readTree(json).isMissingNode()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"a\":1} {\"b\":2}",
            "{\"a\":1} x",
            "{\"a\":1",
            "{\"a\":}",
            "{'a':1}",
            "[1,2,]",
            "{\"a\":1}}",
            "nul",
    })
    void refusesWhatTheMapperRefuses(String json) {
        assertThatThrownBy(() -> CODEC.mapper().readTree(json)).isInstanceOf(JacksonException.class);
        assertThatThrownBy(() -> JsonTrees.read(FACTORY, json)).isInstanceOf(JacksonException.class);
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsonTrees.read(FACTORY, utf8, 0, utf8.length)).isInstanceOf(JacksonException.class);
    }

    @Test
    void nestingBeyondTheFactoryLimitIsRefusedNotAStackOverflow() {
        String deep = "[".repeat(5_000) + "]".repeat(5_000);
        assertThatThrownBy(() -> JsonTrees.read(FACTORY, deep)).isInstanceOf(JacksonException.class)
                .hasMessageContaining("depth");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"hello\"}],\"isError\":false}}",
            "{\"i\":2147483647,\"l\":2147483648,\"b\":123456789012345678901234567890,\"d\":1.5,\"e\":-0.0,\"x\":1e-7,\"big\":1e400}",
            "{\"s\":\"ü ✓ 😀 \\\"q\\\" \\\\ \\n \\t \\u0000 \\u001f </script>\",\"a\":[],\"o\":{},\"n\":null,\"t\":true}",
    })
    void writesTheBytesTheMapperWrites(String json) {
        JsonNode tree = CODEC.mapper().readTree(json);
        assertThat(new String(write(tree), StandardCharsets.UTF_8))
                .isEqualTo(CODEC.mapper().writeValueAsString(tree));
    }

    @Test
    void writesEveryNodeKindAsTheMapperDoes() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode tree = nodes.objectNode();
        tree.put("short", (short) 7);
        tree.put("float", 1.25f);
        tree.put("decimal", new BigDecimal("12.3400"));
        tree.put("binary", new byte[] {1, 2, 3, (byte) 0xff});
        tree.set("pojo", nodes.pojoNode(Implementation.of("app", "1.0")));
        tree.set("nullPojo", nodes.pojoNode(null));
        tree.putArray("mixed").add(1).add(2L).add("s").addNull().add(true);
        assertThat(new String(write(tree), StandardCharsets.UTF_8))
                .isEqualTo(CODEC.mapper().writeValueAsString(tree));
    }

    @Test
    void theCodecsMessagesRoundTripThroughTheTreesAlone() {
        String line = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"ü\",\"n\":1.5,\"big\":123456789012345678901234567890}}}";
        JsonRpcMessage message = CODEC.decodeOne(line);
        assertThat(CODEC.encode(message)).isEqualTo(line);
    }

    /** The bytes the generator path ({@link JsonTrees#write}) makes for {@code tree}; PlainJsonTest's reference too. */
    static byte[] write(JsonNode tree) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            JsonTrees.write(gen, tree, pojo -> CODEC.mapper().valueToTree(pojo));
        }
        return out.toByteArray();
    }

    /**
     * Equal, every node of the same class (an IntNode is not a LongNode, a DoubleNode not a DecimalNode)
     * and every object's names in the same order; PlainJsonTest's comparison too.
     */
    static void assertSameTree(JsonNode actual, JsonNode expected, String path) {
        assertThat(actual).as(path).isEqualTo(expected);
        assertThat(actual.getClass()).as(path).isEqualTo(expected.getClass());
        if (expected.isObject()) {
            assertThat(actual.propertyNames()).as(path + " names").containsExactlyElementsOf(expected.propertyNames());
            for (Map.Entry<String, JsonNode> property : expected.properties()) {
                assertSameTree(actual.get(property.getKey()), property.getValue(), path + "." + property.getKey());
            }
        } else if (expected.isArray()) {
            Iterator<JsonNode> a = actual.iterator();
            int i = 0;
            for (JsonNode e : expected) {
                assertSameTree(a.next(), e, path + "[" + i++ + "]");
            }
        }
    }
}
