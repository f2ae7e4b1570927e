package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.internal.JsonCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The header rules of streamable-http 2026-07-28 ("Value Encoding", "Schema Extension"), on the spec's own examples. */
class ModernHeadersTest {
    private static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }

    @ParameterizedTest(name = "[{0}] -> {1}")
    @CsvSource(delimiter = '|', value = {
            "us-west1|us-west1",
            "Hello, 世界|=?base64?SGVsbG8sIOS4lueVjA==?=",
            "' padded '|=?base64?IHBhZGRlZCA=?=",
            "=?base64?literal?=|=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=",
            "us west 1|us west 1",
    })
    void valuesAreEncodedAsTheSpecsTableShows(String value, String header) {
        assertThat(ModernHeaders.encode(value)).isEqualTo(header);
    }

    @org.junit.jupiter.api.Test
    void controlCharactersAndTabsAtTheEdgesAreBase64() {
        assertThat(ModernHeaders.encode("line1\nline2")).isEqualTo("=?base64?bGluZTEKbGluZTI=?=");
        assertThat(ModernHeaders.encode("\tindented")).startsWith("=?base64?");
        assertThat(ModernHeaders.encode("")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"\"}}}",
            "{\"properties\":{\"v\":{\"type\":\"object\",\"x-mcp-header\":\"Data\"}}}",
            "{\"properties\":{\"v\":{\"type\":\"number\",\"x-mcp-header\":\"Score\"}}}",
            "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"My Region\"}}}",
            "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"Région\"}}}",
            "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"MyField\"},\"b\":{\"type\":\"string\",\"x-mcp-header\":\"myfield\"}}}",
            "{\"properties\":{\"v\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"Item\"}}}}",
            "{\"anyOf\":[{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":\"V\"}}}]}",
    })
    void invalidAnnotationsMakeTheToolInvalid(String schema) {
        assertThat(ModernHeaders.annotations(json(schema)).invalid()).isPresent();
    }

    @org.junit.jupiter.api.Test
    void nestedPropertiesAreMirroredByTheirPathAndNullsAreOmitted() {
        ModernHeaders.Result result = ModernHeaders.annotations(json("""
                {"type":"object","properties":{
                  "region":{"type":"string","x-mcp-header":"Region"},
                  "opts":{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"},
                                                         "v":{"type":"boolean","x-mcp-header":"Verbose"}}}}}
                """));
        assertThat(result.invalid()).isEmpty();
        Map<String, String> headers = new LinkedHashMap<>();
        ModernHeaders.params(headers, result.annotations(), json("{\"region\":null,\"opts\":{\"n\":42,\"v\":false}}"));
        assertThat(headers).containsExactly(Map.entry("Mcp-Param-N", "42"), Map.entry("Mcp-Param-Verbose", "false"));
    }
}
