package io.mcphost.protocol.tools.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.content.Annotations;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.PlainRecordAssertions;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
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

    static Stream<CallToolResult> plainResults() {
        JsonCodec codec = JsonCodec.get();
        JsonNode structured = codec.readTree("{\"a\":[1,2.5,\"s\",null],\"b\":{\"c\":true}}");
        return Stream.of(
                CallToolResult.text("hello"),
                new CallToolResult(List.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()),
                new CallToolResult(List.of(new TextContent("a", Optional.empty(), Optional.empty()),
                        new TextContent("ü ✓ \"q\"\n", Optional.empty(), Optional.empty())),
                        Optional.of(structured), Optional.of(false), Optional.of(codec.readTree("{\"k\":1}")), Optional.of("complete")),
                new CallToolResult(List.of(new TextContent("boom", Optional.empty(), Optional.empty())), Optional.empty(), true,
                        Optional.empty()));
    }

    @ParameterizedTest
    @MethodSource("plainResults")
    void aPlainResultsTreeIsTheMappersAndSharesNothingWithTheRecord(CallToolResult result) {
        JsonNode fast = FastResults.tree(result);

        assertThat(fast).isNotNull().isEqualTo(JsonCodec.get().mapper().valueToTree(result));
        // The same text on the wire, field order included.
        assertThat(JsonCodec.get().mapper().writeValueAsString(fast)).isEqualTo(JsonCodec.get().mapper().writeValueAsString(result));
        result.structuredContent().ifPresent(s -> assertThat(fast.get("structuredContent")).isNotSameAs(s));
        result.meta().ifPresent(m -> assertThat(fast.get("_meta")).isNotSameAs(m));
    }

    static Stream<CallToolResult> otherResults() {
        return Stream.of(
                new CallToolResult(List.of(new ImageContent("AA==", "image/png", Optional.empty(), Optional.empty())),
                        Optional.empty(), false, Optional.empty()),
                new CallToolResult(List.of(new TextContent("a", Optional.of(new Annotations(List.of(), Optional.of(0.5),
                        Optional.empty())), Optional.empty())), Optional.empty(), false, Optional.empty()),
                new CallToolResult(List.of(new TextContent("a", Optional.empty(), Optional.of(JsonCodec.get().readTree("{}")))),
                        Optional.empty(), false, Optional.empty()));
    }

    @ParameterizedTest
    @MethodSource("otherResults")
    void everyOtherResultIsLeftToTheMapper(CallToolResult result) {
        assertThat(FastResults.tree(result)).isNull();
    }
}
