package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariableSubstitutionTest {
    private static final Map<String, String> ENV = Map.of(
            "TOKEN", "t0k3n", "HOST", "example.com", "EMPTY", "", "HOME", "/home/ada");

    private static McpConfigLoader loader() {
        return McpConfigLoader.builder().env(ENV::get).build();
    }

    private static StdioConfig stdio(McpConfig config) {
        return (StdioConfig) config.servers().getFirst().transport();
    }

    @Test
    void everyFormIsSubstitutedInEveryStringValue() {
        McpConfig config = loader().parse("""
                {"mcpServers": {"s": {
                  "command": "${HOME}/bin/server",
                  "args": ["--token=${env:TOKEN}", "${MISSING:-fallback}", "${env:ALSO_MISSING:-x}", "plain $ sign"],
                  "env": {"API_KEY": "${TOKEN}", "LEVEL": "${LOG_LEVEL:-info}"},
                  "cwd": "${HOME}/work"
                }}}
                """, "mcp.json");

        StdioConfig s = stdio(config);
        assertThat(s.command()).isEqualTo("/home/ada/bin/server");
        assertThat(s.args()).containsExactly("--token=t0k3n", "fallback", "x", "plain $ sign");
        assertThat(s.env()).containsExactly(Map.entry("API_KEY", "t0k3n"), Map.entry("LEVEL", "info"));
        assertThat(s.cwd().orElseThrow().toString()).isEqualTo("/home/ada/work");
    }

    @Test
    void urlAndHeadersAreSubstituted() {
        McpConfig config = loader().parse("""
                {"mcpServers": {"s": {"type": "http", "url": "https://${HOST}/mcp",
                                      "headers": {"Authorization": "Bearer ${TOKEN}"}}}}
                """, "mcp.json");

        HttpConfig h = (HttpConfig) config.servers().getFirst().transport();
        assertThat(h.url().toString()).isEqualTo("https://example.com/mcp");
        assertThat(h.headers()).containsEntry("Authorization", "Bearer t0k3n");
    }

    @Test
    void anEmptyVariableTakesTheDefaultButIsKeptWithout() {
        McpConfig config = loader().parse("""
                {"mcpServers": {"s": {"command": "x", "args": ["${EMPTY:-d}", "[${EMPTY}]"]}}}
                """, "mcp.json");

        assertThat(stdio(config).args()).containsExactly("d", "[]");
    }

    @Test
    void doubleDollarIsALiteral() {
        McpConfig config = loader().parse("""
                {"mcpServers": {"s": {"command": "x", "args": ["$${TOKEN}", "a$$b"]}}}
                """, "mcp.json");

        assertThat(stdio(config).args()).containsExactly("${TOKEN}", "a$$b");
    }

    @Test
    void aMissingVariableNamesTheVariableServerAndKey() {
        assertThatThrownBy(() -> loader().parse("""
                {"mcpServers": {"github": {"command": "x", "env": {"GITHUB_TOKEN": "${env:GH_TOKEN}"}}}}
                """, "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessage("mcp.json: server 'github': \"env.GITHUB_TOKEN\" refers to the environment variable"
                        + " GH_TOKEN, which is not set (write ${GH_TOKEN:-default} to give a default)")
                .satisfies(e -> {
                    McpConfigException c = (McpConfigException) e;
                    assertThat(c.source()).isEqualTo("mcp.json");
                    assertThat(c.server()).contains("github");
                    assertThat(c.key()).contains("env.GITHUB_TOKEN");
                });
    }

    @Test
    void aMissingVariableInArgsNamesTheArgument() {
        assertThatThrownBy(() -> loader().parse("""
                {"mcpServers": {"db": {"command": "x", "args": ["--url", "${DATABASE_URL}"]}}}
                """, "mcp.json"))
                .hasMessageStartingWith("mcp.json: server 'db': \"args[1]\" refers to the environment variable DATABASE_URL");
    }

    @Test
    void unsupportedAndUnclosedReferencesAreErrors() {
        assertThatThrownBy(() -> loader().parse("""
                {"mcpServers": {"s": {"command": "x", "args": ["${command:pick}"]}}}
                """, "mcp.json"))
                .hasMessageContaining("\"args[0]\" refers to ${command:pick}, which is not supported");
        assertThatThrownBy(() -> loader().parse("""
                {"mcpServers": {"s": {"command": "x", "cwd": "${HOME"}}}
                """, "mcp.json"))
                .hasMessage("mcp.json: server 's': \"cwd\" has an unclosed \"${\" (write \"$${\" for a literal one)");
    }

    @Test
    void inputsAreResolvedOnceEachWithTheirDeclaration() {
        List<InputDefinition> asked = new ArrayList<>();
        McpConfigLoader loader = McpConfigLoader.builder().env(ENV::get).inputs(input -> {
            asked.add(input);
            return input.isPassword() ? "hunter2" : "acme";
        }).build();

        McpConfig config = loader.parse("""
                {"inputs": [{"type": "promptString", "id": "api-key", "description": "API key", "password": true},
                            {"type": "pickString", "id": "org", "options": ["acme", {"label": "B", "value": "b"}],
                             "default": "acme"}],
                 "servers": {
                   "one": {"command": "x", "env": {"KEY": "${input:api-key}", "ORG": "${input:org}"}},
                   "two": {"type": "http", "url": "https://h/mcp", "headers": {"X-Key": "${input:api-key}"}}
                 }}
                """, "mcp.json");

        assertThat(asked).extracting(InputDefinition::id).containsExactly("api-key", "org");
        assertThat(asked.get(0).isPassword()).isTrue();
        assertThat(asked.get(1).options()).containsExactly("acme", "b");
        assertThat(asked.get(1).defaultValue()).contains("acme");
        assertThat(stdio(config).env()).containsExactly(Map.entry("KEY", "hunter2"), Map.entry("ORG", "acme"));
        assertThat(((HttpConfig) config.server("two").orElseThrow().transport()).headers())
                .containsEntry("X-Key", "hunter2");
    }

    @Test
    void anUndeclaredInputIsAskedForByItsBareId() {
        List<InputDefinition> asked = new ArrayList<>();
        McpConfig config = McpConfigLoader.builder().env(ENV::get)
                .inputs(input -> {
                    asked.add(input);
                    return "v";
                }).build()
                .parse("""
                        {"mcpServers": {"s": {"command": "x", "args": ["${input:region}"]}}}
                        """, "mcp.json");

        assertThat(asked).containsExactly(InputDefinition.undeclared("region"));
        assertThat(stdio(config).args()).containsExactly("v");
    }

    @Test
    void anInputWithoutAResolverOrAnswerIsAnError() {
        String json = """
                {"servers": {"s": {"command": "x", "env": {"K": "${input:key}"}}}}
                """;
        assertThatThrownBy(() -> loader().parse(json, "mcp.json"))
                .hasMessage("mcp.json: server 's': \"env.K\" refers to ${input:key}, but the application gave no"
                        + " InputResolver to answer it");
        assertThatThrownBy(() -> McpConfigLoader.builder().inputs(input -> null).build().parse(json, "mcp.json"))
                .hasMessage("mcp.json: server 's': \"env.K\" refers to ${input:key}, which was not answered");
    }

    @Test
    void aSecretFromAnInputNeverAppearsInAnError() {
        McpConfigLoader loader = McpConfigLoader.builder().env(ENV::get).inputs(input -> "https://h/\nsecret").build();

        assertThatThrownBy(() -> loader.parse("""
                {"servers": {"s": {"type": "http", "url": "${input:u}"}}}
                """, "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .message().doesNotContain("secret");
    }

    @Test
    void envVariableLookupIsInjectedNotTheRealEnvironment() {
        McpConfig config = McpConfigLoader.builder().env(name -> name.equals("PATH") ? "fake" : null).build()
                .parse("""
                        {"mcpServers": {"s": {"command": "x", "args": ["${PATH}"]}}}
                        """, "mcp.json");

        assertThat(stdio(config).args()).containsExactly("fake");
    }
}
