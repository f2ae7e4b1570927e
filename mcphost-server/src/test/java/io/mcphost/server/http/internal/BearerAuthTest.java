package io.mcphost.server.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an Authorization header proves (RFC 6750). */
class BearerAuthTest {
    private final BearerAuth auth = new BearerAuth(Map.of("abc123", "alice", "xyz/789=", "bob"));

    @Test
    void aKnownTokenNamesItsPrincipal() {
        assertThat(auth.check("Bearer abc123")).isEqualTo(new BearerAuth.Outcome.Authenticated("alice"));
        assertThat(auth.check("bearer xyz/789=")).isEqualTo(new BearerAuth.Outcome.Authenticated("bob"));
        assertThat(auth.check("  BEARER   abc123  ")).isEqualTo(new BearerAuth.Outcome.Authenticated("alice"));
    }

    @Test
    void noBearerCredentialsAreMissingAndOthersInvalid() {
        assertThat(auth.check(null)).isInstanceOf(BearerAuth.Outcome.Missing.class);
        assertThat(auth.check("Basic YWxpY2U6c2VjcmV0")).isInstanceOf(BearerAuth.Outcome.Missing.class);
        assertThat(auth.check("Bearerabc123")).isInstanceOf(BearerAuth.Outcome.Missing.class);
        assertThat(auth.check("Bearer")).isInstanceOf(BearerAuth.Outcome.Invalid.class);
        assertThat(auth.check("Bearer abc1234")).isInstanceOf(BearerAuth.Outcome.Invalid.class);
        assertThat(auth.check("Bearer ABC123")).isInstanceOf(BearerAuth.Outcome.Invalid.class);
    }

    @Test
    void aFingerprintNamesATokenWithoutRevealingIt() {
        String name = BearerAuth.fingerprint("abc123");

        assertThat(name).matches("token-[0-9a-f]{12}").doesNotContain("abc123");
        assertThat(BearerAuth.fingerprint("abc123")).isEqualTo(name);
        assertThat(BearerAuth.fingerprint("abc124")).isNotEqualTo(name);
    }
}
