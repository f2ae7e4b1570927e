package io.mcphost.protocol.tools.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.internal.FuzzSupport;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import tools.jackson.databind.JsonNode;

/**
 * {@link PlainTools} differentially against Jackson, on any JSON a server sends as a tools list or as one
 * tool of it: each reader declines (null) or reads exactly the record the mapper reads.
 */
class PlainToolsFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsAsJacksonOrDeclines(byte[] input) {
        JsonNode tree = FuzzSupport.jacksonTree(input);
        if (tree == null || tree.isMissingNode()) {
            return;
        }
        FuzzSupport.assertReadsAsJackson(tree, ListToolsResult.class, PlainTools::listToolsResult);
        FuzzSupport.assertReadsAsJackson(tree, Tool.class, PlainTools::tool);
        JsonNode tools = tree.path("tools");
        for (JsonNode tool : tools) { // each tool as Paging reads it, item by item
            FuzzSupport.assertReadsAsJackson(tool, Tool.class, PlainTools::tool);
        }
    }
}
