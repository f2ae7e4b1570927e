package io.mcphost.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing {@code WWW-Authenticate} (RFC 9110 section 11.6.1) for the Bearer challenge's parameters. */
class BearerChallengeTest {

    @Test
    void quotedAndTokenParametersOfTheBearerChallenge() {
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer resource_metadata=\"https://a.example/.well-known/oauth-protected-resource/mcp\","
                + " scope=\"files:read files:write\", error=insufficient_scope")))
                .containsEntry("resource_metadata", "https://a.example/.well-known/oauth-protected-resource/mcp")
                .containsEntry("scope", "files:read files:write")
                .containsEntry("error", "insufficient_scope");
    }

    @Test
    void theBearerChallengeAmongOthersAndInAnyCase() {
        assertThat(HttpErrors.bearerChallenge(List.of("Basic realm=\"x\", bearer Realm=\"api\", error=\"invalid_token\", DPoP algs=\"ES256\"")))
                .containsEntry("realm", "api").containsEntry("error", "invalid_token").containsEntry("scheme", "bearer")
                .doesNotContainKey("algs");
        assertThat(HttpErrors.bearerChallenge(List.of("Basic realm=\"x\"", "Bearer scope=\"a\""))).containsEntry("scope", "a");
    }

    @Test
    void escapesInQuotedStringsAndNoChallengeAtAll() {
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer error_description=\"say \\\"hi\\\", then go\"")))
                .containsEntry("error_description", "say \"hi\", then go");
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer"))).containsOnlyKeys("scheme");
        assertThat(HttpErrors.bearerChallenge(List.of())).isEmpty();
        assertThat(HttpErrors.bearerChallenge(List.of("Basic realm=\"only\""))).isEmpty();
    }
}
