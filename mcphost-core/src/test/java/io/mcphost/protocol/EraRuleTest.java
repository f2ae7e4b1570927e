package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each input of the era rule alone, then together. */
class EraRuleTest {
    private static final String META_2026 = """
            {"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}""";

    private static JsonRpcRequest request(String method, String params) {
        return JsonRpcRequest.of(RequestId.of(1), method, params == null ? null : Json.parse(params));
    }

    @Test
    void aRequestWithoutModernSignsIsLegacy() {
        assertThat(EraRule.of(request("initialize", "{\"protocolVersion\":\"2025-11-25\"}"))).isEqualTo(Era.LEGACY);
        assertThat(EraRule.of(request("tools/list", null))).isEqualTo(Era.LEGACY);
        assertThat(EraRule.of(request("tools/call", "{\"name\":\"x\",\"_meta\":{\"progressToken\":1}}")))
                .isEqualTo(Era.LEGACY);
    }

    @Test
    void aVersionDeclaredInMetaMakesItModernWhateverTheValue() {
        assertThat(EraRule.of(request("tools/list", META_2026))).isEqualTo(Era.MODERN);
        // An unknown or malformed version is the modern server's to refuse (UnsupportedProtocolVersion).
        assertThat(EraRule.of(request("tools/list", "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"1900-01-01\"}}")))
                .isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("tools/list", "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":7}}")))
                .isEqualTo(Era.MODERN);
        // Even initialize: a modern server answers it as an unknown method.
        assertThat(EraRule.of(request("initialize", META_2026))).isEqualTo(Era.MODERN);
    }

    @Test
    void theMethodsOnlyTheModernEraHasAreModernEvenWithoutMeta() {
        assertThat(EraRule.of(request("server/discover", "{}"))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("subscriptions/listen", null))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("tasks/get", "{}"))).isEqualTo(Era.LEGACY); // both eras have it
    }

    @Test
    void aVersionHeaderNamingTheModernRevisionMakesItModern() {
        assertThat(EraRule.of(request("tools/list", "{}"), Optional.of("2026-07-28"))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("tools/list", "{}"), Optional.of(" 2026-07-28 "))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("tools/list", "{}"), Optional.of("2025-11-25"))).isEqualTo(Era.LEGACY);
        // An unknown header value without _meta is the legacy endpoint's to refuse (400, supported versions).
        assertThat(EraRule.of(request("tools/list", "{}"), Optional.of("v999"))).isEqualTo(Era.LEGACY);
        assertThat(EraRule.of(request("tools/list", "{}"), Optional.empty())).isEqualTo(Era.LEGACY);
    }

    @Test
    void anyModernSignWinsOverALegacyHeader() {
        assertThat(EraRule.of(request("tools/list", META_2026), Optional.of("2025-11-25"))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of(request("server/discover", "{}"), Optional.of("2025-11-25"))).isEqualTo(Era.MODERN);
    }

    @Test
    void theRuleReadsRawPartsWithoutADecodedMessage() {
        assertThat(EraRule.of("", Optional.empty(), Optional.of("2026-07-28"))).isEqualTo(Era.MODERN);
        assertThat(EraRule.of("", Optional.empty(), Optional.empty())).isEqualTo(Era.LEGACY);
        assertThat(EraRule.of("notifications/cancelled", Optional.of(Json.parse("[1]")), Optional.empty()))
                .isEqualTo(Era.LEGACY);
    }

    @Test
    void theDeclaredVersionIsReadOnlyWhenItIsAString() {
        assertThat(EraRule.declaredVersion(Optional.of(Json.parse(META_2026)))).hasValue("2026-07-28");
        assertThat(EraRule.declaredVersion(Optional.of(Json.parse("{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":7}}"))))
                .isEmpty();
        assertThat(EraRule.declaredVersion(Optional.empty())).isEmpty();
        assertThat(EraRule.declaresVersion(Optional.of(Json.parse("{\"_meta\":null}")))).isFalse();
    }
}
