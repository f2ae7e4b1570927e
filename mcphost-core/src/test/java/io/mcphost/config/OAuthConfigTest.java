package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** OAuth client settings in mcp.json, the way Claude Code ({@code oauth}) and Cursor ({@code auth}) write them. */
class OAuthConfigTest {
    private final McpConfigLoader loader = McpConfigLoader.builder()
            .env(Map.of("APP_SECRET", "s3cret-from-env")::get).build();

    @Test
    void claudeCodeOAuthBlockWithAVariableForTheSecret() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"linear": {"type": "http", "url": "https://mcp.linear.app/mcp",
                  "oauth": {"clientId": "my-app", "clientSecret": "${APP_SECRET}", "callbackPort": 8765, "scopes": ["read", "write"]}}}}
                """, "mcp.json");
        HttpConfig http = (HttpConfig) config.servers().getFirst().transport();

        OAuthConfig oauth = http.oauth().orElseThrow();
        assertThat(oauth.clientId()).contains("my-app");
        assertThat(oauth.clientSecret()).contains("s3cret-from-env");
        assertThat(oauth.callbackPort()).contains(8765);
        assertThat(oauth.scopes()).containsExactly("read", "write");
        assertThat(oauth.toString()).doesNotContain("s3cret");
        assertThat(http.oauthSettings(null).clientId()).contains("my-app");
    }

    @Test
    void cursorAuthBlock() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"notion": {"url": "https://mcp.notion.com/mcp",
                  "auth": {"CLIENT_ID": "cursor-app", "CLIENT_SECRET": "${env:APP_SECRET}", "scopes": "read write"}}}}
                """, "mcp.json");
        HttpConfig http = (HttpConfig) config.servers().getFirst().transport();

        assertThat(http.oauth()).hasValueSatisfying(o -> {
            assertThat(o.clientId()).contains("cursor-app");
            assertThat(o.clientSecret()).contains("s3cret-from-env");
            assertThat(o.scopes()).isEqualTo(List.of("read", "write"));
            assertThat(o.callbackPort()).isEqualTo(Optional.empty());
        });
    }

    @Test
    void anHttpEntryWithoutItsOwnAuthenticationGetsOAuthOneWithATokenDoesNot() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"open": {"url": "https://a.example.com/mcp"},
                  "keyed": {"url": "https://b.example.com/mcp", "headers": {"Authorization": "Bearer x"}}}}
                """, "mcp.json");

        assertThat(((HttpConfig) config.servers().get(0).transport()).toTransport("open").oauth()).isPresent();
        assertThat(((HttpConfig) config.servers().get(1).transport()).toTransport("keyed").oauth()).isEmpty();
    }

    @Test
    void aMalformedOAuthBlockNamesTheKey() {
        assertThatThrownBy(() -> loader.parse("""
                {"mcpServers": {"x": {"url": "https://a.example.com/mcp", "oauth": {"callbackPort": "eighty"}}}}
                """, "mcp.json")).isInstanceOf(McpConfigException.class).hasMessageContaining("oauth.callbackPort");
    }
}
