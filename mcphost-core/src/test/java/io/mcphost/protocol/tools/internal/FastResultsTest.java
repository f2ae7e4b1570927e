package io.mcphost.protocol.tools.internal;

import io.mcphost.protocol.internal.PlainRecordAssertions;
import io.mcphost.protocol.tools.CallToolResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastResultsTest {
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
        PlainRecordAssertions.givesWhatJacksonGives(json, CallToolResult.class, FastResults::callToolResult);
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
        PlainRecordAssertions.isLeftToJackson(json, CallToolResult.class, FastResults::callToolResult);
    }
}
