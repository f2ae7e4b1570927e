package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mcphost serve}'s refusals, before anything starts; serving itself is tested with real clients elsewhere. */
class CliServeTest {
    @Test
    void aNonLoopbackAddressNeedsATokenSetting() {
        CliRun r = CliRun.of("serve", "--http", "0.0.0.0:0");
        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("without authentication").contains("--token-env");
    }

    @Test
    void aNonLoopbackAdminAddressNeedsATokenSetting() {
        CliRun r = CliRun.of("serve", "--admin", "0.0.0.0:0");
        assertThat(r.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(r.err()).contains("refusing to serve --admin").contains("--admin-token-env");
        CliRun unset = CliRun.of("serve", "--admin", "0.0.0.0:0", "--admin-token-env", "MCPHOST_SURELY_UNSET_TOKEN_VARIABLE");
        assertThat(unset.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(unset.err()).contains("the variable is not set");
        assertThat(CliRun.of("serve", "--admin", "localhost").err()).contains("--admin takes HOST:PORT");
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertThat(CliRun.of("serve", "--http", "localhost").err()).contains("--http takes HOST:PORT");
        assertThat(CliRun.of("serve", "--http", "127.0.0.1:99999").err()).contains("out of range");
        assertThat(CliRun.of("serve", "--stdio", "some-server").err()).contains("serve takes --stdio bare");
        CliRun sessions = CliRun.of("serve", "--http", "127.0.0.1:0", "--max-sessions", "0");
        assertThat(sessions.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(sessions.err()).contains("maxSessions must be at least 1");
        CliRun unset = CliRun.of("serve", "--token-env", "MCPHOST_SURELY_UNSET_TOKEN_VARIABLE");
        assertThat(unset.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(unset.err()).contains("the variable is not set");
    }

    @Test
    void oauthFlagsAreInTheHelpAndCheckedBeforeAnythingStarts() {
        assertThat(CliRun.of("help", "serve").out()).contains("--oauth-issuer").contains("--oauth-resource")
                .contains("--oauth-scopes").contains("--oauth-jwks");
        CliRun alone = CliRun.of("serve", "--oauth-scopes", "mcp:tools");
        assertThat(alone.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(alone.err()).contains("need --oauth-issuer");
        // OAuth is authentication enough for a non-loopback bind; on a wildcard it needs the public URL.
        CliRun wildcard = CliRun.of("serve", "--http", "0.0.0.0:0", "--oauth-issuer", "https://auth.example.com");
        assertThat(wildcard.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(wildcard.err()).doesNotContain("without authentication").contains("give --oauth-resource");
        CliRun relative = CliRun.of("serve", "--oauth-issuer", "auth.example.com");
        assertThat(relative.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(relative.err()).contains("--oauth-issuer takes an absolute URL, e.g. https://auth.example.com");
        // A replica's address is no authorisation server: its example is a replica's URL.
        CliRun peers = CliRun.of("serve", "--peers", "not-a-url");
        assertThat(peers.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(peers.err()).contains("--peers takes an absolute URL, e.g. http://").doesNotContain("auth.example.com");
    }

    @Test
    void aBadPolicyFileOrHalfNamedTokensAreUsageErrorsNamingTheFileAndLine(@TempDir Path dir) throws Exception {
        assertThat(CliRun.of("help", "serve").out()).contains("--policy").contains("PRINCIPAL:TOKEN");
        Path policy = dir.resolve("policy.json");
        Files.writeString(policy, "{\"rules\": [\n  {\"subjects\": [\"alice\"]},\n  {\"subject\": \"bob\"}\n]}");
        CliRun bad = CliRun.of("serve", "--http", "127.0.0.1:0", "--policy", policy.toString());
        assertThat(bad.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(bad.err()).contains("--policy").contains(policy.toString()).contains("line 3").contains("rules[1].subject");
        CliRun missing = CliRun.of("serve", "--policy", dir.resolve("none.json").toString());
        assertThat(missing.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(missing.err()).contains("cannot read the policy file");

        Path tokens = dir.resolve("tokens.txt");
        Files.writeString(tokens, "# team tokens\nalice:alice-secret-1\nbob-secret-2\n");
        CliRun halfNamed = CliRun.of("serve", "--http", "127.0.0.1:0", "--token-file", tokens.toString());
        assertThat(halfNamed.code()).isEqualTo(McpHostCommand.USAGE);
        assertThat(halfNamed.err()).contains("name every bearer token (PRINCIPAL:TOKEN) or none")
                .doesNotContain("alice-secret-1").doesNotContain("bob-secret-2");
    }
}
