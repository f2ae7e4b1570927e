package io.mcphost.protocol.tools.internal;

import io.mcphost.protocol.internal.PlainRecordAssertions;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link PlainTools} builds the {@code tools/list} records Jackson builds, and leaves every other shape to Jackson. */
class PlainToolsTest {
    @ParameterizedTest
    @ValueSource(strings = {
            "{\"tools\":[]}",
            "{}",
            "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}],\"nextCursor\":\"c2\"}",
            "{\"tools\":[{\"name\":\"echo\",\"title\":\"Echo\",\"description\":\"Echoes ü ✓\",\"inputSchema\":{\"type\":\"object\","
                    + "\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]},\"outputSchema\":{\"type\":\"object\"},"
                    + "\"annotations\":{\"title\":\"E\",\"readOnlyHint\":true,\"destructiveHint\":false,\"idempotentHint\":true,"
                    + "\"openWorldHint\":false},\"execution\":{\"taskSupport\":\"optional\"},\"_meta\":{\"k\":[1]},"
                    + "\"icons\":[{\"src\":\"https://example.com/i.png\",\"sizes\":[\"48x48\"]}]}],"
                    + "\"_meta\":{\"m\":true},\"resultType\":\"complete\",\"ttlMs\":60000,\"cacheScope\":\"session\"}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{}},{\"name\":\"b\",\"inputSchema\":{},\"execution\":{}},"
                    + "{\"name\":\"c\",\"inputSchema\":{},\"annotations\":{}}]}",
            // Unknown fields are skipped, as the mapper skips them; a negative ttl is dropped by the record.
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"somethingNew\":{\"x\":null},"
                    + "\"annotations\":{\"readOnlyHint\":true,\"futureHint\":\"?\"},\"execution\":{\"taskSupport\":\"required\",\"more\":1}}],"
                    + "\"extra\":[1,2],\"ttlMs\":-5}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":\"not an object, still a tree\"}]}",
    })
    void plainListsGiveWhatJacksonGives(String json) {
        PlainRecordAssertions.givesWhatJacksonGives(json, ListToolsResult.class, PlainTools::listToolsResult);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"tools\":null}",
            "{\"tools\":{}}",
            "{\"tools\":[\"echo\"]}",
            "{\"tools\":[{\"name\":\"a\"}]}",
            "{\"tools\":[{\"inputSchema\":{}}]}",
            "{\"tools\":[{\"name\":7,\"inputSchema\":{}}]}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"title\":null}]}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"annotations\":{\"readOnlyHint\":\"true\"}}]}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"annotations\":[]}]}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"execution\":{\"taskSupport\":\"sometimes\"}}]}",
            "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{},\"icons\":[{\"sizes\":[]}]}]}",
            "{\"tools\":[],\"ttlMs\":1.5}",
            "{\"tools\":[],\"nextCursor\":3}",
            "[]",
    })
    void otherShapesAreLeftToJackson(String json) {
        PlainRecordAssertions.isLeftToJackson(json, ListToolsResult.class, PlainTools::listToolsResult);
    }

    /** A client lists page by page and converts each tool on its own: the codec takes the same path for one tool. */
    @ParameterizedTest
    @ValueSource(strings = {
            "{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}",
            "{\"name\":\"echo\",\"title\":\"Echo\",\"description\":\"d\",\"inputSchema\":{},\"outputSchema\":{\"type\":\"object\"},"
                    + "\"annotations\":{\"readOnlyHint\":true},\"execution\":{\"taskSupport\":\"forbidden\"},\"_meta\":{\"k\":1},"
                    + "\"icons\":[{\"src\":\"https://example.com/i.png\"}],\"somethingNew\":[null]}",
    })
    void plainToolsGiveWhatJacksonGives(String json) {
        PlainRecordAssertions.givesWhatJacksonGives(json, Tool.class, PlainTools::tool);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"name\":\"a\"}",
            "{\"name\":null,\"inputSchema\":{}}",
            "{\"name\":\"a\",\"inputSchema\":{},\"annotations\":{\"openWorldHint\":1}}",
            "\"echo\"",
    })
    void otherToolShapesAreLeftToJackson(String json) {
        PlainRecordAssertions.isLeftToJackson(json, Tool.class, PlainTools::tool);
    }
}
