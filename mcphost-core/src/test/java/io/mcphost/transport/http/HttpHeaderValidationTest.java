package io.mcphost.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Header values are checked when configured, with the JDK client's own rules, so a bad value fails
 * at once with a message that names the header but never quotes the value (it may be a token).
 */
class HttpHeaderValidationTest {
    private static HttpTransport.Builder builder() {
        return HttpTransport.builder(URI.create("http://127.0.0.1:1/mcp"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"secret\u0001value", "secret\u0100value", "secret\u20acvalue", "secret\u007fvalue",
            "secret\rvalue", "secret\nvalue", "secret\u0000value"})
    void aValueTheJdkWouldRefuseIsRefusedWhenConfiguredWithoutQuotingIt(String value) {
        assertThatThrownBy(() -> builder().header("X-Api-Key", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'X-Api-Key'")
                .hasMessageContaining("position 6")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secret"));
    }

    @Test
    void tabsSpacesVisibleAsciiAndLatin1AreAccepted() {
        assertThatCode(() -> builder().header("X-Team", "tools\tand spaces ~!\u00e9\u00ff").build())
                .doesNotThrowAnyException();
    }

    @Test
    void aBearerTokenWithACharacterHttpRefusesNamesTheHeaderNotTheToken() {
        assertThatThrownBy(() -> builder().bearerToken("tok\u0101en-do-not-print"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Authorization'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("do-not-print"));
    }

    @Test
    void headerNamesStillFollowTheTokenRule() {
        assertThatThrownBy(() -> builder().header("X Bad", "v")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid HTTP header name");
    }
}
