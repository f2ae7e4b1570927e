package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.internal.FastResults;
import io.mcphost.protocol.tools.internal.PlainTools;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * 1 MiB adversarial messages through the codec, from bytes and from text, and back: each is decoded (and
 * re-encoded) or refused with an {@link McpProtocolException}, never a {@link StackOverflowError}, and in time
 * linear in its size. Not timed: a generous {@link Timeout} (120 s for all of a case's work, which takes a
 * second or two on an idle machine and took 35 s in a verify run beside a CPU burner) catches a quadratic
 * blow-up, which takes many minutes at this size, without being fragile.
 */
class JsonCodecLargeInputTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final int MIB = 1 << 20;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void deepNestingIsAProtocolErrorNotAStackOverflow() {
        for (String open : new String[] {"[", "{\"a\":", "[{\"a\":"}) {
            String deep = "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":" + open.repeat(MIB / open.length());
            refused(deep);
            refused(open.repeat(MIB / open.length())); // the message itself that deep: a batch of batches...
        }
        String closed = "[".repeat(MIB / 2) + "]".repeat(MIB / 2);
        refused(closed);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aStringOfEscapesDecodesAndRoundTrips() {
        for (String escape : new String[] {"\\u0041", "\\n", "\\\"", "\\ud83d\\ude00", "\\ud800", "\\/", "é😀"}) {
            String text = notificationWith("\"" + escape.repeat(MIB / escape.length()) + "\"");
            roundTrips(text);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void manyNamesManyElementsAndABigBatchDecodeAndRoundTrip() {
        roundTrips(notificationWith(joined(MIB / 16, i -> "\"k" + i + "\":" + i, "{", "}")));
        roundTrips(notificationWith(joined(MIB / 16, i -> "\"same\":" + i, "{", "}"))); // one name, repeated
        roundTrips(notificationWith(joined(MIB / 4, i -> "1.5e" + (i % 700), "[", "]")));
        roundTrips(notificationWith(joined(MIB / 8, i -> "{}", "[", "]")));
        String batch = joined(MIB / 40, i -> "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"ping\"}", "[", "]");
        List<JsonRpcMessage> messages = roundTrips(batch);
        assertThat(messages).hasSize(MIB / 40);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void hugeNumbersAndPaddingDecode() {
        roundTrips(notificationWith("1" + "0".repeat(900))); // under Jackson's 1000-digit limit: a BigInteger
        refused(notificationWith("1" + "0".repeat(MIB))); // over it: refused, not parsed for minutes
        refused(notificationWith("0." + "1".repeat(MIB)));
        roundTrips(" ".repeat(MIB) + notificationWith("1") + "\n".repeat(MIB));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void largeTypedResultsReadWithTheirFastReaders() {
        JsonNode result = CODEC.readTree(joined(MIB / 40, i -> "{\"type\":\"text\",\"text\":\"line " + i + "\"}",
                "{\"content\":[", "]}"));
        assertThat(CODEC.treeToValue(result, CallToolResult.class, FastResults::callToolResult).content())
                .hasSize(MIB / 40);
        JsonNode tools = CODEC.readTree(joined(MIB / 64, i -> "{\"name\":\"t" + i + "\",\"inputSchema\":{}}",
                "{\"tools\":[", "]}"));
        assertThat(CODEC.treeToValue(tools, ListToolsResult.class, PlainTools::listToolsResult).tools())
                .hasSize(MIB / 64);
        JsonNode deepStructured = CODEC.readTree("{\"structuredContent\":" + "[".repeat(400) + "]".repeat(400) + "}");
        assertThat(CODEC.treeToValue(deepStructured, CallToolResult.class).structuredContent()).isPresent();
    }

    private static String notificationWith(String params) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":" + params + "}";
    }

    private static String joined(int count, IntFunction<String> element, String open, String close) {
        StringBuilder s = new StringBuilder(open);
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ",").append(element.apply(i));
        }
        return s.append(close).toString();
    }

    private static void refused(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> CODEC.decode(utf8, 0, utf8.length)).isInstanceOf(McpProtocolException.class);
        assertThatThrownBy(() -> CODEC.decode(text)).isInstanceOf(McpProtocolException.class);
    }

    private static List<JsonRpcMessage> roundTrips(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        List<JsonRpcMessage> fromBytes = CODEC.decode(utf8, 0, utf8.length);
        List<JsonRpcMessage> fromText = CODEC.decode(text);
        assertThat(fromBytes).hasSameSizeAs(fromText);
        for (int i = 0; i < fromBytes.size(); i++) {
            JsonRpcMessage message = fromBytes.get(i);
            assertThat(FuzzSupport.sameMessage(message, fromText.get(i))).isTrue();
            byte[] encoded = CODEC.encodeBytes(message);
            assertThat(FuzzSupport.sameMessage(message, CODEC.decode(encoded, 0, encoded.length).getFirst())).isTrue();
        }
        assertThat(fromBytes.getFirst()).isInstanceOfAny(JsonRpcNotification.class, io.mcphost.protocol.JsonRpcRequest.class);
        return fromBytes;
    }

}
