package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;

/**
 * A byte 0xFF (never valid UTF-8) inside a property name must never turn the name into another one, however
 * many messages came before. Jackson's byte parser looks names up by their bytes in 4-byte groups and pads a
 * short last group with 0xFF bytes: {@code "\u00ffod"} then has the padded bytes of {@code "od"}, and once
 * {@code "method"} had been read, {@code "meth\u00ffod"} came back as {@code "method"} (a malformed message
 * taken for a request). The fuzzing campaign found it (JsonTreesFuzzTest, only after other inputs had filled
 * the name table); Jackson's own mapper still does it, the codec's reader no longer hands such bytes over.
 */
class InvalidUtf8NameTest {
    /** The message with its 'X' replaced by a 0xFF byte; an escape keeps it off the fast path, so Jackson reads it. */
    private static byte[] withFf(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.US_ASCII);
        bytes[json.indexOf('X')] = (byte) 0xFF;
        return bytes;
    }

    @Test
    void aNameWithAnFfByteNeverBecomesANameSeenBefore() {
        JsonCodec codec = JsonCodec.get();
        byte[] valid = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"k\":\"\\u0041\"}}"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] malformed = withFf("{\"jsonrpc\":\"2.0\",\"id\":1,\"methXod\":\"tools/list\",\"params\":{\"k\":\"\\u0041\"}}");
        for (int i = 0; i < 3; i++) {
            assertThat(codec.decode(valid, 0, valid.length)).singleElement().isInstanceOf(JsonRpcRequest.class);
            assertThatThrownBy(() -> codec.readTree(malformed)).isInstanceOf(JacksonException.class)
                    .hasMessageContaining("Invalid UTF-8 start byte 0xff");
            // Decoding again as text replaces the byte (a stray byte must not cost a whole message): the name is
            // "meth\uFFFDod", so this is no request, and no method reaches a handler.
            assertThatThrownBy(() -> {
                List<JsonRpcMessage> decoded = codec.decode(malformed, 0, malformed.length);
                throw new AssertionError("decoded as " + decoded);
            }).isInstanceOf(McpProtocolException.class);
        }
    }
}
