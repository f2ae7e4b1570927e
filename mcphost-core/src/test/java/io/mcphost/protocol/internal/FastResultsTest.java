package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.tools.CallToolResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class FastResultsTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"content\":[]}",
            "{\"content\":null}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"hello\"}]}",
            "{\"content\":[{\"text\":\"a\",\"type\":\"text\"},{\"type\":\"text\",\"text\":\"\"}],\"isError\":false}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"isError\":true,\"structuredContent\":{\"a\":[1,2.5,\"s\",null]}}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"x\"}],\"isError\":null,\"structuredContent\":null,\"_meta\":null}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"ü ✓ \\\"q\\\"\"}],\"_meta\":{\"k\":1},\"resultType\":\"complete\"}",
    })
    void thePlainShapesGiveWhatJacksonGives(String json) {
        JsonNode tree = CODEC.mapper().readTree(json);
        CallToolResult fast = FastResults.callToolResult(tree);
        assertThat(fast).as("taken by the fast path").isNotNull();
        assertThat(fast).isEqualTo(CODEC.mapper().treeToValue(tree, CallToolResult.class));
        assertThat(CODEC.treeToValue(tree, CallToolResult.class)).isEqualTo(fast);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"content\":[{\"type\":\"image\",\"data\":\"AA==\",\"mimeType\":\"image/png\"}]}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"a\",\"annotations\":{\"priority\":0.5}}]}",
            "{\"content\":[{\"type\":\"text\",\"text\":\"a\",\"_meta\":{}}]}",
            "{\"content\":[{\"type\":\"text\",\"text\":7}]}",
            "{\"content\":{\"type\":\"text\",\"text\":\"a\"}}",
            "{\"content\":[],\"isError\":\"true\"}",
            "{\"content\":[],\"somethingNew\":1}",
            "{\"content\":[],\"resultType\":5}",
    })
    void everyOtherShapeIsLeftToJackson(String json) {
        JsonNode tree = CODEC.mapper().readTree(json);
        assertThat(FastResults.callToolResult(tree)).isNull();
        // And the codec still converts what Jackson converts, exactly as before.
        CallToolResult viaJackson;
        try {
            viaJackson = CODEC.mapper().treeToValue(tree, CallToolResult.class);
        } catch (RuntimeException refused) {
            return; // what Jackson refuses, the codec refuses too (its own test covers the message)
        }
        assertThat(CODEC.treeToValue(tree, CallToolResult.class)).isEqualTo(viaJackson);
    }
}
