package io.mcphost.auth.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the OAuth flow accepts as an endpoint: the CVE-2025-6514 pattern and plain-http/private-address rules. */
class UrlsTest {
    private static String why(String url, boolean allowLocal) {
        String[] why = new String[1];
        return Urls.endpoint(url, allowLocal, why) == null ? why[0] : null;
    }

    @Test
    void httpsEndpointsAndLoopbackHttpWhenLocalIsAllowed() {
        assertThat(why("https://auth.example.com/oauth2/authorize?tenant=a&x=1", false)).isNull();
        assertThat(why("http://127.0.0.1:8080/authorize", true)).isNull();
        assertThat(why("http://localhost:8080/authorize", true)).isNull();
    }

    @Test
    void endpointsThatAShellOrOpenerCouldExecuteAreRefused() {
        assertThat(why("file:///etc/passwd", true)).contains("scheme");
        assertThat(why("javascript:alert(1)", true)).isNotNull();
        assertThat(why("https://evil.example/$(calc)", true)).contains("command");
        assertThat(why("https://evil.example/a`id`", true)).contains("command");
        assertThat(why("https://evil.example/a;rm", true)).contains("command");
        assertThat(why("https://evil.example/a|sh", true)).contains("command");
        assertThat(why("https://evil.example/a b", true)).contains("command");
        assertThat(why("cmd.exe /c calc", true)).isNotNull();
    }

    @Test
    void plainHttpToTheInternetCredentialsAndPrivateAddressesAreRefused() {
        assertThat(why("http://auth.example.com/authorize", true)).contains("https is required");
        assertThat(why("https://user:pw@auth.example.com/authorize", true)).contains("credentials");
        assertThat(why("https://10.0.0.5/authorize", false)).contains("private");
        assertThat(why("https://[fd00::1]/authorize", false)).contains("private");
        assertThat(why("http://127.0.0.1/authorize", false)).contains("loopback");
    }
}
