package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpProtocolException;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * The two checks every plain-record converter's test makes ({@link HandshakeRecords}, and the tools types'
 * {@code FastResults} and {@code PlainTools}): a plain shape gives Jackson's record, and any other shape is
 * left to Jackson, which the codec then follows exactly, errors included, whether it is given the converter
 * or not.
 */
public final class PlainRecordAssertions {
    private static final JsonCodec CODEC = JsonCodec.get();

    private PlainRecordAssertions() {
    }

    /** {@code json} takes {@code converter}'s path and gives the record the mapper gives, through the codec too. */
    public static <T> void givesWhatJacksonGives(String json, Class<T> type, Function<JsonNode, T> converter) {
        JsonNode tree = CODEC.readTree(json);
        T fast = converter.apply(tree);
        assertThat(fast).as("taken by the fast path").isNotNull();
        assertThat(fast).isEqualTo(CODEC.mapper().treeToValue(tree, type));
        assertThat(CODEC.treeToValue(tree, type)).isEqualTo(fast);
        assertThat(CODEC.treeToValue(tree, type, converter)).isEqualTo(fast);
    }

    /** {@code converter} declines {@code json}, and the codec converts (or refuses) it as the mapper does. */
    public static <T> void isLeftToJackson(String json, Class<T> type, Function<JsonNode, T> converter) {
        JsonNode tree = CODEC.readTree(json);
        assertThat(converter.apply(tree)).as("declined by the fast path").isNull();
        T viaJackson;
        try {
            viaJackson = CODEC.mapper().treeToValue(tree, type);
        } catch (RuntimeException refused) {
            assertThatThrownBy(() -> CODEC.treeToValue(tree, type)).isInstanceOf(McpProtocolException.class);
            assertThatThrownBy(() -> CODEC.treeToValue(tree, type, converter)).isInstanceOf(McpProtocolException.class);
            return;
        }
        assertThat(CODEC.treeToValue(tree, type)).isEqualTo(viaJackson);
        assertThat(CODEC.treeToValue(tree, type, converter)).isEqualTo(viaJackson);
    }
}
