package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerEnvironmentTest {
    private final McpConfigLoader loader = McpConfigLoader.builder().env(Map.of("STAGE", "prod")::get).build();

    @Test
    void envPassthroughNamesAreKeptForTheTransport() {
        McpConfig config = loader.parse("""
                {"mcpServers": {"aws": {"command": "uvx", "args": ["awslabs.core-mcp-server"],
                                        "envPassthrough": ["AWS_PROFILE", "AWS_REGION"]}}}
                """, "mcp.json");

        StdioConfig aws = (StdioConfig) config.servers().getFirst().transport();
        assertThat(aws.envPassthrough()).containsExactly("AWS_PROFILE", "AWS_REGION");
        assertThat(aws.env()).isEmpty();
        assertThat(config.servers().getFirst().extras()).isEmpty();
    }

    @Test
    void envFileIsReadRelativeToTheConfigFileAndEnvWins(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve(".vscode"));
        Files.writeString(dir.resolve(".env"), """
                # secrets for the db server
                DB_USER=ada

                DB_PASSWORD="p@ss word"
                export DB_HOST='db.local'
                DB_PORT=5432 # the default
                LEVEL=debug
                """);
        Path file = dir.resolve(".vscode/mcp.json");
        Files.writeString(file, """
                {"servers": {"db": {"type": "stdio", "command": "db-mcp",
                                    "envFile": "${workspaceFolder}/.env",
                                    "env": {"LEVEL": "warn", "STAGE": "${STAGE}"}}}}
                """);

        McpConfig config = loader.load(file);

        StdioConfig db = (StdioConfig) config.servers().getFirst().transport();
        assertThat(db.env()).containsExactly(
                Map.entry("DB_USER", "ada"), Map.entry("DB_PASSWORD", "p@ss word"), Map.entry("DB_HOST", "db.local"),
                Map.entry("DB_PORT", "5432"), Map.entry("LEVEL", "warn"), Map.entry("STAGE", "prod"));
    }

    @Test
    void aRelativeEnvFileIsResolvedAgainstTheConfigDirectory(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("server.env"), "A=1\n");
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, """
                {"servers": {"s": {"command": "x", "envFile": "server.env"}}}
                """);

        assertThat(((StdioConfig) loader.load(file).servers().getFirst().transport()).env())
                .containsExactly(Map.entry("A", "1"));
    }

    @Test
    void aMissingEnvFileNamesTheServerAndKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, """
                {"servers": {"db": {"command": "x", "envFile": "nope.env"}}}
                """);

        assertThatThrownBy(() -> loader.load(file))
                .isInstanceOf(McpConfigException.class)
                .hasMessage(file + ": server 'db': \"envFile\" names " + dir.resolve("nope.env") + ", which does not exist");
    }

    @Test
    void aMalformedEnvFileLineIsReportedByNumberWithoutItsContent(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(".env"), "OK=1\nthis is a secret token\n");
        Path file = dir.resolve("mcp.json");
        Files.writeString(file, """
                {"servers": {"db": {"command": "x", "envFile": ".env"}}}
                """);

        assertThatThrownBy(() -> loader.load(file))
                .hasMessageEndingWith("\"envFile\" names " + dir.resolve(".env") + ", whose line 2 is not KEY=VALUE")
                .message().doesNotContain("secret");
    }
}
