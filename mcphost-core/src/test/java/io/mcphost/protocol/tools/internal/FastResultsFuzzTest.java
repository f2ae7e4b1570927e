package io.mcphost.protocol.tools.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.internal.FuzzSupport;
import io.mcphost.protocol.tools.CallToolResult;
import tools.jackson.databind.JsonNode;

/**
 * {@link FastResults} differentially against Jackson, on any JSON a server sends as a tool result: it
 * declines (null) or reads exactly the {@link CallToolResult} the mapper reads (never one the mapper refuses).
 */
class FastResultsFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsAsJacksonOrDeclines(byte[] input) {
        JsonNode tree = FuzzSupport.jacksonTree(input);
        if (tree == null) {
            return;
        }
        FuzzSupport.assertReadsAsJackson(tree, CallToolResult.class, FastResults::callToolResult);
    }
}
