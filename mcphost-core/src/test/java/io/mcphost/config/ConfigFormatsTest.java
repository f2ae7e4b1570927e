package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.transport.http.HttpTransport;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFormatsTest {
    private final McpConfigLoader loader = McpConfigLoader.builder().env(Map.of("HOME", "/home/ada")::get).build();

    @Test
    void claudeDesktopFileIsReadInFileOrder() {
        McpConfig config = loader.parse("""
                {
                  "mcpServers": {
                    "filesystem": {
                      "command": "npx",
                      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop"]
                    },
                    "memory": {
                      "command": "npx",
                      "args": ["-y", "@modelcontextprotocol/server-memory"],
                      "env": {"MEMORY_FILE_PATH": "/tmp/memory.json"}
                    }
                  },
                  "globalShortcut": "Ctrl+Space"
                }
                """, "claude_desktop_config.json");

        assertThat(config.servers()).extracting(ServerConfig::name).containsExactly("filesystem", "memory");
        StdioConfig fs = (StdioConfig) config.servers().get(0).transport();
        assertThat(fs.command()).isEqualTo("npx");
        assertThat(fs.args()).containsExactly("-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop");
        assertThat(fs.env()).isEmpty();
        assertThat(fs.cwd()).isEmpty();
        StdioConfig memory = (StdioConfig) config.servers().get(1).transport();
        assertThat(memory.env()).containsExactly(Map.entry("MEMORY_FILE_PATH", "/tmp/memory.json"));
        assertThat(config.servers()).allMatch(ServerConfig::isEnabled).noneMatch(ServerConfig::isRequired);
        assertThat(config.inputs()).isEmpty();
        assertThat(config.source()).isEmpty();
    }

    @Test
    void claudeCodeFileNamesTheTransportType() {
        McpConfig config = loader.parse("""
                {"mcpServers": {
                  "local": {"type": "stdio", "command": "uvx", "args": ["mcp-server-git"], "env": {}},
                  "sentry": {"type": "http", "url": "https://mcp.sentry.dev/mcp",
                             "headers": {"X-Org": "acme"}},
                  "linear": {"type": "sse", "url": "https://mcp.linear.app/sse"}
                }}
                """, ".mcp.json");

        assertThat(config.server("local").orElseThrow().transport()).isInstanceOf(StdioConfig.class);
        HttpConfig sentry = (HttpConfig) config.server("sentry").orElseThrow().transport();
        assertThat(sentry.url()).isEqualTo(URI.create("https://mcp.sentry.dev/mcp"));
        assertThat(sentry.mode()).isEqualTo(HttpTransport.Mode.STREAMABLE_HTTP);
        assertThat(sentry.headers()).containsExactly(Map.entry("X-Org", "acme"));
        HttpConfig linear = (HttpConfig) config.server("linear").orElseThrow().transport();
        assertThat(linear.mode()).isEqualTo(HttpTransport.Mode.SSE);
    }

    @Test
    void cursorUrlWithoutTypeIsHttpWithSseFallback() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"remote": {"url": "http://localhost:3000/mcp"},
                                "local": {"command": "node", "args": ["server.js"]}}}
                """, "mcp.json");

        HttpConfig remote = (HttpConfig) config.server("remote").orElseThrow().transport();
        assertThat(remote.mode()).isEqualTo(HttpTransport.Mode.AUTO);
        assertThat(remote.bearerTokenEnv()).isEmpty();
        assertThat(config.server("local").orElseThrow().transport()).isInstanceOf(StdioConfig.class);
    }

    @Test
    void vsCodeFileWithInputsCommentsAndTrailingCommas() {
        McpConfig config = McpConfigLoader.builder().env(name -> null).inputs(input -> "secret-" + input.id()).build()
                .parse("""
                        // .vscode/mcp.json is JSONC
                        {
                          "inputs": [
                            {"type": "promptString", "id": "perplexity-key",
                             "description": "Perplexity API Key", "password": true},
                          ],
                          "servers": {
                            /* a local server */
                            "Perplexity": {
                              "type": "stdio",
                              "command": "npx",
                              "args": ["-y", "server-perplexity-ask"],
                              "env": {"PERPLEXITY_API_KEY": "${input:perplexity-key}"},
                            },
                            "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
                          },
                        }
                        """, ".vscode/mcp.json");

        assertThat(config.inputs()).containsOnlyKeys("perplexity-key");
        InputDefinition key = config.inputs().get("perplexity-key");
        assertThat(key.isPassword()).isTrue();
        assertThat(key.description()).contains("Perplexity API Key");
        assertThat(key.type()).isEqualTo("promptString");
        StdioConfig perplexity = (StdioConfig) config.server("Perplexity").orElseThrow().transport();
        assertThat(perplexity.env()).containsEntry("PERPLEXITY_API_KEY", "secret-perplexity-key");
        assertThat(((HttpConfig) config.server("github").orElseThrow().transport()).mode())
                .isEqualTo(HttpTransport.Mode.STREAMABLE_HTTP);
    }

    @Test
    void vsCodeSettingsFileKeepsServersUnderMcp() {
        McpConfig config = loader.parse("""
                {"editor.fontSize": 14, "mcp": {"servers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}}
                """, "settings.json");

        assertThat(config.servers()).extracting(ServerConfig::name).containsExactly("time");
    }

    @Test
    void kiroKeysAreHonoured() {
        McpConfig config = loader.parse("""
                {"mcpServers": {
                  "fetch": {"command": "uvx", "args": ["mcp-server-fetch"], "disabled": false,
                            "autoApprove": ["fetch"], "disabledTools": ["fetch_raw"]},
                  "aws-docs": {"command": "uvx", "args": ["awslabs.aws-documentation-mcp-server@latest"],
                               "disabled": true, "autoApprove": []}
                }}
                """, ".kiro/settings/mcp.json");

        ServerConfig fetch = config.server("fetch").orElseThrow();
        assertThat(fetch.isEnabled()).isTrue();
        assertThat(fetch.autoApprove()).containsExactly("fetch");
        assertThat(fetch.disabledTools()).containsExactly("fetch_raw");
        assertThat(fetch.extras()).isEmpty();
        assertThat(config.server("aws-docs").orElseThrow().isEnabled()).isFalse();
        assertThat(config.enabledServers()).extracting(ServerConfig::name).containsExactly("fetch");
    }

    @Test
    void mcpHostOptionsAreRead() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"github": {
                  "url": "https://api.githubcopilot.com/mcp/",
                  "enabled": true, "required": true, "prefix": "gh",
                  "allowTools": ["issue_*", "get_*"], "denyTools": ["*_delete"],
                  "bearerTokenEnv": "GITHUB_TOKEN", "timeout": 30
                }, "off": {"command": "x", "enabled": false}}}
                """, "mcp.json");

        ServerConfig github = config.server("github").orElseThrow();
        assertThat(github.isRequired()).isTrue();
        assertThat(github.prefix()).contains("gh");
        assertThat(github.allowTools()).containsExactly("issue_*", "get_*");
        assertThat(github.denyTools()).containsExactly("*_delete");
        assertThat(github.timeout()).contains(Duration.ofSeconds(30));
        assertThat(((HttpConfig) github.transport()).bearerTokenEnv()).contains("GITHUB_TOKEN");
        assertThat(config.server("off").orElseThrow().isEnabled()).isFalse();
    }

    @Test
    void theEraKeyIsReadInEveryFormat() {
        McpConfig claude = loader.parse("""
                {"mcpServers": {"new": {"command": "x", "era": "modern"}, "old": {"url": "https://h/mcp", "era": "Legacy"},
                                "either": {"command": "x", "era": "auto"}, "unset": {"command": "x"}}}
                """, "claude_desktop_config.json");
        assertThat(claude.server("new").orElseThrow().era()).contains(io.mcphost.protocol.Era.MODERN);
        assertThat(claude.server("old").orElseThrow().era()).contains(io.mcphost.protocol.Era.LEGACY);
        assertThat(claude.server("either").orElseThrow().era()).contains(io.mcphost.protocol.Era.AUTO);
        assertThat(claude.server("unset").orElseThrow().era()).isEmpty();
        assertThat(claude.server("new").orElseThrow().extras()).isEmpty(); // a known key, not an extra

        McpConfig vsCode = loader.parse("""
                {"servers": {"s": {"type": "http", "url": "https://h/mcp", "era": "legacy"}}}
                """, ".vscode/mcp.json");
        assertThat(vsCode.server("s").orElseThrow().era()).contains(io.mcphost.protocol.Era.LEGACY);
        assertThat(io.mcphost.host.ServerSpec.fromConfig(vsCode.server("s").orElseThrow()).era())
                .isEqualTo(io.mcphost.protocol.Era.LEGACY);
        assertThat(io.mcphost.host.ServerSpec.fromConfig(claude.server("unset").orElseThrow()).era())
                .isEqualTo(io.mcphost.protocol.Era.AUTO);
    }

    @Test
    void timeoutsAreSecondsOrIso8601() {
        McpConfig config = loader.parse("""
                {"mcpServers": {
                  "a": {"command": "x", "timeout": 2.5},
                  "b": {"command": "x", "timeout": "PT1M30S"},
                  "c": {"command": "x"}
                }}
                """, "mcp.json");

        assertThat(config.server("a").orElseThrow().timeout()).contains(Duration.ofMillis(2500));
        assertThat(config.server("b").orElseThrow().timeout()).contains(Duration.ofSeconds(90));
        assertThat(config.server("c").orElseThrow().timeout()).isEmpty();
    }

    @Test
    void unknownKeysAreKeptAsExtras() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"s": {"command": "x", "alwaysAllow": ["read"], "icon": {"emoji": "🦀"},
                                      "url_hint": 3, "headers": {"ignored": "for stdio"}}}}
                """, "mcp.json");

        ServerConfig s = config.server("s").orElseThrow();
        assertThat(s.extras()).containsOnlyKeys("alwaysAllow", "icon", "url_hint", "headers");
        assertThat(s.extras().get("icon").get("emoji").stringValue()).isEqualTo("🦀");
        assertThat(s.extras().get("alwaysAllow").get(0).stringValue()).isEqualTo("read");
        ((tools.jackson.databind.node.ObjectNode) s.extras().get("icon")).put("emoji", "changed");
        assertThat(s.extras().get("icon").get("emoji").stringValue()).isEqualTo("🦀");
    }

    @Test
    void loadedFileRecordsItsPathAndResolvesCwdAgainstItsDirectory(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, """
                {"mcpServers": {"s": {"command": "./server", "cwd": "work/../tools"}}}
                """);

        McpConfig config = loader.load(file);

        assertThat(config.source()).isEqualTo(Optional.of(file));
        StdioConfig s = (StdioConfig) config.servers().getFirst().transport();
        assertThat(s.cwd()).contains(dir.toAbsolutePath().resolve("tools"));
    }

    @Test
    void envValuesThatAreNumbersOrBooleansAreTakenAsText() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"s": {"command": "x", "env": {"PORT": 3000, "DEBUG": true}}}}
                """, "mcp.json");

        assertThat(((StdioConfig) config.servers().getFirst().transport()).env())
                .containsExactly(Map.entry("PORT", "3000"), Map.entry("DEBUG", "true"));
    }
}
