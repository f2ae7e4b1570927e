package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.internal.FastResults;
import io.mcphost.protocol.tools.internal.PlainTools;
import java.util.Arrays;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The typed reads of a peer's params and results, as the client and server make them: a tree (read by the
 * codec) to a protocol record through {@link JsonCodec#treeToValue(JsonNode, Class, Function)}, with the
 * plain reader the caller passes where it passes one. Only a record or a clean {@link McpException} may
 * come out, and a record read must be writable again ({@link JsonCodec#valueToTree}: a gateway forwards it).
 * Input: the first byte picks the type ({@link FuzzSupport#RECORD_TYPES}), the rest is the JSON.
 */
class McpRecordsFuzzTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @FuzzTest(maxDuration = "10m")
    void readRecord(byte[] input) {
        if (input.length < 1) {
            return;
        }
        Class<?> type = FuzzSupport.RECORD_TYPES.get(Byte.toUnsignedInt(input[0]) % FuzzSupport.RECORD_TYPES.size());
        JsonNode tree;
        try {
            tree = CODEC.readTree(Arrays.copyOfRange(input, 1, input.length));
        } catch (JacksonException notJson) {
            return; // the codec's decode turns this into McpProtocolException; its own target covers it
        }
        read(tree, type);
    }

    private static <T> void read(JsonNode tree, Class<T> type) {
        T value;
        try {
            value = CODEC.treeToValue(tree, type, plainReader(type));
        } catch (McpException refused) {
            return;
        }
        if (value != null) {
            CODEC.valueToTree(value);
        }
    }

    /** The plain reader the client passes for {@code type}, as in Operations, Paging and the tasks. */
    @SuppressWarnings("unchecked")
    private static <T> Function<JsonNode, ? extends T> plainReader(Class<T> type) {
        if (type == CallToolResult.class) {
            return node -> (T) FastResults.callToolResult(node);
        }
        if (type == ListToolsResult.class) {
            return node -> (T) PlainTools.listToolsResult(node);
        }
        if (type == Tool.class) {
            return node -> (T) PlainTools.tool(node);
        }
        return node -> null;
    }
}
