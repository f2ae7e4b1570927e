package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.lifecycle.Icon;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** {@link HandshakeRecords} builds the records Jackson builds, and leaves every other shape to Jackson. */
class HandshakeRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"name\":\"s\",\"version\":\"1\"}",
            "{\"version\":\"2.0.1\",\"name\":\"server-everything\",\"title\":\"Everything\"}",
            "{\"name\":\"s\",\"version\":\"1\",\"description\":\"d\",\"websiteUrl\":\"https://example.com\",\"icons\":[]}",
            "{\"name\":\"s\",\"version\":\"1\",\"icons\":[{\"src\":\"https://example.com/i.png\"},"
                    + "{\"src\":\"data:image/svg+xml;base64,AA==\",\"mimeType\":\"image/svg+xml\",\"sizes\":[\"any\",\"48x48\"],\"theme\":\"dark\"}]}",
            "{\"name\":\"\",\"version\":\"\",\"title\":\"ü ✓\"}",
    })
    void plainImplementationsGiveWhatJacksonGives(String json) {
        PlainRecordAssertions.givesWhatJacksonGives(json, Implementation.class, HandshakeRecords::implementation);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"name\":7,\"version\":\"1\"}",
            "{\"name\":\"s\",\"version\":\"1\",\"title\":null}",
            "{\"name\":\"s\",\"version\":\"1\",\"somethingNew\":true}",
            "{\"name\":\"s\"}",
            "{\"name\":\"s\",\"version\":\"1\",\"icons\":{}}",
            "{\"name\":\"s\",\"version\":\"1\",\"icons\":[{\"mimeType\":\"image/png\"}]}",
            "{\"name\":\"s\",\"version\":\"1\",\"icons\":[{\"src\":\"a\",\"sizes\":\"48x48\"}]}",
            "{\"name\":\"s\",\"version\":\"1\",\"icons\":[\"a\"]}",
            "[]",
    })
    void otherImplementationShapesAreLeftToJackson(String json) {
        PlainRecordAssertions.isLeftToJackson(json, Implementation.class, HandshakeRecords::implementation);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"tools\":{\"listChanged\":true},\"resources\":{\"subscribe\":true},\"prompts\":{},\"logging\":{}}",
            "{\"completions\":{},\"experimental\":{\"x\":{\"y\":[1]}},\"tasks\":{\"list\":{}},"
                    + "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}",
            "{\"tools\":true}",
    })
    void plainCapabilitiesGiveWhatJacksonGives(String json) {
        PlainRecordAssertions.givesWhatJacksonGives(json, ServerCapabilities.class, HandshakeRecords::serverCapabilities);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"tools\":null}", "{\"somethingNew\":{}}", "[]", "\"tools\""})
    void otherCapabilityShapesAreLeftToJackson(String json) {
        PlainRecordAssertions.isLeftToJackson(json, ServerCapabilities.class, HandshakeRecords::serverCapabilities);
    }

    @Test
    void implementationsWriteTheTreeJacksonWrites() {
        List<Implementation> infos = List.of(
                Implementation.of("mcphost", "0.1.0"),
                new Implementation("app", Optional.of("App"), "2", Optional.of("an app"),
                        List.of(new Icon("https://example.com/a.png", Optional.of("image/png"), List.of("48x48"), Optional.of("light")),
                                new Icon("https://example.com/b.svg", Optional.empty(), List.of(), Optional.empty())),
                        Optional.of("https://example.com")));
        for (Implementation info : infos) {
            JsonNode fast = HandshakeRecords.toTree(info);
            assertThat(fast).isEqualTo(CODEC.mapper().valueToTree(info));
            assertThat(CODEC.valueToTree(info)).isEqualTo(fast);
            assertThat(HandshakeRecords.implementation(fast)).isEqualTo(info);
        }
    }

    @ParameterizedTest
    @EnumSource(LoggingLevel.class)
    void loggingLevelsWriteTheirWireNames(LoggingLevel level) {
        assertThat(HandshakeRecords.toTree(level)).isEqualTo(CODEC.mapper().valueToTree(level));
    }
}
