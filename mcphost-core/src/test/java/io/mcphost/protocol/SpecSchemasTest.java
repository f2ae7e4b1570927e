package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.internal.JsonCodec;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class SpecSchemasTest {

    private static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }

    private static JsonNode initialize(String version) {
        return json("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{
                  "protocolVersion":"%s","capabilities":{},"clientInfo":{"name":"mcphost","version":"0.1.0"}}}
                """.formatted(version));
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"V2025_11_25", "V2024_11_05"})
    void a_valid_initialize_request_passes(ProtocolVersion version) {
        JsonNode request = initialize(version.id());

        assertThat(SpecSchemas.messageDefs(request, version)).contains("InitializeRequest");
        assertThatCode(() -> SpecSchemas.assertValidMessage(request, version)).doesNotThrowAnyException();
        assertThat(SpecSchemas.violations(request, "InitializeRequest", version)).isEmpty();
    }

    @Test
    void an_initialize_request_without_client_info_fails() {
        JsonNode request = json("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
                """);

        assertThatThrownBy(() -> SpecSchemas.assertValidMessage(request, ProtocolVersion.V2025_11_25))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("clientInfo");
    }

    @ParameterizedTest
    @EnumSource(value = ProtocolVersion.class, names = {"V2025_11_25", "V2024_11_05"})
    void a_tools_call_request_without_a_tool_name_fails_naming_the_missing_property(ProtocolVersion version) {
        JsonNode request = json("""
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}
                """);

        assertThat(SpecSchemas.messageDefs(request, version)).contains("CallToolRequest");
        assertThatThrownBy(() -> SpecSchemas.assertValidMessage(request, version))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("CallToolRequest")
                .hasMessageContaining("name")
                .hasMessageContaining("\"tools/call\"");
    }

    @Test
    void a_valid_call_tool_result_passes() {
        JsonNode result = json("""
                {"content":[{"type":"text","text":"hi"}],"structuredContent":{"n":1},"isError":false}
                """);

        assertThatCode(() -> SpecSchemas.assertValid(result, "CallToolResult", ProtocolVersion.V2025_11_25))
                .doesNotThrowAnyException();
    }

    @Test
    void a_call_tool_result_whose_content_has_an_unknown_type_fails() {
        JsonNode result = json("""
                {"content":[{"type":"bogus","text":"hi"}]}
                """);

        assertThat(SpecSchemas.violations(result, "CallToolResult", ProtocolVersion.V2025_11_25)).isNotEmpty();
        assertThatThrownBy(() -> SpecSchemas.assertValid(result, "CallToolResult", ProtocolVersion.V2025_11_25))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("CallToolResult")
                .hasMessageContaining("bogus");
    }

    @Test
    void responses_and_errors_are_checked_against_the_revisions_envelopes() {
        JsonNode ok = json("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        JsonNode error = json("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"nope\"}}");
        JsonNode notification = json("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

        for (ProtocolVersion version : ProtocolVersion.values()) {
            if (version.isAtLeast(ProtocolVersion.V2026_07_28)) {
                continue; // the stateless revision requires result.resultType
            }
            assertThatCode(() -> SpecSchemas.assertValidMessage(ok, version)).doesNotThrowAnyException();
            assertThatCode(() -> SpecSchemas.assertValidMessage(error, version)).doesNotThrowAnyException();
            assertThatCode(() -> SpecSchemas.assertValidMessage(notification, version)).doesNotThrowAnyException();
        }
        assertThat(SpecSchemas.messageDefs(error, ProtocolVersion.V2025_11_25)).containsExactly("JSONRPCErrorResponse");
        assertThat(SpecSchemas.messageDefs(error, ProtocolVersion.V2024_11_05)).containsExactly("JSONRPCError");
        assertThat(SpecSchemas.messageDefs(notification, ProtocolVersion.V2025_11_25))
                .containsExactly("InitializedNotification", "JSONRPCNotification");
        assertThat(SpecSchemas.violations(ok.get("result"), "Result", ProtocolVersion.V2026_07_28))
                .anySatisfy(v -> assertThat(v).contains("resultType"));
    }
}
